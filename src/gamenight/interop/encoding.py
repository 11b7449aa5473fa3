"""How a game's actions and views become numbers for the research adapters.

OpenSpiel, PettingZoo and Gymnasium all want a fixed number of distinct actions with a
legal-action mask, and a fixed-shape tensor per seat.  Each game says how, once, in its
own ``encoding.py`` (ending with the one line ``ENCODING = <its class>``); the three
adapters in this package are generic and never name a game.

An encoding sees only what a seat may know: the seat's view (``GameState.view``) and the
seat's own legal actions.  It never sees the hidden state, so an observation cannot leak
what the seat does not know.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from importlib import import_module
from typing import Any, ClassVar, Literal

import numpy as np

from gamenight.engine import Game, View
from gamenight.engine.game import JSON

ChanceMode = Literal["explicit", "sampled"]


class Encoding(ABC):
    """A game's discrete actions and observation tensors at one table size and options.

    Indices run from 0 to ``num_actions - 1``.  The adapters add one more index,
    ``num_actions`` itself, as the no-op of a seat that does not choose in a joint
    decision; an encoding never uses it.
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

    def __init__(self, game: Game, players: int, options: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.options = options

    # -- actions --------------------------------------------------------------------
    @property
    @abstractmethod
    def num_actions(self) -> int:
        """How many distinct actions the game has at this table (the no-op not counted)."""

    @abstractmethod
    def legal(self, view: View, legal: Sequence[Any]) -> list[int]:
        """The indices a seat may choose now, ascending and distinct, given its view and
        ``legal`` (the state's ``legal_actions(seat)``, possibly empty)."""

    @abstractmethod
    def action(self, view: View, index: int) -> Any:
        """The game action that index ``index`` stands for, given the seat's view."""

    @abstractmethod
    def index(self, view: View, action: Any) -> int:
        """The index that stands for ``action``: its own, or where actions form a
        continuum (FLY's aim) the nearest legal one.  Used to put a gamenight bot's
        choice into a framework's history."""

    # -- observations -----------------------------------------------------------------
    @property
    @abstractmethod
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of every observation tensor at this table."""

    @abstractmethod
    def observe(self, view: View, seat: int) -> np.ndarray:
        """The seat's view as a float32 tensor of :attr:`observation_shape`."""

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


def encoding_for(game: Game, players: int, options: dict[str, Any]) -> Encoding:
    """The game's encoding: the class its package's ``encoding`` module names as
    ``ENCODING`` (that line is how a game joins the research adapters)."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        module = import_module(f"{package}.encoding")
    except ModuleNotFoundError as exc:
        raise NotImplementedError(f"{game.id} has no research encoding yet") from exc
    cls: type[Encoding] = module.ENCODING
    return cls(game, players, options)
