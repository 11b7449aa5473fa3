"""Every gamenight game as an OpenSpiel Python game.

    from gamenight.interop import openspiel
    openspiel.register()
    game = pyspiel.load_game("python_gamenight_fly", {"players": 3})

One generic game class serves every registered game through its encoding
(``interop.encoding``) and :class:`~gamenight.interop.core.Table`.  Turns are sequential
moves, simultaneous decisions and reaction-window rounds are simultaneous moves (a seat
that does not choose plays the no-op, the last action), and chance is explicit: the
game's own outcomes where it lists them, else a choice among seeds of its generator (see
``Table.chance_outcomes``).  Rewards come at the end.  States serialize to JSON through
the game's record, never pickle.

Actions, as OpenSpiel's own games take them: an action that is not legal for the player
now (not in ``legal_actions(player)``, or not a chance outcome now) raises
:class:`IllegalSpielAction`, a ``pyspiel.SpielError`` as OpenSpiel's checks raise (and
an ``IllegalAction``, gamenight's own), and changes nothing.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable

import numpy as np
import pyspiel

from gamenight.engine import Game, IllegalAction
from gamenight.engine.checks import describe
from gamenight.engine.game import JSON, OptionError
from gamenight.games import GAMES
from gamenight.interop.core import DRAW_SEEDS, Table, default_players
from gamenight.interop.encoding import encoding_for
from gamenight.interop.layout import Layout, Parts
from gamenight.interop.players import SeatPlayer, definition, table_choice

PREFIX = "python_gamenight_"
#: Parameters every game takes besides its own options.
SEED = "seed"
REACTION = "reaction"
#: A game with joint decisions (simultaneous choices, reaction windows) takes this flag:
#: its sequential form, for search that needs turns (see ``GamenightGame``).
SEQUENTIAL = "sequential"


def game_name(game_id: str) -> str:
    """OpenSpiel's name for a gamenight game: ``python_gamenight_<id>``, hyphens as
    underscores."""
    return PREFIX + game_id.replace("-", "_")


def _parameters(game: Game) -> dict[str, JSON]:
    params: dict[str, JSON] = {"players": default_players(game), SEED: 0, REACTION: "average"}
    if encoding_for(game, default_players(game), {}).joint_decisions:
        params[SEQUENTIAL] = False
    for option in game.options:
        params[option.name] = option.default
    return params


def _game_type(game: Game, sequential: bool = False) -> pyspiel.GameType:
    players = default_players(game)
    encoding = encoding_for(game, players, {})
    info = pyspiel.GameType.Information
    chance = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=game_name(game.id),
        long_name=f"gamenight {game.title}",
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS
                  if encoding.joint_decisions and not sequential
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        # Explicit even where the game samples: see Table.chance_outcomes.  OpenSpiel's
        # serializer asks a SAMPLED_STOCHASTIC game for its generator's state, which its
        # bridge to Python games cannot give ("GetRNGState unimplemented"), so such a
        # game could not pass random_sim_test(serialize=True).
        chance_mode=chance.EXPLICIT_STOCHASTIC,
        information=(info.PERFECT_INFORMATION if encoding.perfect_information
                     else info.IMPERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_parameters(game),
    )


#: OpenSpiel's player id for each kind of decision but a turn (whose player is its seat).
_PLAYER_OF: dict[str, int] = {"over": int(pyspiel.PlayerId.TERMINAL),
                              "chance": int(pyspiel.PlayerId.CHANCE),
                              "joint": int(pyspiel.PlayerId.SIMULTANEOUS)}


class IllegalSpielAction(pyspiel.SpielError, IllegalAction):  # type: ignore[misc]
    """An action the state does not allow now: a ``pyspiel.SpielError`` (a RuntimeError),
    as OpenSpiel's own checks raise, and an ``IllegalAction`` (a ValueError)."""


class GamenightGame(pyspiel.Game):  # type: ignore[misc]
    """One gamenight game at one table size and options, for OpenSpiel.

    ``sequential=True`` (games with joint decisions only) loads the game's sequential
    form, for search that needs turns and resampling (OpenSpiel's IS-MCTS): each joint
    decision is taken one seat at a time, the lowest seat still to choose first, and the
    others learn only that it chose.  A simultaneous choice is applied at once, kept
    secret by the game itself (its views and the information states show who has
    chosen, never what); a reaction window's round is held by the table until its last
    seat has chosen, then timed and applied as in the simultaneous form (the
    observation strings then say who has chosen, and a seat its own choice; the tensors
    show the game as it was before the round).  ``pyspiel.load_game_as_turn_based``
    makes a turn-based game too, but its wrapper forwards no ``resample_from_infostate``.
    """

    def __init__(self, game: Game, params: dict[str, JSON] | None = None) -> None:
        params = dict(params or {})
        players = int(params.pop("players", default_players(game)))
        self.seed = int(params.pop(SEED, 0))
        self.reaction = str(params.pop(REACTION, "average"))
        self.sequential = bool(params.pop(SEQUENTIAL, False))
        try:
            self.options = game.resolve_options(players, params)
        except OptionError as exc:
            raise pyspiel.SpielError(str(exc)) from None
        self.definition = game
        self.players = players
        probe = self.initial = Table(game, players, self.seed, self.options, self.reaction,
                                     sequential=self.sequential)
        encoding = self.encoding = probe.encoding
        if self.sequential and not encoding.joint_decisions:
            raise pyspiel.SpielError(f"{game.id} has no joint decisions: it is sequential")
        low, high = probe.return_bounds
        # In the sequential form each joint decision is up to one turn per seat.
        length = encoding.max_game_length * (players if self.sequential else 1)
        given: dict[str, JSON] = {"players": players, SEED: self.seed, REACTION: self.reaction}
        if encoding.joint_decisions:
            given[SEQUENTIAL] = self.sequential
        super().__init__(
            _game_type(game, self.sequential),
            pyspiel.GameInfo(
                num_distinct_actions=encoding.num_actions + 1,
                max_chance_outcomes=(encoding.max_chance_outcomes
                                     if encoding.chance == "explicit" else DRAW_SEEDS),
                num_players=players,
                min_utility=float(low),
                max_utility=float(high),
                utility_sum=None,
                max_game_length=length,
            ),
            {**given, **self.options},
        )

    def new_initial_state(self) -> GamenightState:
        return GamenightState(self)

    def new_table(self) -> Table:
        """The table of a new game: the same every time (OpenSpiel's initial state is
        one state), so chance alone, through chance nodes, makes games differ."""
        return self.initial.clone()

    def make_py_observer(self, iig_obs_type: pyspiel.IIGObservationType | None = None,
                         params: dict[str, JSON] | None = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.encoding.layout, perfect_recall)

    def deserialize_state(self, text: str) -> GamenightState:
        """The state ``serialize`` wrote as ``text``; ``serial.MalformedStateError`` (a
        ValueError) naming what is wrong with a text that is not one of this game, at
        this table and options, and nothing else."""
        from gamenight.interop.serial import MalformedStateError

        table = Table.deserialize(self.definition, text)
        if (table.players, table.state.options, table.sequential) != (
                self.players, self.options, self.sequential):
            raise MalformedStateError(
                f"a serialized state of {table.players} players with options "
                f"{describe(table.state.options)}"
                f"{' (sequential)' if table.sequential else ''}, not of this game's table "
                f"of {self.players} with {describe(self.options)}"
                f"{' (sequential)' if self.sequential else ''}")
        return GamenightState(self, table)


class GamenightState(pyspiel.State):  # type: ignore[misc]
    """A game in progress, as OpenSpiel sees it.

    OpenSpiel clones and deserializes a Python state by making a new initial state and
    overwriting its attributes, so a new state makes its table only when first used: a
    clone never makes a table it throws away.
    """

    def __init__(self, game: GamenightGame, table: Table | None = None) -> None:
        super().__init__(game)
        self._table = table

    @property
    def table(self) -> Table:
        """The game's table, to read (a state not yet played reads the game's shared
        initial table: OpenSpiel makes a throwaway initial state whenever it wants an
        observation's shape)."""
        return self._table if self._table is not None else self.get_game().initial

    def _playing(self) -> Table:
        """The table to change: this state's own."""
        if self._table is None:
            self._table = self.get_game().new_table()
        return self._table

    # -- who moves ----------------------------------------------------------------------
    # The methods asked at every step of a search's playout (is_terminal,
    # is_chance_node, legal_actions or chance_outcomes, and apply_action, which asks
    # current_player and _apply_action from C++) read ``self._table`` first and fall
    # back to the ``table`` property only for a state not yet played: the table's
    # cached decision, with one Python call fewer each.
    def current_player(self) -> int:
        decision = (self._table or self.table).decision()
        kind = decision.kind
        return decision.seats[0] if kind == "turn" else _PLAYER_OF[kind]

    # OpenSpiel's own is_chance_node, is_simultaneous_node and legal_actions ask
    # current_player (Python, from C++) again; answered here from the table's decision,
    # the same answers at a third of the cost for Python callers (C++ callers still go
    # through current_player and _legal_actions).
    def is_chance_node(self) -> bool:
        return (self._table or self.table).decision().kind == "chance"

    def is_simultaneous_node(self) -> bool:
        return (self._table or self.table).decision().kind == "joint"

    def legal_actions(self, player: int | None = None) -> list[int]:
        table = self._table or self.table
        decision = table.decision()
        if decision.kind == "turn":
            seat = decision.seats[0]
            if player is None or player == seat:
                return list(table.legal(seat))  # a copy: the caller may change it
            return []
        if player is None:
            return list(pyspiel.State.legal_actions(self))
        return list(pyspiel.State.legal_actions(self, player))

    def _legal_actions(self, player: int) -> list[int]:
        table = self.table
        decision = table.decision()
        if decision.kind == "joint":
            legal = table.legal(player)
            return legal if legal else [table.noop]
        if decision.kind == "turn" and player == decision.seats[0]:
            return table.legal(player)
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return (self._table or self.table).chance_outcomes()

    # -- moves --------------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        table = self._table or self._playing()
        decision = table.decision()
        kind = decision.kind
        try:
            if kind == "turn":  # the common case first
                seat = decision.seats[0]
                legal = table.legal(seat)
                at = bisect_left(legal, action)  # legal is ascending: no scan of 600 calls
                if at == len(legal) or legal[at] != action:
                    raise _refusal(seat, action, legal)
                table.apply_turn(seat, table.decode(seat, int(action)))
                return
            if kind == "chance":
                table.apply_chance(int(action))
                return
            raise IllegalAction(f"no player moves alone now (the decision is "
                                f"{kind}): apply_actions takes a joint one")
        except IllegalAction as exc:
            raise IllegalSpielAction(str(exc)) from None

    def _apply_actions(self, actions: list[int]) -> None:
        table = self._playing()
        decision = table.decision()
        try:
            if decision.kind != "joint":
                raise IllegalAction(f"no joint decision is open (the decision is "
                                    f"{decision.kind})")
            if len(actions) != table.players:
                raise IllegalAction(f"a joint decision takes one action per player "
                                    f"({table.players}), not {len(actions)}")
            for player in range(table.players):  # every action checked before any is taken
                self._checked(player, actions[player])
            table.apply_joint({seat: table.decode(seat, int(actions[seat]))
                               for seat in decision.seats})
        except IllegalAction as exc:
            raise IllegalSpielAction(str(exc)) from None

    def _checked(self, player: int, action: int) -> int:
        """``action`` if it is one of ``player``'s legal actions now (the no-op for a
        player who does not choose in a joint decision); IllegalAction otherwise."""
        legal = self._legal_actions(player)
        if action not in legal:
            raise _refusal(player, action, legal)
        return int(action)

    def _action_to_string(self, player: int, action: int) -> str:
        table = self.table
        if player == pyspiel.PlayerId.CHANCE:
            if table.encoding.chance == "sampled":
                return f"chance draws with seed {action}"
            return f"chance {action}"
        if action == table.noop:
            return "no-op"
        try:
            return f"seat {player}: {table.decode(player, int(action))}"
        except Exception:
            return f"seat {player}: action {action}"

    # -- the end ------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return (self._table or self.table).decision().kind == "over"

    def returns(self) -> list[float]:
        return (self._table or self.table).returns()

    def rewards(self) -> list[float]:
        # Rewards come only at the end, all at once: the last step's reward is the return.
        return self.table.returns() if self.table.is_over else [0.0] * self.table.players

    # -- information --------------------------------------------------------------------
    def information_state_string(self, player: int | None = None) -> str:
        return self.table.information_text(self._player(player))

    def observation_string(self, player: int | None = None) -> str:
        return self.table.observation_text(self._player(player))

    def _player(self, player: int | None) -> int:
        if player is None:
            player = self.current_player()
        if not 0 <= player < self.table.players:
            raise pyspiel.SpielError(f"no seat {player} to observe for")
        return int(player)

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> GamenightState:
        """A state ``player_id`` cannot tell from this one, for IS-MCTS."""
        seed = int(float(probability_sampler()) * 2**53)
        return GamenightState(self.get_game(),
                              self.table.resample(int(player_id), random.Random(seed)))

    # -- copies and text ----------------------------------------------------------------
    def serialize(self) -> str:
        return self.table.serialize()

    def __str__(self) -> str:
        import json

        table = self.table
        shown: dict[str, object] = {"state": table.state.snapshot(), "clock": table.clock}
        if table.pending:  # the sequential form's choices held in a window's round
            shown["pending"] = {str(s): str(a) for s, a in table.pending.items()}
        return json.dumps(shown, sort_keys=True, separators=(",", ":"), default=str)


def _refusal(player: int, action: int, legal: list[int]) -> IllegalAction:
    shown = legal if len(legal) <= 12 else f"{len(legal)} actions"
    return IllegalAction(f"player {player} may not take action {action} now (legal: {shown})")


class Observer:
    """OpenSpiel's observer: the seat's view as the encoding's tensor and as text, or
    with perfect recall, the information state as text (no tensor).  ``dict`` names the
    tensor's pieces (the encoding's layout, ``docs/interop/<game>.md``), each a view of
    ``tensor`` in its own shape, as OpenSpiel's own observers do."""

    def __init__(self, layout: Layout, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        if perfect_recall:
            self.tensor: np.ndarray | None = None
            self.dict: Parts = {}
        else:
            self.tensor = layout.zeros()
            self.dict = layout.parts(self.tensor)

    def set_from(self, state: GamenightState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = state.table.observe(player)

    def string_from(self, state: GamenightState, player: int) -> str:
        if self.perfect_recall:
            return state.table.information_text(player)
        return state.table.observation_text(player)


_REGISTERED: set[str] = set()


def register() -> list[str]:
    """Register every gamenight game with OpenSpiel (once); returns their names."""
    return [register_game(game) for game in GAMES.values()]


def register_game(game: Game) -> str:
    """Register one game definition with OpenSpiel (once); returns its name."""
    name = game_name(game.id)
    if name not in _REGISTERED:
        pyspiel.register_game(_game_type(game), _factory(game))
        _REGISTERED.add(name)
    return name


def _factory(game: Game) -> type[GamenightGame]:
    """A subclass of :class:`GamenightGame` bound to ``game``, for OpenSpiel to call
    with the parameters.  A class rather than a closure: OpenSpiel's registry outlives
    the interpreter, and a closure freed after it stops would crash the process on
    exit (a class is kept alive by its own references)."""

    def init(self: GamenightGame, params: dict[str, JSON] | None = None) -> None:
        GamenightGame.__init__(self, game, params)

    name = "Gamenight" + "".join(part.title() for part in game.id.split("-"))
    return type(name, (GamenightGame,), {"__init__": init})


# -- our bots as OpenSpiel players ------------------------------------------------------------
class GamenightBot(pyspiel.Bot):  # type: ignore[misc]
    """One of our bots at one seat of an OpenSpiel game made by this adapter (the bot
    plays as at any of our tables: ``interop.players.SeatPlayer``)."""

    def __init__(self, player: SeatPlayer) -> None:
        pyspiel.Bot.__init__(self)
        self.player = player

    def step(self, state: GamenightState) -> int:
        table = state.table
        seat = self.player.seat
        decision = table.decision()
        if seat not in decision.seats:
            if decision.kind == "joint":
                return int(table.noop)  # OpenSpiel asks every player at a joint node
            raise pyspiel.SpielError(f"seat {seat} does not move now "
                                     f"(the decision is {decision.kind})")
        try:
            return table_choice(self.player, table)
        except IllegalAction as exc:
            raise pyspiel.SpielError(str(exc)) from None

    def restart_at(self, state: GamenightState) -> None:
        self.player.restart()

    def inform_action(self, state: GamenightState, player_id: int, action: int) -> None:
        """Nothing to do: the player reads what its seat saw from the game's history
        when next asked (chance is never informed)."""

    def inform_actions(self, state: GamenightState, actions: list[int]) -> None:
        """As :meth:`inform_action`."""

    def provides_policy(self) -> bool:
        return False

    def is_clonable(self) -> bool:
        return False


def bot(game: object, name: str, seat: int, *, seed: int = 0) -> pyspiel.Bot:
    """A ``pyspiel.Bot`` playing our bot spec ``name`` (``perfect``, ``master``,
    ``memory:child``) at ``seat`` of an OpenSpiel game made by this adapter (``game``:
    that game, its gamenight definition or its id).  Use it with
    ``pyspiel.evaluate_bots`` or a loop of ``bot.step(state)``; at a joint node it
    answers the no-op when its seat does not choose."""
    return GamenightBot(SeatPlayer(definition(game), name, seat, seed))
