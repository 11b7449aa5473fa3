"""The one way every encoding lays out its observation (``interop.layout``), and each
game's published table of pieces (``docs/interop/<game>.md``) kept true to it."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from gamenight.engine import Game
from gamenight.games import GAMES
from gamenight.interop.encoding import encoding_for
from gamenight.interop.layout import Layout, LayoutError
from tests.interop.tables import TableSetup, every_table, table_id

DOCS = Path(__file__).parents[2] / "docs" / "interop"


def test_pieces_lie_end_to_end_in_the_order_given() -> None:
    layout = Layout(("phase", 4), ("hands", (3, 5)), ("clock", 1))
    assert layout.names == ("phase", "hands", "clock")
    assert [(p.start, p.stop) for p in layout] == [(0, 4), (4, 19), (19, 20)]
    assert layout.size == 20 and layout.shape == (20,) and len(layout) == 3
    assert layout.slices == {"phase": slice(0, 4), "hands": slice(4, 19),
                             "clock": slice(19, 20)}
    assert layout["hands"].shape == (3, 5) and layout["hands"].size == 15
    assert "hands" in layout and "nothing" not in layout


def test_parts_are_views_of_the_tensor_in_each_pieces_shape() -> None:
    layout = Layout(("phase", 4), ("hands", (3, 5)), ("clock", 1))
    tensor = layout.zeros()
    assert tensor.dtype == np.float32 and not tensor.any()
    parts = layout.parts(tensor)
    assert {name: part.shape for name, part in parts.items()} == {
        "phase": (4,), "hands": (3, 5), "clock": (1,)}
    parts["hands"][2, 1] = 1.0  # row 2, column 1: 4 + 2 * 5 + 1
    parts["clock"][0] = 0.5
    assert np.flatnonzero(tensor).tolist() == [15, 19]
    tensor[0] = 1.0  # and the other way: the views see the tensor
    assert parts["phase"].tolist() == [1, 0, 0, 0]


def test_every_index_is_located_in_its_piece() -> None:
    layout = Layout(("a", 2), ("b", (2, 3, 2)), ("c", 3))
    tensor = layout.zeros()
    parts = layout.parts(tensor)
    for index in range(layout.size):
        name, where = layout.locate(index)
        tensor[:] = 0.0
        tensor[index] = 1.0
        assert parts[name][where] == 1.0
    assert layout.locate(0) == ("a", (0,))
    assert layout.locate(2 + 7) == ("b", (1, 0, 1))  # 7 = 1 x 6 + 0 x 2 + 1
    assert layout.locate(layout.size - 1) == ("c", (2,))


@pytest.mark.parametrize("pieces", [
    (("a", 2), ("a", 3)),  # a name twice
    (("a", 0),),  # an empty piece
    (("a", (2, 0)),),
    (("a", ()),),
    (("a", True),),  # a bool is not a length
    (("a", 2.0),),
])
def test_a_layout_that_cannot_be_is_refused(pieces: tuple[tuple[str, object], ...]) -> None:
    with pytest.raises(LayoutError) as caught:
        Layout(*pieces)  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError) and "'a'" in str(caught.value)


def test_wrong_tensors_names_and_indices_are_refused_by_name() -> None:
    layout = Layout(("phase", 4), ("hands", (3, 5)))
    with pytest.raises(LayoutError, match="19 numbers, not a tensor of shape"):
        layout.parts(np.zeros(20, np.float32))
    with pytest.raises(LayoutError, match=r"no piece 'hand' .*phase, hands"):
        layout["hand"]
    for index in (-1, 19):
        with pytest.raises(LayoutError, match="0 to 18"):
            layout.locate(index)


def test_the_listing_shows_each_piece_its_shape_and_indices() -> None:
    listing = Layout(("phase", 4), ("hands", (3, 5))).listing().splitlines()
    assert listing[2:] == ["| `phase` | 4 | 0 - 3 |", "| `hands` | 3 x 5 | 4 - 18 |"]


# -- every game's encoding, and its page -------------------------------------------------

def documented_pieces(game: Game) -> list[tuple[str, str]]:
    """The (name, size as written) rows of the observation table on the game's page:
    the table whose first column is headed Part or Slice."""
    rows: list[tuple[str, str]] = []
    in_table = False
    for line in (DOCS / f"{game.id}.md").read_text("utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|"):
            if rows:
                break
            in_table = False
        elif cells[0] in ("Part", "Slice") and cells[1] == "Size":
            in_table = True
        elif in_table and not cells[0].startswith("---"):
            rows.append((cells[0].strip("`"), cells[1]))
    return rows


def size_at(written: str, players: int) -> int:
    """A size as the docs write it ("players x (47 + players)"), at a table."""
    formula = written.replace("players", str(players)).replace(" x ", " * ")
    assert re.fullmatch(r"[0-9+*() ]+", formula), f"not a size formula: {written!r}"
    size: int = eval(formula, {"__builtins__": {}})  # digits and + * ( ) only
    return size


@pytest.mark.parametrize("table", every_table(), ids=table_id)
def test_each_games_page_lists_its_layout_piece_by_piece(
        table: TableSetup) -> None:
    game, players, options = table
    encoding = encoding_for(game, players, options)
    layout = encoding.layout
    assert encoding.observation_shape == layout.shape
    documented = documented_pieces(game)
    assert [name for name, _ in documented] == list(layout.names)
    assert [size_at(size, players) for _, size in documented] == [p.size for p in layout]


def test_every_registered_game_has_a_page() -> None:
    assert all(documented_pieces(game) for game in GAMES.values())
