"""Drawn cards (issue 38): every card and piece is drawn as an SVG picture made in the page
(``static/js/draw.js`` and the game's own table), not a box with a label; a colour always
has a shape beside it, for colour-blind players; and each picture is named for a screen
reader (``role="img"`` with an ``aria-label``), or hidden beside words that say the same.

For each game drawn, one person plays the game's default bots on a laptop until the
table offers a decision (the same moments as ``test_phone.py``), and the table's cards
are read in the page: each is an ``svg`` with shapes in it, names its colour and number,
and carries its colour's shape.  The accessibility check runs at that moment too.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from gamenight.games import GAMES
from tests.web.pages import PageMaker, axe_problems, make_room, screenshot, start
from tests.web.test_phone import DECISIONS, OPTIONS, PLAYERS, wait_for

#: What the page says of its drawn cards, per game: a list of problems (empty: all drawn).
CHECKS: dict[str, str] = {
    "superfly": """() => {
      const problems = [];
      const named = /^(red|orange|yellow|green|blue|purple) [1-6]\\b/;
      const cards = [...document.querySelectorAll('.sf-centre .sf-card')];
      if (!cards.length) problems.push('no flies in the centre');
      for (const card of cards) {
        const art = card.querySelector('svg.draw-insect');
        if (!art || !art.querySelector('ellipse, path, circle'))
          problems.push(`fly ${card.dataset.card} not drawn`);
        if (art && art.getAttribute('aria-hidden') !== 'true')
          problems.push('a fly drawing not hidden beside its words');
        if (!card.querySelector('.sf-letter svg.draw-symbol [data-shape]'))
          problems.push(`fly ${card.dataset.card} has no shape`);
        if (!named.test(card.querySelector('.sr-only')?.textContent ?? ''))
          problems.push(`fly ${card.dataset.card} not named`);
      }
      const chips = [...document.querySelectorAll('.sf-hand .sf-chip')];
      if (!chips.length) problems.push('no cards in the hand');
      for (const chip of chips) {
        if (chip.getAttribute('role') !== 'img'
            || !named.test(chip.getAttribute('aria-label') ?? ''))
          problems.push('a hand card not named');
        if (!chip.querySelector('svg.draw-insect ellipse')
            || !chip.querySelector('svg.draw-symbol [data-shape]'))
          problems.push('a hand card not drawn with its shape');
      }
      return problems;
    }""",
    "fliegen-klatschen": """() => {
      const problems = [];
      const named = /^(red|orange|yellow|green|blue|purple) [1-5]\\b/;
      const cards = [...document.querySelectorAll('.fk .fk-card')];
      const flies = [...document.querySelectorAll('.fk-centre .fk-card')];
      if (!flies.length) problems.push('no flies in the centre');
      for (const card of cards) {
        if (card.classList.contains('fk-swatter')) {
          if (!card.querySelector('svg.draw-swatter rect')) problems.push('a swatter not drawn');
          continue;
        }
        const art = card.querySelector('svg.draw-insect');
        if (!art || !art.querySelector('ellipse, path, circle'))
          problems.push(`fly ${card.dataset.card} not drawn`);
        if (art && art.getAttribute('aria-hidden') !== 'true')
          problems.push('a fly drawing not hidden beside its words');
        if (!card.querySelector('svg.fk-symbol [data-shape]'))
          problems.push(`fly ${card.dataset.card} has no shape`);
      }
      for (const card of flies) {
        if (!named.test(card.querySelector('.fk-sr')?.textContent ?? ''))
          problems.push(`fly ${card.dataset.card} not named: ${
            card.querySelector('.fk-sr')?.textContent}`);
      }
      return problems;
    }""",
    "by-golly": """() => {
      const problems = [];
      const drawn = (card) => {
        const art = card.querySelector('svg.bg-picture');
        return art !== null && art.getAttribute('aria-hidden') === 'true'
          && art.querySelector('path, circle, ellipse, rect') !== null;
      };
      const run = [...document.querySelectorAll('.bg-run .bg-card')];
      if (!run.length) problems.push('no chicken run');
      for (const card of run) {
        if (card.classList.contains('bg-down') && !card.querySelector('svg.bg-back-art'))
          problems.push(`back at ${card.dataset.letter} not drawn`);
        if (card.classList.contains('bg-up') && !drawn(card))
          problems.push(`face at ${card.dataset.letter} not drawn`);
      }
      const hand = [...document.querySelectorAll('.bg-hand .bg-hand-card')];
      if (!hand.length) problems.push('no cards in the hand');
      for (const card of hand) {
        const name = card.querySelector('.bg-face-name')?.textContent ?? '';
        if (!name) problems.push('a hand card not named');
        if (!drawn(card) || !card.querySelector('svg.bg-animal'))
          problems.push(`the ${name} not drawn`);
      }
      return problems;
    }""",
    "fluster": """() => {
      const problems = [];
      const call = document.querySelector('.fl-call');
      const art = call?.querySelector('svg.draw-tile');
      if (!art || !art.querySelector('rect')) problems.push('the call not drawn as a tile');
      else {
        if (art.getAttribute('aria-hidden') !== 'true')
          problems.push('the tile not hidden beside its words');
        const [letter, number] = [...art.querySelectorAll('text')].map((t) => t.textContent);
        const said = `${letter === 'Blank' ? 'Blank' : letter} ${number}`;
        if (!(call.textContent ?? '').includes(said))
          problems.push(`the tile ${letter} ${number} is not the call`);
      }
      for (const square of document.querySelectorAll('.fl-pad .fl-sq.fl-written')) {
        if (!square.querySelector('.fl-sym')?.textContent)
          problems.push('a tile without its letter');
      }
      return problems;
    }""",
    "fly": """() => {
      const problems = [];
      if (!document.querySelector('svg.fly-board[role=img][aria-labelledby]'))
        problems.push('the board is not a named picture');
      const flies = [...document.querySelectorAll('.fly-fly')];
      if (!flies.length) problems.push('no flies on the table');
      for (const fly of flies) {
        if (!fly.dataset.colour || !fly.dataset.symbol)
          problems.push('a fly without its colour and symbol');
        if (!fly.querySelector('.fly-body[fill]') || fly.querySelectorAll('.fly-wing').length !== 2
            || fly.querySelectorAll('.fly-eye').length !== 2)
              problems.push(`the ${fly.dataset.colour} ${fly.dataset.symbol} not drawn as a fly`);
        if (!fly.querySelector('.fly-mark')?.textContent)
          problems.push(`the ${fly.dataset.colour} ${fly.dataset.symbol} has no mark`);
      }
      return problems;
    }""",
}
#: Which of the game's decisions (test_phone.py's) the cards are read at: Fliegen
#: klatschen's hunt, when the centre has flies; Fluster's writing, when a call is made.
AT: dict[str, int] = {"fliegen-klatschen": 1, "fluster": 1}


def open_game(pages: PageMaker, game_id: str) -> Page:
    """A laptop, one person against the game's default bots, the game started."""
    game = GAMES[game_id]
    players = PLAYERS.get(game_id, max(game.min_players, 2))
    page = pages.open(touch=True)  # test_phone.wait_for taps
    make_room(page, game.title, name="Ann", players=players,
              seats=["person"] + [game.default_bot] * (players - 1),
              options=OPTIONS.get(game_id))
    start(page)
    return page


@pytest.mark.parametrize("game_id", list(CHECKS))
def test_the_cards_are_drawn_with_their_colours_shapes(pages: PageMaker, game_id: str) -> None:
    page = open_game(pages, game_id)
    for decision in DECISIONS[game_id][:AT.get(game_id, 0)]:
        wait_for(page, game_id, decision)
        for selector in decision.make:
            page.locator(selector).first.tap()
    wait_for(page, game_id, DECISIONS[game_id][AT.get(game_id, 0)])
    problems: list[Any] = page.evaluate(CHECKS[game_id])
    assert problems == [], f"{game_id}: {problems}"
    screenshot(page, f"drawn-{game_id}")
    assert axe_problems(page) == [], game_id
