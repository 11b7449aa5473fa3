"""What By Golly! tells a browser table, so that the table copies no rule: its places'
letters, and what each legal action refers to (a lay its animal, a turn its place, a draw
the seat drawn from)."""

from __future__ import annotations

from gamenight.games.by_golly.actions import KEEP, Draw, Lay, Turn
from gamenight.games.by_golly.cards import ANIMALS, PLACE_NAMES, PLACES
from gamenight.games.by_golly.rules import GAME


def test_the_facts_are_the_places_letters_in_the_runs_order() -> None:
    facts = GAME.facts()
    assert facts["place_names"] == list(PLACE_NAMES) and len(PLACE_NAMES) == PLACES
    assert "q" not in facts["place_names"]  # q leaves the terminal's table


def test_each_action_refers_to_what_it_acts_on() -> None:
    assert GAME.refers(Lay(3)) == {"face": ANIMALS[3]}
    assert GAME.refers(Turn(18)) == {"place": 18}
    assert GAME.refers(Draw(2)) == {"seat": 2}
    assert GAME.refers(KEEP) == {}


def test_every_legal_action_of_a_game_refers_to_its_own_words() -> None:
    # The table finds an action by what it refers to: each refers to what its own text
    # names, so no two legal actions refer to the same thing.
    state = GAME.new(3, 4)
    while state.acting().kind == "chance":
        state.draw_chance()
    seat = state.acting().seats[0]
    legal = state.legal_actions(seat)
    refers = [GAME.refers(action) for action in legal]
    assert len({tuple(sorted(r.items())) for r in refers}) == len(legal)
    for action, r in zip(legal, refers, strict=True):
        assert str(action).split()[-1] in {str(v) for v in r.values()} or r == {}
