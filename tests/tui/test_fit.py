"""The arithmetic of fitting a table's parts to the room they have (``tui/fit.py``)."""

from __future__ import annotations

import io

from rich.console import Console
from rich.text import Text

from gamenight.tui.fit import card_rows, lines_for, newest_lines, per_row


def test_faces_per_row_and_the_lines_they_take() -> None:
    assert per_row(78, 8) == 8  # 8 faces of 8 with 7 gaps: 71 columns
    assert per_row(5, 8) == 1  # never none: a face wider than the room is cut
    assert lines_for(0, 78, 8, 3) == 0
    assert lines_for(8, 78, 8, 3) == 3 and lines_for(9, 78, 8, 3) == 6


def test_card_rows_lay_faces_left_to_right_then_down() -> None:
    faces = [Text(f"f{i:02d}".ljust(4)) for i in range(7)]
    console = Console(width=40, file=io.StringIO(), record=True)
    console.print(card_rows(faces, 14, 4))  # 14 columns: three faces of 4 a row
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    assert lines == ["f00  f01  f02", "f03  f04  f05", "f06"]


def test_the_newest_lines_that_fit_when_wrapped() -> None:
    lines = ["one", "two " * 10, "three"]
    assert newest_lines(lines, 20, 2) == ["three"]  # "two two ..." takes 2 rows: too many
    assert newest_lines(lines, 20, 3) == [lines[1], "three"]
    assert newest_lines(lines, 80, 5) == lines
    assert newest_lines(["a very long line indeed"], 5, 1) == ["a very long line indeed"]
