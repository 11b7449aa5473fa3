"""The rulebook's printed examples, restated as positions (``games/fly/examples``): each
is loaded as the browser's tutorial opens it, and what the rulebook says happens next
happens."""

from __future__ import annotations

import json
from importlib.resources import files

import pytest

from gamenight.games.fly import GAME, FlyState
from gamenight.games.fly.events import (
    FliesCollected,
    GameOver,
    SwatterLanded,
    SwatterPassed,
    TableConsolidated,
)
from gamenight.games.fly.positions import CARD_NAMES
from tests.games.fly.fly_table import land

EXAMPLES = files("gamenight.games.fly") / "examples"


def example(name: str) -> FlyState:
    with (EXAMPLES / f"{name}.json").open(encoding="utf-8") as handle:
        state = GAME.from_position(json.load(handle))
    assert isinstance(state, FlyState)
    return state


def card(card_name: str) -> int:
    return CARD_NAMES.index(card_name)


def fly_of(state: FlyState, card_name: str) -> tuple[float, float]:
    """Where the fly of the named card lies on the table now."""
    entry = next(e for e in state.view(None)["table"] if e["id"] == card(card_name))
    assert entry["fly"] is not None
    x, y = entry["fly"]
    return x, y


def rows(state: FlyState) -> list[list[str]]:
    return [[CARD_NAMES[c] for c in state.table[i:i + 9]] for i in range(0, len(state.table), 9)]


def test_every_example_is_a_position_that_reads_back_the_same() -> None:
    names = sorted(p.name for p in EXAMPLES.iterdir() if p.name.endswith(".json"))
    assert names == ["game-end.json", "row-2-supplies-row-1.json", "third-blue.json",
                     "third-star.json", "turn-example.json", "yellow-circle.json"]
    for name in names:
        state = example(name.removesuffix(".json"))
        again = GAME.from_position(json.loads(json.dumps(state.position())))
        assert again.snapshot() == state.snapshot() and again.view(0) == state.view(0)


def test_turn_example() -> None:
    """A: Player A completely covers 2 flies and the Table Cards must be collected and
    removed.  B: Player A slides cards toward the box; then cards from Row 3 are added to
    the end of Rows 1 and 2; he places the swatted fly cards in front of himself.
    C: the table after the card shift; Player B may now take her turn."""
    state = example("turn-example")
    assert state.current == 0 and rows(state)[0][3] == "blue diamond"
    (x1, y1), (x2, y2) = fly_of(state, "blue diamond"), fly_of(state, "purple triangle")
    mark = len(state.events)
    # One swatter along the column covers both (the one low on its card, the other high).
    got = land(state, (x1 + x2) / 2, (y1 + y2) / 2, 0.0)
    # A: the two flies, and only they, are collected by player A.
    assert [CARD_NAMES[c] for c in got] == ["blue diamond", "purple triangle"]
    assert state.collected == [[card("blue diamond"), card("purple triangle")], []]
    # B: first the slides toward the box, then row 3's last cards to the ends of rows 1, 2.
    events = state.events[mark + 1:]  # after the drop
    assert [type(e) for e in events] == [SwatterLanded, FliesCollected, TableConsolidated,
                                         SwatterPassed]
    consolidated = events[2]
    assert isinstance(consolidated, TableConsolidated)
    moves = consolidated.moves
    kinds = [m.kind for m in moves]
    assert kinds == sorted(kinds, key=["slide", "up"].index) and kinds.count("up") == 2
    assert [(CARD_NAMES[m.card], m.source, m.target) for m in moves if m.kind == "up"] == [
        ("blank 2", (2, 8), (0, 8)), ("blank 1", (2, 7), (1, 8))]
    # C: the table after the shift, and player B's turn.
    assert rows(state) == [
        ["red star", "red circle", "red diamond", "red triangle", "red heart", "yellow star",
         "yellow circle", "yellow diamond", "blank 2"],
        ["yellow triangle", "yellow heart", "blue star", "blue circle", "blue triangle",
         "blue heart", "green star", "green circle", "blank 1"],
        ["green diamond", "green triangle", "green heart", "purple star", "purple circle",
         "purple diamond", "purple heart"]]
    assert state.acting().seats == (1,)


@pytest.mark.parametrize(("name", "third", "points"), [
    ("third-star", "purple star", 3),  # A third STAR makes all your STAR flies worth 1 point.
    ("third-blue", "blue diamond", 3),  # A third BLUE makes all your BLUE flies worth 1 point.
    # A YELLOW CIRCLE makes the other 2 YELLOW flies count AND the other 2 CIRCLE flies
    # count; it is scored once: the player earns 5 points.
    ("yellow-circle", "yellow circle", 5),
])
def test_calculating_scores_examples(name: str, third: str, points: int) -> None:
    state = example(name)
    assert state.view(None)["scores"] == [0, 0]
    x, y = fly_of(state, third)
    assert land(state, x, y, 0.0) == [card(third)]
    assert state.view(None)["scores"] == [points, 0]
    collected = next(e for e in reversed(state.events) if isinstance(e, FliesCollected))
    assert (collected.seat, collected.points) == (0, points)


def test_game_end_only_the_two_blanks_remain_and_on_a_tie_the_most_flies_wins() -> None:
    """The game ends when the two blank Table Cards are the only remaining cards.  In the
    case of a tie, the player with the most flies is the winner."""
    state = example("game-end")
    x, y = fly_of(state, "purple heart")
    assert land(state, x, y, 0.0) == [card("purple heart")]  # a third heart, a third purple
    assert state.is_over and rows(state) == [["blank 1", "blank 2"]]
    out = state.outcome()
    assert out is not None and out.reason == "only-blanks-left" and not out.truncated
    assert out.scores == (11, 11) and out.tiebreaks == ((12,), (13,)) and out.winners == (1,)
    assert state.events[-1] == GameOver("only-blanks-left", (11, 11), (1,))


def test_row_2_supplies_row_1_once_row_3_is_gone() -> None:
    """Rows 1 and 2 must have 9 cards until Row 3 is gone; then Row 2 supplies Row 1."""
    state = example("row-2-supplies-row-1")
    assert len(rows(state)) == 2 and state.current == 1
    x, y = fly_of(state, "red diamond")
    assert land(state, x, y, 0.0) == [card("red diamond")]
    assert rows(state) == [
        ["red star", "red circle", "red triangle", "red heart", "yellow star", "yellow circle",
         "yellow diamond", "yellow triangle", "green star"],
        ["yellow heart", "blank 1", "blue star", "blue circle", "blank 2", "blue diamond",
         "blue triangle", "blue heart"]]
    assert state.last is not None
    assert [(m.kind, m.source, m.target) for m in state.last.moves][-1] == ("up", (1, 8),
                                                                            (0, 8))
