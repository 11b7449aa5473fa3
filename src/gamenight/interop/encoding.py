"""How a game's actions and views become numbers for the research adapters.

OpenSpiel, PettingZoo and Gymnasium all want a fixed number of distinct actions with a
legal-action mask, and a fixed-shape tensor per seat.  Each game says how, once, in its
own ``encoding.py`` (ending with the one line ``ENCODING = <its class>``, which
``encoding_for`` finds); the three adapters in this package are generic and never name a
game.  Every observation is a flat vector of named pieces, a :class:`~.layout.Layout`.

An encoding sees only what a seat may know: the seat's view (``GameState.view``) and the
seat's own legal actions.  It never sees the hidden state, so an observation cannot leak
what the seat does not know.
"""

from __future__ import annotations

import functools
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Any, ClassVar, Generic, Literal, cast

import numpy as np
from typing_extensions import TypeVar

from gamenight.engine import Game, View
from gamenight.engine.game import JSON
from gamenight.interop.layout import Layout, Parts

ChanceMode = Literal["explicit", "sampled"]
#: The game's action type (its ``actions`` union).  The adapters hold encodings of every
#: game, so there it is left open.
ActionT = TypeVar("ActionT", default=Any)
#: The shape of a seat's view of the game (its ``views`` TypedDict), which the encoding
#: reads; the engine hands views out as plain ``View`` dicts.
ViewT = TypeVar("ViewT", default=View)


class Encoding(ABC, Generic[ActionT, ViewT]):
    """A game's discrete actions and observation tensors at one table size and options.

    Indices run from 0 to ``num_actions - 1``.  The adapters add one more index,
    ``num_actions`` itself, as the no-op of a seat that does not choose in a joint
    decision; an encoding never uses it.

    A subclass sets :attr:`layout` (the observation's named pieces at this table) in its
    ``__init__``, and writes a view into those pieces in :meth:`_write`.
    """

    #: ``explicit``: every chance event lists its outcomes (``GameState.chance_outcomes``),
    #: numbered by :meth:`chance_index`.  ``sampled``: some chance event has too many
    #: outcomes to list (a shuffle, a landing), so every chance event is drawn by the
    #: state's own generator and shown to OpenSpiel as a single outcome.
    chance: ClassVar[ChanceMode] = "sampled"
    #: True when no seat ever lacks information another has (chance still unknown).
    perfect_information: ClassVar[bool] = False
    #: Every number of every observation lies within these bounds (the adapters'
    #: observation spaces say so).
    observation_bounds: ClassVar[tuple[float, float]] = (0.0, 1.0)
    #: True when some decision is joint: a simultaneous choice or a reaction window
    #: (then OpenSpiel sees a simultaneous-move game).
    joint_decisions: ClassVar[bool] = False

    #: The observation's named pieces, in order (see ``docs/interop/<game>.md``).
    layout: Layout

    def __init__(self, game: Game, players: int, options: Mapping[str, JSON]) -> None:
        self.game = game
        self.players = players
        # Every option at its value, checked (a caller may pass only those that differ
        # from the defaults); OptionError for a table the game does not offer.
        self.options: dict[str, JSON] = game.resolve_options(players, options)

    # -- actions --------------------------------------------------------------------
    @property
    @abstractmethod
    def num_actions(self) -> int:
        """How many distinct actions the game has at this table (the no-op not counted)."""

    @abstractmethod
    def legal(self, view: View, legal: Sequence[ActionT]) -> list[int]:
        """The indices a seat may choose now, ascending and distinct, given its view and
        ``legal`` (the state's ``legal_actions(seat)``, possibly empty)."""

    @abstractmethod
    def action(self, view: View, index: int) -> ActionT:
        """The game action that index ``index`` stands for, given the seat's view."""

    @abstractmethod
    def index(self, view: View, action: ActionT) -> int:
        """The index that stands for ``action``: its own, or where actions form a
        continuum (FLY's aim) the nearest legal one.  Used to put a gamenight bot's
        choice into a framework's history."""

    # -- observations -----------------------------------------------------------------
    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of every observation tensor at this table (the layout's)."""
        return self.layout.shape

    def observe(self, view: View, seat: int) -> np.ndarray:
        """The seat's view as a float32 tensor of :attr:`observation_shape` (a new array
        each call)."""
        tensor, parts = self._buffer
        tensor.fill(0.0)
        # A seat's view of this game has the game's published view shape (a test
        # validates every view of random games against it: tests/engine/test_schemas.py).
        self._write(parts, cast(ViewT, view), seat)
        return tensor.copy()

    @abstractmethod
    def _write(self, part: Parts, view: ViewT, seat: int) -> None:
        """Write the seat's view into ``part``: the pieces of :attr:`layout` by name, as
        NumPy views of their shapes, all zero to begin with."""

    @functools.cached_property
    def _buffer(self) -> tuple[np.ndarray, Parts]:
        # One tensor and its named views, made once and cleared for each observation
        # (as OpenSpiel's observers keep theirs): naming the pieces anew for every
        # observation would cost more than writing them.
        tensor = self.layout.zeros()
        return tensor, self.layout.parts(tensor)

    def __getstate__(self) -> dict[str, object]:
        # A copy or a pickle would bring the scratch tensor's views back as arrays of
        # their own, no longer views of it: the copy makes its own when first asked.
        state = dict(self.__dict__)
        state.pop("_buffer", None)
        return state

    def observation_text(self, view: View) -> str:
        """The seat's view as a string: compact JSON with sorted keys (views are JSON)."""
        return json.dumps(view, sort_keys=True, separators=(",", ":"))

    # -- chance, length and scores ------------------------------------------------------
    @property
    def max_chance_outcomes(self) -> int:
        """The most outcomes one chance event can have (explicit chance only)."""
        return 1

    def chance_index(self, outcome: JSON) -> int:
        """The number of a listed chance outcome, below :attr:`max_chance_outcomes`
        (explicit chance only)."""
        raise NotImplementedError(f"{self.game.id} draws its chance outcomes (sampled)")

    @property
    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the decisions in one game: turns plus joint decisions (a
        window counts once per round of choices; see ``docs/interop.md``)."""

    @property
    @abstractmethod
    def score_bounds(self) -> tuple[float, float]:
        """The lowest and highest score a seat can end with (a lone player's return is
        its score)."""


#: From this many legal actions on, ``ActionTable.indices`` remembers a list's indices.
LONG_LEGAL = 32


class ActionTable(Generic[ActionT]):
    """A game's own table of actions, numbered in order, with the index of each.

    The adapters number the legal actions at every decision, so the look-up is on the hot
    path.  A game hands out the objects of its own table (frozen dataclasses made once,
    like ``actions.CALLS``), and an action's identity is found faster than its hash (a
    frozen dataclass hashes its fields on every call): :meth:`indices` looks each action
    up by ``id`` and falls back to equality for an equal object made elsewhere (parsed
    from text, say).  The table holds its actions, so their ids stay theirs.  A long
    list (Fluster's 600 calls) is also remembered by its length: the same actions come
    back at many decisions, and comparing two lists of the same objects is one pointer
    check an action.

    >>> table = ActionTable(("a", "b", "c"))
    >>> table.indices(["c", "a"]), table["b"]
    ([0, 2], 1)
    """

    __slots__ = ("_by_id", "_long", "actions", "index")

    def __init__(self, actions: Sequence[ActionT]) -> None:
        self.actions: tuple[ActionT, ...] = tuple(actions)
        #: Each action's index, by equality.
        self.index: dict[ActionT, int] = {a: i for i, a in enumerate(self.actions)}
        self._by_id: dict[int, int] = {id(a): i for i, a in enumerate(self.actions)}
        # The latest long list of each length, and its indices.
        self._long: dict[int, tuple[list[ActionT], list[int]]] = {}

    def __getitem__(self, action: ActionT) -> int:
        """The action's index (KeyError for an action not in the table)."""
        found = self._by_id.get(id(action))
        return found if found is not None else self.index[action]

    def indices(self, legal: Sequence[ActionT]) -> list[int]:
        """The indices of ``legal``, ascending and distinct (KeyError for an action not
        in the table)."""
        long = len(legal) >= LONG_LEGAL
        if long:
            seen = self._long.get(len(legal))
            if seen is not None and seen[0] == legal:
                return list(seen[1])
        try:  # map rather than a comprehension: no Python frame per action
            found = sorted(set(map(self._by_id.__getitem__, map(id, legal))))
        except KeyError:  # an equal action that is not the table's own object
            found = sorted({self[action] for action in legal})
        if long:
            self._long[len(legal)] = (list(legal), found)
            return list(found)
        return found


def encoding_for(game: Game, players: int, options: Mapping[str, JSON]) -> Encoding:
    """The game's research encoding at this table: the class its package's ``encoding``
    module names as ``ENCODING`` (imported when first asked, so the terminal never loads
    NumPy's encodings); NotImplementedError for a game without one."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        module = import_module(f"{package}.encoding")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.encoding":
            raise  # the game's encoding is there, and something it imports is not
        raise NotImplementedError(f"{game.id} has no research encoding yet") from exc
    cls: type[Encoding] = module.ENCODING
    return cls(game, players, dict(options))
