"""Fitting a table's parts to the terminal: rows of cards, and the last lines of a story.

A table must be whole at 80x24 and use a bigger terminal well.  The screens lay out their
widgets with CSS; what goes inside a widget is drawn for the room the widget has
(``Widget.content_size``): cards as full faces where they fit, smaller faces where not,
and a narration cut to the newest lines that fit.  These helpers do the arithmetic, so a
screen only says which faces it has.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text


def per_row(width: int, face_width: int, gap: int = 1) -> int:
    """How many faces ``face_width`` columns wide, ``gap`` apart, fit in ``width``
    columns (at least one: a face wider than the room is cut, never dropped)."""
    return max(1, (width + gap) // (face_width + gap))


def lines_for(count: int, width: int, face_width: int, face_height: int,
              gap: int = 1) -> int:
    """Lines that ``count`` faces take in rows of ``per_row`` faces."""
    if count == 0:
        return 0
    across = per_row(width, face_width, gap)
    return -(-count // across) * face_height


def card_rows(faces: Sequence[RenderableType], width: int, face_width: int,
              gap: int = 1) -> Table:
    """The faces in rows, as many to a row as ``width`` holds, left to right."""
    across = per_row(width, face_width, gap)
    grid = Table.grid(padding=(0, gap, 0, 0), pad_edge=False)
    for _ in range(min(across, len(faces)) or 1):
        grid.add_column(width=face_width, no_wrap=True)
    for start in range(0, len(faces), across):
        grid.add_row(*faces[start:start + across])
    return grid


def wrapped_height(line: str, width: int, console: Console | None = None) -> int:
    """Lines ``line`` takes when wrapped at ``width`` columns (words kept whole where
    they fit, as Rich wraps them)."""
    if width <= 0:
        return 1
    return len(Text(line).wrap(console or Console(width=width), width)) or 1


def newest_lines(lines: Sequence[str], width: int, height: int) -> list[str]:
    """The newest of ``lines`` that fit ``height`` rows ``width`` wide when wrapped (the
    newest line always, even cut)."""
    console = Console(width=max(width, 1))
    kept: list[str] = []
    used = 0
    for line in reversed(lines):
        rows = wrapped_height(line, width, console) if cell_len(line) > width else 1
        if kept and used + rows > height:
            break
        kept.append(line)
        used += rows
    kept.reverse()
    return kept
