"""One game driven as a sequence of discrete decisions: what the three adapters share.

OpenSpiel, PettingZoo and Gymnasium know turns, simultaneous moves and chance, but not
reaction windows, where each hand lands at its own millisecond.  A :class:`Table` turns
every window into *rounds*: in a round, every seat still in the window chooses one
action at once (a slap or a pass, say), from the view at the window's clock.  Each
choice then gets a time: the clock plus a reaction time drawn from the seat's reaction
model (``bots.reaction``), or the time a gamenight bot chose by itself.  The actions are
applied in time order, so the fastest hand still wins; a time past the deadline is a
pass at the deadline.  The clock moves to the latest applied time and the next round
begins, until the window closes.  A simultaneous decision is one round with no times.

Everything random the table adds (reaction times) comes from its own generator, seeded
from the game's seed, so the same seed and choices always give the same game.

Actions arrive as indices (``Encoding``), checked here once for all three adapters
(:func:`space_index`): something that is not an index of the framework's action space at
all (a float, a bool, a string, None, a number out of range) raises
:class:`ActionSpaceError`; an index in the space that the mask forbids now is each
framework's own business (``docs/interop.md``).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Literal

import numpy as np

from gamenight.bots.base import Bot
from gamenight.bots.driver import decide
from gamenight.bots.reaction import DEFAULT_LEVEL, LEVELS, ReactionModel
from gamenight.engine import PASS, Game, GameState, IllegalAction, OptionError, View
from gamenight.engine.game import JSON
from gamenight.engine.seeding import derive_seed
from gamenight.interop.encoding import Encoding
from gamenight.record import Record, record_of

DecisionKind = Literal["chance", "turn", "joint", "over"]
#: An action of whichever game the table plays: the table passes it between the
#: encoding, the bots and the state and never looks inside.
GameAction = object
#: A generator's state as ``random.Random.getstate`` gives it: version, internal
#: state, and the Gaussian kept for the next ``gauss`` call (or None).
GeneratorState = tuple[int, tuple[int, ...], float | None]
SERIAL_FORMAT = "gamenight-interop-state"
#: A sampled chance event is a choice among DRAWS seeds below DRAW_SEEDS.
DRAWS = 8
DRAW_SEEDS = 1 << 16


class ActionSpaceError(IllegalAction):
    """An action that is not in the framework's action space at all: not a whole number
    (a float, a bool, a string, None) or not one of the space's indices.  A caller's
    mistake, so it is always raised, never replaced as an index the mask forbids may be."""


def space_index(action: object, size: int) -> int:
    """``action`` as an index of an action space of ``size`` indices (0 to size - 1): a
    Python or NumPy integer, or a NumPy array holding one, as ``spaces.Discrete`` takes
    it, but never a bool (True is not an action).  ActionSpaceError otherwise."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        raise ActionSpaceError(f"an action is a whole number from 0 to {size - 1}, "
                               f"not {_brief(action)}")
    index = int(action)
    if not 0 <= index < size:
        raise ActionSpaceError(f"an action is a whole number from 0 to {size - 1}, "
                               f"not {_brief(index)}")
    return index


def _brief(value: object) -> str:
    """``repr(value)``, cut short: a message must stay one readable line."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


@dataclass(frozen=True, slots=True)
class Decision:
    """What the game waits for: chance, one seat's turn, or a joint decision (a
    simultaneous choice or one round of a reaction window) of ``seats``."""

    kind: DecisionKind
    seats: tuple[int, ...] = ()
    window: bool = False
    deadline_ms: float | None = None


def default_players(game: Game) -> int:
    """The smallest table the game plays with its default options (at least two)."""
    for players in range(max(2, game.min_players), game.max_players + 1):
        try:
            game.resolve_options(players, {})
            game.new(players, 0)
        except (OptionError, IllegalAction):
            continue
        return players
    return game.min_players


def reaction_model(level: str) -> ReactionModel:
    if level not in LEVELS:
        raise OptionError(f"unknown reaction level {level!r} (levels: {', '.join(LEVELS)})")
    return LEVELS[level]


class Table:
    """A game and its encoding, stepped one decision at a time."""

    def __init__(self, game: Game, players: int, seed: int = 0,
                 options: Mapping[str, JSON] | None = None, reaction: str = DEFAULT_LEVEL,
                 state: GameState[Any] | None = None, encoding: Encoding | None = None) -> None:
        self.game = game
        self.state = state if state is not None else game.new(players, seed, **dict(options or {}))
        self.players = self.state.players
        self.encoding: Encoding = (encoding if encoding is not None
                                   else game.encoding(self.players, self.state.options))
        self.noop = self.encoding.num_actions
        self.reaction = reaction
        self.models = [reaction_model(reaction)] * self.players
        self.timing = random.Random(derive_seed(self.state.seed, "interop-timing"))
        self.clock = 0.0  # the open window's time, in ms from its opening
        self.watchers: list[tuple[int, Bot[Any]]] = []
        # Perfect-recall information states: a running digest of each seat's views,
        # built on first request (search needs it; plain play does not pay for it).
        self._recall: list[str] | None = None
        self._peek: tuple[int, tuple[int, ...]] | None = None  # (history length, seeds)
        self._views: dict[int, View] = {}  # this step's views by seat
        self._texts: dict[int, str] = {}  # and their strings
        self._tensors: dict[int, np.ndarray] = {}  # and tensors
        self._legal: dict[int, list[int]] = {}  # and legal indices
        self._views_at: tuple[int, float] | None = None

    # -- what happens now -------------------------------------------------------------
    def decision(self) -> Decision:
        acting = self.state.acting()
        kind = acting.kind
        if kind == "turn":
            return Decision("turn", acting.seats)
        if kind in ("simultaneous", "window"):
            return Decision("joint", acting.seats, kind == "window", acting.deadline_ms)
        if kind == "chance":
            return Decision("chance")
        return Decision("over")

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def view(self, seat: int) -> View:
        """The seat's view now (in a window: at the window's clock).  Views are asked
        for again and again at one decision (mask, observation, every action's text), so
        each is made once per step; callers must not change it."""
        key = (len(self.state.history), self.clock)
        if self._views_at != key:
            self._views_at = key
            self._views = {}
            self._texts = {}
            self._tensors = {}
            self._legal = {}
        view = self._views.get(seat)
        if view is None:
            at = self.clock if self.state.acting().kind == "window" else None
            view = self._views[seat] = self.state.view(seat, at)
        return view

    def legal(self, seat: int) -> list[int]:
        """The seat's legal indices now (empty when it does not choose), made once per
        step; callers must not change the list."""
        view = self.view(seat)  # brings the step's caches up to date
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = (
                self.encoding.legal(view, self.state.legal_actions(seat))
                if seat in self.state.acting().seats else [])
        return legal

    def mask(self, seat: int, noop: bool) -> np.ndarray:
        """The legal-action mask over the indices and the no-op; with ``noop`` a seat
        that does not choose now may (only) pass its no-op."""
        mask = np.zeros(self.noop + 1, dtype=np.int8)
        legal = self.legal(seat)
        if legal:
            mask[legal] = 1
        elif noop and not self.is_over:
            mask[self.noop] = 1
        return mask

    def observe(self, seat: int) -> np.ndarray:
        """The seat's observation tensor, made once per step (a fresh copy each call)."""
        view = self.view(seat)  # brings the step's caches up to date
        tensor = self._tensors.get(seat)
        if tensor is None:
            tensor = self._tensors[seat] = self.encoding.observe(view, seat)
        return tensor.copy()

    def observation_text(self, seat: int) -> str:
        """The seat's view as the encoding's string, made once per step."""
        self.view(seat)  # brings the step's caches up to date
        text = self._texts.get(seat)
        if text is None:
            text = self._texts[seat] = self.encoding.observation_text(self.view(seat))
        return text

    def decode(self, seat: int, index: int) -> GameAction:
        return self.encoding.action(self.view(seat), index)

    # -- chance -----------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance event's outcomes as (index, probability), ascending.

        A sampled event (a shuffle, a landing) has too many outcomes to list.  It is
        shown as a choice among :data:`DRAWS` seeds, equally likely, taken from the
        game's own generator; the draw is then made with the chosen seed.  A uniform
        pick among independent draws is distributed as one draw, so the game's odds are
        kept, and the history holds the outcome, so a history replays exactly.  What
        nobody knows beforehand is the generator: it is part of the hidden state (a
        resample redraws it).
        """
        if self.encoding.chance == "sampled":
            return [(seed, 1.0 / DRAWS) for seed in self._draw_seeds()]
        listed = self.state.chance_outcomes()
        if listed is None:
            raise NotImplementedError(
                f"{self.game.id} declares explicit chance but this event lists no outcomes")
        return sorted((self.encoding.chance_index(o), p) for o, p in listed)

    def chance_outcome(self, index: int) -> JSON:
        """The outcome that chance index ``index`` stands for now (for a sampled event,
        the draw made with seed ``index``; the game's generator moves past the seeds)."""
        if self.encoding.chance == "sampled":
            if index not in self._draw_seeds():
                raise IllegalAction(f"{index} is not one of this draw's seeds")
            _next_seeds(self.state.rng)
            self._peek = None
            own = self.state.rng
            self.state.rng = random.Random(index)
            try:
                return self.state.sample_chance()
            finally:
                self.state.rng = own
        for outcome, _ in self.state.chance_outcomes() or ():
            if self.encoding.chance_index(outcome) == index:
                return outcome
        raise IllegalAction(f"chance outcome {index} cannot happen now")

    def _draw_seeds(self) -> tuple[int, ...]:
        """The seeds the next sampled draw chooses among, read without moving the
        game's generator."""
        at = len(self.state.history)
        if self._peek is None or self._peek[0] != at:
            twin = random.Random()
            twin.setstate(self.state.rng.getstate())
            self._peek = (at, _next_seeds(twin))
        return self._peek[1]

    def apply_chance(self, index: int) -> None:
        self.state.apply_chance(self.chance_outcome(index))
        self._after_step()

    def draw_chance(self) -> None:
        """Let the game's own generator decide the chance event."""
        self.state.draw_chance()
        self._after_step()

    def settle(self) -> None:
        """Draw chance until a seat must decide or the game is over."""
        while self.state.acting().kind == "chance":
            self.draw_chance()

    # -- decisions --------------------------------------------------------------------
    def apply_turn(self, seat: int, action: GameAction) -> None:
        self.state.apply(seat, action)
        self._after_step()

    def apply_joint(self, choices: Mapping[int, GameAction],
                    times: Mapping[int, float] | None = None) -> None:
        """One joint decision: each choosing seat's action (seats that do not choose now
        are ignored).  In a window, ``times[seat]`` is a bot's own time for its action;
        other seats' times are drawn from their reaction models."""
        acting = self.state.acting()
        if acting.kind == "simultaneous":
            for seat in sorted(choices):
                now = self.state.acting()
                if now.kind == "simultaneous" and seat in now.seats:
                    self.state.apply(seat, choices[seat])
                    self._after_step()
            return
        if acting.kind != "window":
            raise IllegalAction("no joint decision is open")
        deadline = acting.deadline_ms if acting.deadline_ms is not None else float("inf")
        timed: list[tuple[float, int, GameAction]] = []
        for seat in sorted(choices):
            if seat not in acting.seats:
                continue
            action = choices[seat]
            if times is not None and seat in times:
                at = max(self.clock, float(times[seat]))
            else:
                # Choosing among the legal actions costs time (Hick's law); a pass is
                # the seat deciding not to act, which takes a simple reaction.
                options = len(self.state.legal_actions(seat)) - 1
                model = self.models[seat]
                at = self.clock + (model.simple(self.timing) if action == PASS
                                   else model.choice(self.timing, max(1, options)))
            if at > deadline:
                action, at = PASS, deadline
            timed.append((at, seat, action))
        timed.sort(key=lambda t: (t[0], t[1]))
        for at, seat, action in timed:
            now = self.state.acting()
            if now.kind != "window":
                break  # the window closed: later hands came too late
            if seat not in now.seats:
                continue
            if not self.state.can(seat, action, at):
                # An earlier hand in this round took what this one aimed at.
                action = PASS
                if not self.state.can(seat, action, at):
                    continue
            self.state.apply(seat, action, at)
            self.clock = at
            self._after_step()
        if self.state.acting().kind != "window":
            self.clock = 0.0

    # -- bots -------------------------------------------------------------------------
    def bot_choice(self, seat: int, bot: Bot[Any]) -> tuple[GameAction, float | None]:
        """A gamenight bot's action for ``seat`` in the decision now, and in a window
        the time it chose to act, from the window's clock on (its own reaction model
        decides, through ``Wait``: ``bots.driver.decide``)."""
        return decide(bot, self.state, seat, self.clock)

    def watch(self, seat: int, bot: Bot[Any]) -> None:
        """Show ``bot`` its seat's view after every step (bots that remember)."""
        if bot.remembers:
            self.watchers.append((seat, bot))
            bot.observe(self.state.view(seat))

    # -- results ----------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Each seat's return once the game is over (zeros before).

        With two or more players a seat gets (seats it beat - seats that beat it) /
        (players - 1): 1 for a sole win, -1 for a sole loss, 0 for a tie all round, and
        the returns sum to 0.  A lone player's return is its score.
        """
        outcome = self.state.outcome()
        n = self.players
        if outcome is None:
            return [0.0] * n
        if n == 1:
            return [float(outcome.scores[0])]
        ranks = outcome.ranks
        return [(sum(r > ranks[s] for r in ranks) - sum(r < ranks[s] for r in ranks)) / (n - 1)
                for s in range(n)]

    @property
    def return_bounds(self) -> tuple[float, float]:
        return self.encoding.score_bounds if self.players == 1 else (-1.0, 1.0)

    @property
    def truncated(self) -> bool:
        outcome = self.state.outcome()
        return outcome is not None and outcome.truncated

    # -- perfect recall -----------------------------------------------------------------
    def information_text(self, seat: int) -> str:
        """The seat's information state: its view now and a digest of every view it had
        after every step so far (two histories the seat cannot tell apart agree)."""
        if self._recall is None:
            self._recall = _recall_of(self.state, self.encoding)
        return f"{self._recall[seat]}\n{self.observation_text(seat)}"

    def _after_step(self) -> None:
        if self._recall is not None:
            self._recall = [_chain(self._recall[s], self.observation_text(s))
                            for s in range(self.players)]
        for seat, bot in self.watchers:
            bot.observe(self.state.view(seat))

    # -- copies, resamples and serialization ----------------------------------------------
    def clone(self) -> Table:
        twin = object.__new__(Table)
        twin.__dict__.update(self.__dict__)
        twin.state = self.state.clone()
        twin.timing = random.Random()
        twin.timing.setstate(self.timing.getstate())
        twin.watchers = []  # bots belong to the table that made them
        # A twin's next step is its own: it starts its own caches.
        twin._views, twin._texts, twin._tensors, twin._legal = {}, {}, {}, {}
        twin._views_at = None
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        return self.clone()

    def __reduce__(self) -> tuple[Callable[[str, str], Table], tuple[str, str]]:
        # Whoever pickles a table (OpenSpiel's C++ serializer pickles a Python state's
        # attributes) gets our JSON text and a call that reads it back, not the objects.
        return (_from_serial, (_game_ref(self.game), self.serialize()))

    def resample(self, seat: int, rng: random.Random) -> Table:
        """A table ``seat`` cannot tell from this one (see ``GameState.resample``);
        future reaction times are redrawn too."""
        twin = self.clone()
        twin.state = self.state.resample(seat, rng)
        twin.timing = random.Random(rng.getrandbits(64))
        twin._recall = None
        twin._peek = None
        return twin

    def serialize(self) -> str:
        """This table as JSON: the game's record, both generators' states and the
        window clock.  Never pickle: reading it back runs no code."""
        return json.dumps({
            "format": SERIAL_FORMAT,
            "record": record_of(self.state).to_json(),
            "generator": _state_json(self.state.rng.getstate()),
            "timing": _state_json(self.timing.getstate()),
            "clock": self.clock,
            "reaction": self.reaction,
        }, separators=(",", ":"))

    @classmethod
    def deserialize(cls, game: Game, text: str) -> Table:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != SERIAL_FORMAT:
            raise ValueError("not a serialized gamenight state")
        record = Record.from_json(data["record"])
        if record.game != game.id:
            raise ValueError(f"a serialized {record.game} state is not a {game.id} state")
        start = game.new(record.players, record.seed, **record.options)
        state = start.remade(record.steps, 0)
        state.rng.setstate(_state_tuple(data["generator"]))
        table = cls(game, record.players, record.seed, state.options, str(data["reaction"]),
                    state=state)
        table.timing.setstate(_state_tuple(data["timing"]))
        table.clock = float(data["clock"])
        return table


def _next_seeds(rng: random.Random) -> tuple[int, ...]:
    """The next DRAWS distinct seeds of ``rng``, ascending."""
    seeds: set[int] = set()
    while len(seeds) < DRAWS:
        seeds.add(rng.randrange(DRAW_SEEDS))
    return tuple(sorted(seeds))


def _game_ref(game: Game) -> str:
    """Where the game definition lives, as "module:name" (definitions are module-level
    objects, like each game package's ``GAME``)."""
    module = type(game).__module__
    name = next(k for k, v in vars(sys.modules[module]).items() if v is game)
    return f"{module}:{name}"


def _from_serial(game_ref: str, text: str) -> Table:
    module, _, name = game_ref.partition(":")
    game = getattr(import_module(module), name)
    if not isinstance(game, Game):
        raise ValueError(f"{game_ref} is not a game definition")
    return Table.deserialize(game, text)


def _chain(previous: str, text: str) -> str:
    return hashlib.blake2b(f"{previous}|{text}".encode(), digest_size=16).hexdigest()


def _recall_of(state: GameState[Any], encoding: Encoding) -> list[str]:
    """Every seat's chained view digest over the state's history, by replaying it."""
    replay = state.game.new(state.players, state.seed, **state.options)
    seats = range(state.players)
    recall = [_chain("", encoding.observation_text(replay.view(s))) for s in seats]
    for step in state.history:
        if step.seat is None:
            replay.apply_chance(step.value)
        else:
            replay.apply_text(step.seat, step.value, step.at_ms)
        recall = [_chain(recall[s], encoding.observation_text(replay.view(s))) for s in seats]
    return recall


def _state_json(rng_state: GeneratorState) -> list[JSON]:
    version, internal, gauss = rng_state
    return [version, list(internal), gauss]


def _state_tuple(data: Sequence[JSON]) -> GeneratorState:
    version, internal, gauss = data
    return (int(version), tuple(int(x) for x in internal),
            None if gauss is None else float(gauss))
