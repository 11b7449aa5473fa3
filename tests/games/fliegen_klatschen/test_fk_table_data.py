"""What Fliegen klatschen tells a browser table, so that the table copies no rule: its
deck (every card's face by id) and what each legal action refers to (a slap, its fly)."""

from __future__ import annotations

from gamenight.engine import PASS
from gamenight.games.fliegen_klatschen.actions import REVEAL, SLAPS
from gamenight.games.fliegen_klatschen.cards import DECK_SIZE, Card
from gamenight.games.fliegen_klatschen.rules import GAME


def test_the_facts_are_the_deck_as_printed() -> None:
    facts = GAME.facts()
    assert facts["cards"] == [Card.of(card).to_json() for card in range(DECK_SIZE)]
    assert facts["cards"][-1] == {"id": DECK_SIZE - 1, "kind": "swatter"}


def test_a_slap_refers_to_its_fly_and_a_reveal_or_a_pass_to_nothing() -> None:
    assert GAME.refers(SLAPS[17]) == {"card": 17}
    assert GAME.refers(REVEAL) == {} and GAME.refers(PASS) == {}
