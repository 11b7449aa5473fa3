"""What Superfly tells a browser table, so that the table copies no rule: its facts (every
card's face by id, the colours, the hand limit), what each legal action refers to (a
swat, its fly), and the news among its events (a squished fly, swapped hands, five
cards, a token won)."""

from __future__ import annotations

from gamenight.engine import PASS
from gamenight.games.superfly.actions import SWATS
from gamenight.games.superfly.cards import COLOURS, DECK_SIZE, card_json
from gamenight.games.superfly.events import FlySquished, FlyTaken
from gamenight.games.superfly.rules import GAME, HAND_LIMIT
from gamenight.server.protocol import update
from tests.games.superfly.sf_table import fly, swat, table


def test_the_facts_are_the_decks_faces_its_colours_and_the_hand_limit() -> None:
    facts = GAME.facts()
    assert facts["cards"] == [card_json(card) for card in range(DECK_SIZE)]
    assert facts["cards"][fly("purple", 6)] == {"id": fly("purple", 6), "colour": "purple",
                                                "number": 6, "kind": "Turbo"}
    assert facts["colours"] == list(COLOURS) and facts["hand_limit"] == HAND_LIMIT == 5


def test_each_legal_swat_refers_to_its_fly_and_the_pass_to_nothing() -> None:
    state = table(3, [[fly("red", 1)], [fly("blue", 2)], [fly("green", 3)]],
                  [fly("red", 3), fly("orange", 4)])
    message = update(state, 0, 1, [], {"id": len(state.history), "elapsed_ms": 0.0},
                     fresh=False)
    legal, refers = message["legal"], message["refers"]
    assert legal is not None and refers is not None and list(refers) == ["card"]
    by_text = dict(zip(legal, refers["card"], strict=True))
    assert by_text == {str(SWATS[fly("red", 3)]): fly("red", 3),
                       str(SWATS[fly("orange", 4)]): fly("orange", 4), str(PASS): None}
    # A swat not yet open is offered nothing and refers to nothing.
    closed = update(state, 0, 1, [], None, fresh=False)
    assert closed["legal"] == [] and closed["refers"] == {}


def test_a_squished_fly_is_news_and_a_fly_taken_only_a_line() -> None:
    # Seats 0 and 1 both swat red 3; whatever the dice, the update after the swat tells
    # each event's line, and only the headline events are also news.
    state = table(3, [[fly("red", 1)], [fly("blue", 2)], [fly("green", 3)]],
                  [fly("red", 3), fly("orange", 4)])
    start = len(state.events)
    swat(state, {0: fly("red", 3), 1: fly("red", 3), 2: None})
    while state.acting().kind == "chance":
        state.draw_chance()
    events = state.events[start:]
    message = update(state, 0, 1, events, None, fresh=False)
    headlines = [e.told_to(0) for e in events if e.news]
    assert message["news"] == headlines
    assert set(message["news"]) <= set(message["lines"])
    taken = [e.told_to(0) for e in events if isinstance(e, FlyTaken)]
    assert taken and not set(taken) & set(message["news"])
    squished = [e for e in events if isinstance(e, FlySquished)]
    assert all(e.told_to(0) in message["news"] for e in squished)
