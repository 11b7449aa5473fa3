"""Malformed inputs for every public entry of a game, and the check that each one is
refused cleanly: the right error (IllegalAction, or OptionError for options), never
another exception, and the state exactly as it was (digest, history and generator).

Shared by the fuzz test (``test_fuzz.py``, bounded, in CI) and the counter
(``python -m tests.engine.fuzz_count``, by hand: many more inputs, counted instead of
asserted).  It uses only the public API, so the counter also runs on older code.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from gamenight.engine import Game, GameState, IllegalAction, OptionError

NAN = float("nan")
INF = float("inf")
HUGE = 10**400  # too big for a float: float(HUGE) raises OverflowError

#: Seats that are never a seat (the state adds ``players`` and beyond).
BAD_SEATS: tuple[Any, ...] = (-1, -2, True, False, 1.5, 0.0, "0", "1", None, [0], (0,),
                              HUGE, -HUGE, NAN, INF, b"0", {0: 0})
#: Times that are never a time.
BAD_TIMES: tuple[Any, ...] = (NAN, INF, -INF, -1, -0.001, -HUGE, HUGE, "5", "0", True,
                              False, [1], (1,), {}, b"1", 1j, "nan")
#: Texts that read as no action of any game (or as one, harmlessly); the strategy adds
#: legal texts bent out of shape.
ODD_TEXTS: tuple[str, ...] = (
    "", " ", "\x00", "\n", "pass\x00", "reveal\n\x0b", "slap \u00b2", "slap \u0663",
    "turn \u0663", "call A \u00b2", "drop 1\u00b2.00 1.00 0", "drop inf 1.00 0",
    "drop nan nan nan", "drop 1e999 1.00 0", "1e999", "inf", "-inf", "nan", "NaN",
    "swat red 1e999", "call A 1e999", "draw 1e999", "slap 1e999", "slap 99999999999999999999",
    "drop " + "9" * 400 + ".00 1.00 0", "drop 1.00 " + "9" * 5000 + ".00 0",
    "slap " + "9" * 5000, "call A " + "9" * 5000, "turn " + "9" * 5000, "x" * 100_000,
    "pass " * 10_000, "\ud7ff", "\u202epass", "pass\u200b", "ＰＡＳＳ", "lay \x00hen",
)


def describe(value: Any) -> str:
    """A short text for a report (never fails, never long)."""
    try:
        text = repr(value)
    except Exception as error:  # a report must not fail
        text = f"<{type(value).__name__}: repr raised {type(error).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


# -- states -----------------------------------------------------------------------------

def new_game(game: Game, players: int, seed: int) -> GameState:
    """A game at this table, or the next one up where a count needs its option."""
    try:
        return game.new(players, seed)
    except OptionError:  # Superfly's 2-player variant needs its option
        return game.new(players + 1, seed)


def one_random_step(state: GameState, rng: random.Random) -> None:
    """One step of random play (a window's time drawn within its deadline)."""
    acting = state.acting()
    if acting.kind == "chance":
        state.draw_chance()
        return
    seat = rng.choice(acting.seats)
    at_ms: float | None = None
    if acting.kind in ("window", "simultaneous"):
        at_ms = 0.0 if acting.deadline_ms is None else rng.uniform(0, acting.deadline_ms)
    state.apply(seat, rng.choice(state.legal_actions(seat)), at_ms)


def reachable_states(game: Game, seeds: Sequence[int] = (1, 2, 3),
                     per_game: int = 5) -> list[GameState]:
    """States random play reaches: for each seed at the smallest and largest table, the
    new game, ``per_game`` states at random steps of one random game, and its end."""
    states: list[GameState] = []
    for players in sorted({game.min_players, game.max_players}):
        for seed in seeds:
            rng = random.Random(seed * 1000 + players)
            state = new_game(game, players, seed)
            states.append(state.clone())
            # Where to stop: random steps of a game whose length is not known beforehand,
            # so pick them among the first steps of a long game and keep those reached.
            marks = sorted(rng.sample(range(1, 400), per_game))
            step = 0
            while not state.is_over:
                one_random_step(state, rng)
                step += 1
                if marks and step == marks[0]:
                    marks.pop(0)
                    states.append(state.clone())
            states.append(state)
    return states


# -- what a clean refusal is ------------------------------------------------------------

def fingerprint(state: GameState) -> tuple[Any, ...]:
    """Everything a refusal must leave as it was."""
    return (state.digest(), len(state.history), tuple(state.history[-1:]),
            state.rng.getstate())


def refused(call: Callable[[], object], error: type[Exception] = IllegalAction) -> str | None:
    """None if ``call`` raised ``error``; else what it did instead."""
    try:
        call()
    except error:
        return None
    except RecursionError:
        return "RecursionError"
    except Exception as other:  # any other exception is the finding
        return type(other).__name__
    return "accepted"


@dataclass(frozen=True)
class Probe:
    """One malformed input: which entry it goes to (``kind``), the state (by index in
    the pool) and the arguments."""

    kind: str
    index: int
    args: tuple[Any, ...]

    def __str__(self) -> str:
        return f"{self.kind}({', '.join(describe(a) for a in self.args)}) on state {self.index}"


def _acting_seat_and_time(state: GameState) -> tuple[int, float | None] | None:
    acting = state.acting()
    if acting.kind in ("chance", "over"):
        return None
    seat = acting.seats[0]
    return seat, (None if acting.kind == "turn" else 0.0)


def check(probe: Probe, game: Game, pool: Sequence[GameState]) -> str | None:
    """Run one probe; None if it was refused cleanly, else what went wrong."""
    kind, args = probe.kind, probe.args
    if kind == "parse":
        return _check_parse(game, pool[probe.index], args[0])
    if kind == "options":
        players, seed, options = args
        problem = refused(lambda: game.new(players, seed, **options), OptionError)
        if problem is None and type(seed) is int and seed == 0:  # not a probe of the seed
            problem = refused(lambda: game.resolve_options(players, options), OptionError)
        return problem
    state = pool[probe.index]
    before = fingerprint(state)
    if kind == "act":
        seat, action, at_ms = args
        problem = (refused(lambda: state.verify(seat, action, at_ms))
                   or _can_says_no(state, seat, action, at_ms)
                   or refused(lambda: state.apply(seat, action, at_ms)))
    elif kind == "view":
        seat, at_ms = args
        problem = refused(lambda: state.view(seat, at_ms))
    elif kind == "legal":
        problem = refused(lambda: state.legal_actions(args[0]))
    elif kind == "resample":
        problem = refused(lambda: state.resample(args[0], random.Random(0)))
    elif kind == "chance":
        problem = refused(lambda: state.apply_chance(args[0]))
    elif kind == "draw":
        problem = refused(state.draw_chance)
    else:
        raise ValueError(f"no probe kind {kind!r}")
    try:
        after = fingerprint(state)
    except Exception as error:
        return f"{problem or 'refused'}, then the state is broken ({type(error).__name__})"
    if after != before:
        return f"{problem or 'refused'} but changed the state"
    return problem


def _can_says_no(state: GameState, seat: Any, action: Any, at_ms: Any) -> str | None:
    try:
        answer = state.can(seat, action, at_ms)
    except Exception as error:
        return f"can() raised {type(error).__name__}"
    return "can() said yes" if answer else None


def _check_parse(game: Game, state: GameState, text: Any) -> str | None:
    """A text is refused, or read as an action whose own text reads back to it and that
    the state accepts or refuses cleanly."""
    try:
        action = game.parse_action(text)
    except IllegalAction:
        return None
    except Exception as error:
        return type(error).__name__
    try:
        again = game.parse_action(str(action))
    except Exception as error:
        return f"read {describe(text)} as an action whose text does not read back " \
               f"({type(error).__name__})"
    if again != action:
        return f"read {describe(text)} as an action whose text reads as another"
    where = _acting_seat_and_time(state)
    if where is not None:
        try:
            state.clone().can(where[0], action, where[1])
        except Exception as error:
            return f"read {describe(text)}, then can() raised {type(error).__name__}"
    return None


# -- strategies ---------------------------------------------------------------------------

def _bent_texts(pool: Sequence[GameState]) -> list[str]:
    """Legal action texts with a number in them replaced by something that is no number."""
    texts: set[str] = set()
    for state in pool:
        acting = state.acting()
        for seat in acting.seats:
            texts.update(str(a) for a in state.legal_actions(seat)[:20])
    bent: list[str] = []
    for text in sorted(texts):
        words = text.split()
        bent.append(text.upper())
        bent.append(text + "\x00")
        for i, word in enumerate(words):
            if any(c.isdigit() for c in word):
                for odd in ("inf", "nan", "-inf", "1e999", "9" * 400, "-" + "9" * 400,
                            "\u0663", "\u00b2", "1_0", "+1", "0x1", word + ".5", " "):
                    bent.append(" ".join([*words[:i], odd, *words[i + 1:]]))
    return bent


def text_inputs(pool: Sequence[GameState]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.sampled_from(ODD_TEXTS),
        st.sampled_from(_bent_texts(pool) or [""]),
        st.text(max_size=30),
        st.text(alphabet="passlrevaydo 0123456789.-+einf\x00\t\n", max_size=24),
        st.sampled_from([None, 0, 1.5, NAN, HUGE, b"pass", ["pass"], ("pass",), {"a": 1},
                         True, object()]),
    )


def _other_games_actions(game: Game, games: Sequence[Game]) -> list[Any]:
    """Actions of the other games (their own classes, never this game's nor the
    engine's shared Pass)."""
    out: list[Any] = []
    package = type(game).__module__.rpartition(".")[0]
    for other in games:
        if other is game:
            continue
        state = new_game(other, other.max_players, 0)
        rng = random.Random(0)
        for _ in range(200):
            if state.is_over:
                break
            acting = state.acting()
            for seat in acting.seats:
                out.extend(a for a in state.legal_actions(seat)[:3]
                           if not type(a).__module__.startswith(package)
                           and type(a).__module__.startswith("gamenight.games"))
            one_random_step(state, rng)
    return out[:200]


def _bent_fields(action: Any) -> list[Any]:
    """The action with one field of the wrong type, or far outside any range."""
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return []
    out = []
    for f in dataclasses.fields(action):
        if not f.init:
            continue
        value = getattr(action, f.name)
        odd: list[Any] = [None, NAN, INF, [value], (value,), {}, b"1", 1j]
        if type(value) is int:
            odd += [True, False, float(value), value + 0.5, str(value), HUGE, -HUGE, 2**63]
        elif type(value) is str:
            odd += [1, 1.0, True, value.encode(), "", "\x00", value + "\x00", "x" * 10_000]
        for bad in odd:
            try:
                out.append(dataclasses.replace(action, **{f.name: bad}))
            except Exception:  # a class that refuses it at once is fine
                continue
    return out


def act_inputs(game: Game, pool: Sequence[GameState],
               games: Sequence[Game]) -> st.SearchStrategy[Probe]:
    """A seat's action with exactly one thing wrong: the seat, the time, or the action."""
    others = _other_games_actions(game, games)

    @st.composite
    def probe(draw: st.DrawFn) -> Probe:
        index = draw(st.integers(0, len(pool) - 1))
        state = pool[index]
        acting = state.acting()
        legal: list[Any] = []
        seat, at_ms = 0, None
        if acting.kind not in ("chance", "over"):
            seat = draw(st.sampled_from(acting.seats))
            legal = state.legal_actions(seat)
            at_ms = None if acting.kind == "turn" else 0.0
        what = draw(st.sampled_from(["seat", "time", "action", "action"] if legal
                                    else ["action"]))
        if what == "seat":
            bad_seat = draw(st.sampled_from([*BAD_SEATS, state.players, state.players + 1]))
            return Probe("act", index, (bad_seat, draw(st.sampled_from(legal)), at_ms))
        if what == "time":
            times: list[Any] = list(BAD_TIMES)
            if acting.kind == "turn":
                times += [0.0, 5, 1e3]  # a turn takes no time
            elif acting.kind == "window":
                times.append(None)  # a window needs one
            if acting.deadline_ms is not None:
                times += [acting.deadline_ms + 1, acting.deadline_ms * 2]
            return Probe("act", index, (seat, draw(st.sampled_from(legal)),
                                        draw(st.sampled_from(times))))
        candidates: list[Any] = [None, 0, 1, -1, 1.5, NAN, "pass", "", b"pass", object(),
                                 [], {}, game, state, *others]
        for action in legal[:10]:
            candidates += [str(action), [action], (action,), *_bent_fields(action)]
        return Probe("act", index, (seat, draw(st.sampled_from(candidates)), at_ms))

    return probe()


def view_inputs(pool: Sequence[GameState]) -> st.SearchStrategy[Probe]:
    @st.composite
    def probe(draw: st.DrawFn) -> Probe:
        index = draw(st.integers(0, len(pool) - 1))
        state = pool[index]
        kind = draw(st.sampled_from(["view seat", "view time", "legal", "resample"]))
        seats = [*BAD_SEATS, state.players, state.players + 1]
        if kind == "view seat":
            return Probe("view", index, (draw(st.sampled_from([s for s in seats
                                                                if s is not None])), None))
        if kind == "view time":
            seat = draw(st.sampled_from([None, *range(state.players)]))
            times = [t for t in BAD_TIMES if t is not None]
            return Probe("view", index, (seat, draw(st.sampled_from(times))))
        return Probe(kind, index, (draw(st.sampled_from(seats)),))

    return probe()


@functools.cache  # Building 50,000 levels anew for every probe was a quarter of the fuzz.
def _nested(depth: int, dicts: bool) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = {"k": value} if dicts else [value]
    return value


def _bent_outcome(outcome: Any, rng: random.Random) -> list[Any]:
    """A valid outcome bent out of shape so that no game could take it."""
    out: list[Any] = [[outcome], (outcome,), {"outcome": outcome}]
    if isinstance(outcome, list) and outcome:
        out += [outcome[:-1], [*outcome, outcome[0]], tuple(outcome), [*outcome, None]]
        i = rng.randrange(len(outcome))
        for bad in _bent_leaf(outcome[i]):
            out.append([*outcome[:i], bad, *outcome[i + 1:]])
        if isinstance(outcome[0], list) and outcome[0]:  # one level down (Fluster's pads)
            inner = outcome[0]
            for bad in _bent_outcome(inner, rng)[3:]:
                out.append([bad, *outcome[1:]])
    elif isinstance(outcome, dict) and outcome:
        key = sorted(outcome)[0]
        out += [{k: v for k, v in outcome.items() if k != key}, {**outcome, "extra": 1},
                dict.fromkeys([1], outcome[sorted(outcome)[0]])]
        for bad in _bent_outcome(outcome[key], rng)[3:]:
            out.append({**outcome, key: bad})
    else:
        out += _bent_leaf(outcome)
    return out


def _bent_leaf(value: Any) -> list[Any]:
    if type(value) is int:
        return [True, False, float(value), value + 0.5, str(value), -1 - value, HUGE,
                NAN, None]
    if type(value) is str:
        words = value.split()
        out = [value + "\x00", "", value.encode(), "nan nan nan", "inf inf 0.00",
               "1" * 400 + ".0000 1.0000 0.00", "-" + "9" * 400 + ".0000 0.0000 1.00"]
        if words:
            out.append(" ".join(["9" * 400 + ".0000", *words[1:]]))
        return out
    return [None, NAN]


def chance_inputs(pool: Sequence[GameState]) -> st.SearchStrategy[Probe]:
    """Chance outcomes no game could take: deep nesting, wrong types and shapes, huge
    numbers, NaN, a valid outcome bent; and draws when no chance is due."""
    bent: dict[int, list[Any]] = {}
    for i, state in enumerate(pool):
        if state.acting().kind == "chance":
            valid = state.clone().sample_chance()
            bent[i] = _bent_outcome(valid, random.Random(i))
    generic: list[Any] = [None, True, NAN, INF, -INF, HUGE, -HUGE, -1, 1.5, "", "\x00",
                          "x" * 100_000, b"1", object(), {1, 2}, {"a": NAN}, [NAN], [INF],
                          {(1,): 1}, list(range(100_000)), [[]] * 10_000, 1j]
    not_due = [i for i, state in enumerate(pool) if state.acting().kind != "chance"]

    @st.composite
    def probe(draw: st.DrawFn) -> Probe:
        index = draw(st.integers(0, len(pool) - 1))
        if not_due and draw(st.integers(0, 4)) == 0:
            return Probe("draw", draw(st.sampled_from(not_due)), ())
        what = draw(st.sampled_from(["generic", "deep", "bent"] if index in bent
                                    else ["generic", "deep"]))
        if what == "deep":
            depth = draw(st.sampled_from([30, 100, 1_000, 5_000, 50_000]))
            return Probe("chance", index, (_nested(depth, draw(st.booleans())),))
        if what == "bent":
            return Probe("chance", index, (draw(st.sampled_from(bent[index])),))
        return Probe("chance", index, (draw(st.sampled_from(generic)),))

    return probe()


def _bad_option_values(game: Game) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = [("no_such_option", 1), ("", 1), ("FLUTTER", 1.0)]
    for option in game.options:
        default = option.default
        odd: list[Any] = [None, [default], {}, b"1", object(), 1j]
        if type(default) is float:
            odd += [NAN, INF, -INF, "nan", "inf", "-inf", "1e999", HUGE, True, "abc"]
            if option.minimum is not None:
                odd += [option.minimum - 1, option.minimum - 1e-9]
            if option.maximum is not None:
                odd += [option.maximum + 1, option.maximum * 10 + 1]
        elif type(default) is int:
            odd += [True, False, 1.5, "1.5", NAN, INF, "abc", "", 0.5]
            if option.minimum is not None:
                odd += [option.minimum - 1, int(option.minimum) - HUGE]
            if option.maximum is not None:
                odd += [option.maximum + 1, HUGE]
        elif type(default) is bool:
            odd += ["maybe", "", 2, -1, 0.5, NAN, "2"]
        elif type(default) is str:
            odd += [1, 1.5, True]
            if option.choices is not None:
                odd += ["not-a-choice", "", option.choices[0].upper() + "\x00"]
        out += [(option.name, value) for value in odd]
    return out


def option_inputs(game: Game) -> st.SearchStrategy[Probe]:
    bad_players = [True, False, 2.5, "2", -1, 0, game.max_players + 1, None, HUGE, NAN,
                   [2], float(game.max_players)]
    bad_seeds = ["123", 1.5, None, True, -1, NAN, [1], b"1"]
    options = _bad_option_values(game)

    @st.composite
    def probe(draw: st.DrawFn) -> Probe:
        what = draw(st.sampled_from(["players", "seed", "option", "option", "option"]))
        players = game.max_players
        if what == "players":
            return Probe("options", 0, (draw(st.sampled_from(bad_players)), 0, {}))
        if what == "seed":
            return Probe("options", 0, (players, draw(st.sampled_from(bad_seeds)), {}))
        name, value = draw(st.sampled_from(options))
        return Probe("options", 0, (players, 0, {name: value}))

    return probe()


def probes(game: Game, pool: Sequence[GameState],
           games: Sequence[Game]) -> st.SearchStrategy[Probe]:
    """Every kind of malformed input, for one game over a pool of its states."""
    texts = text_inputs(pool)
    parse = st.builds(lambda i, t: Probe("parse", i, (t,)),
                      st.integers(0, len(pool) - 1), texts)
    return st.one_of(parse, act_inputs(game, pool, games), view_inputs(pool),
                     chance_inputs(pool), option_inputs(game))
