"""The named pieces of a flat observation tensor, laid end to end.

Every research encoding builds its observation as one float32 vector made of named
pieces ("phase", "centre", "hands" ...), each with a shape ("hands" is players x 96).
A :class:`Layout` holds those pieces in order, as OpenSpiel's observers name theirs in
``Observer.dict``: it gives the vector's size, each piece's place in it, a flat tensor
seen as a dict of named NumPy views of the right shapes (writing to a view writes the
tensor), and a listing for the docs.

>>> layout = Layout(("phase", 4), ("hands", (2, 3)))
>>> layout.size, layout["hands"].start, layout["hands"].slice
(10, 4, slice(4, 10, None))
>>> obs = layout.zeros()
>>> parts = layout.parts(obs)
>>> parts["hands"][1, 2] = 1.0
>>> int(obs.argmax()), layout.locate(9)
(9, ('hands', (1, 2)))
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

#: A piece's shape as given: a length, or a tuple of lengths.
Shape = int | tuple[int, ...]
#: A tensor's pieces by name, each a NumPy view of its piece's shape (``Layout.parts``).
Parts = dict[str, np.ndarray]


class LayoutError(ValueError):
    """A layout that cannot be: a name given twice, a shape with a length below 1, a
    tensor of another size, or a name or index the layout does not have."""


@dataclass(frozen=True, slots=True)
class Piece:
    """One named piece of a layout: ``shape`` numbers from index ``start`` on."""

    name: str
    shape: tuple[int, ...]
    start: int

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def stop(self) -> int:
        return self.start + self.size

    @property
    def slice(self) -> slice:
        return slice(self.start, self.stop)


class Layout:
    """Named pieces of a flat vector, in order, each of a fixed shape."""

    __slots__ = ("_pieces", "size", "slices")

    def __init__(self, *pieces: tuple[str, Shape]) -> None:
        built: dict[str, Piece] = {}
        start = 0
        for name, given in pieces:
            shape = given if isinstance(given, tuple) else (given,)
            if name in built:
                raise LayoutError(f"a layout names each piece once; {name!r} is given twice")
            if not shape or any(isinstance(n, bool) or not isinstance(n, int) or n < 1
                                for n in shape):
                raise LayoutError(f"piece {name!r}: a shape is one or more whole lengths of "
                                  f"at least 1, not {given!r}")
            built[name] = piece = Piece(name, shape, start)
            start = piece.stop
        self._pieces = built
        #: How many numbers the whole vector holds.
        self.size = start
        #: Each piece's slice of the vector, by name, in order.
        self.slices: dict[str, slice] = {name: p.slice for name, p in built.items()}

    # -- the pieces -----------------------------------------------------------------------
    @property
    def shape(self) -> tuple[int]:
        """The whole vector's shape (an encoding's ``observation_shape``)."""
        return (self.size,)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._pieces)

    def __getitem__(self, name: str) -> Piece:
        try:
            return self._pieces[name]
        except KeyError:
            raise LayoutError(f"the layout has no piece {name!r} (it has "
                              f"{', '.join(self._pieces)})") from None

    def __iter__(self) -> Iterator[Piece]:
        return iter(self._pieces.values())

    def __len__(self) -> int:
        return len(self._pieces)

    def __contains__(self, name: object) -> bool:
        return name in self._pieces

    def __repr__(self) -> str:
        inner = ", ".join(f"{p.name}={'x'.join(map(str, p.shape))}" for p in self)
        return f"Layout({inner}; size {self.size})"

    # -- tensors ----------------------------------------------------------------------------
    def zeros(self) -> np.ndarray:
        """A fresh all-zero float32 vector of this layout."""
        return np.zeros(self.size, dtype=np.float32)

    def parts(self, tensor: np.ndarray) -> Parts:
        """``tensor`` (a flat vector of this layout) as a view per piece, by name, each of
        the piece's shape; writing to a view writes the tensor."""
        if tensor.shape != (self.size,):
            raise LayoutError(f"this layout is a vector of {self.size} numbers, not a "
                              f"tensor of shape {tensor.shape}")
        return {name: tensor[p.start:p.stop].reshape(p.shape)
                for name, p in self._pieces.items()}

    def locate(self, index: int) -> tuple[str, tuple[int, ...]]:
        """Which piece the vector's number ``index`` belongs to, and where in it (for
        reading a tensor, and for messages that say which number is wrong)."""
        if not 0 <= index < self.size:
            raise LayoutError(f"this layout's indices run from 0 to {self.size - 1}, "
                              f"not {index}")
        for piece in self._pieces.values():
            if index < piece.stop:
                where = np.unravel_index(index - piece.start, piece.shape)
                return piece.name, tuple(int(i) for i in where)
        raise AssertionError("unreachable: the pieces cover 0 .. size - 1")

    # -- for people -------------------------------------------------------------------------
    def listing(self) -> str:
        """The pieces as a Markdown table: name, shape, and where each lies."""
        rows = ["| Part | Shape | Indices |", "|---|---|---|"]
        rows += [f"| `{p.name}` | {' x '.join(map(str, p.shape))} | {p.start} - {p.stop - 1} |"
                 for p in self]
        return "\n".join(rows)
