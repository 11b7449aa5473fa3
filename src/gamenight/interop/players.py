"""Our bots as players of the research frameworks: the seat player behind an OpenSpiel
``pyspiel.Bot`` (``interop.openspiel.bot``, which the OpenSpiel adapter builds on it) and
a PettingZoo policy, each playing one bot spec at one seat of a game made by our adapters.

    from gamenight.interop import openspiel
    ours = openspiel.bot(spiel_game, "perfect", seat=1, seed=7)

    from gamenight.interop import pettingzoo
    aec = pettingzoo.env("by-golly", players=2)
    policy = pettingzoo.policy(aec, "perfect", seat=1)
    action = policy(observation, "player_1")

A bot plays as it does at any of our tables.  It is asked through the bot driver's
:func:`~gamenight.bots.driver.decide` on the adapter's game state, so a searching bot
gets the driver's sampler of the states its seat cannot tell apart, and a bot never
holds the state itself, only its seat's view.  A forced move is taken without asking,
as the driver takes it.

**Memory.**  A framework tells a player little: OpenSpiel's ``evaluate_bots`` never
tells a bot what chance did, and a PettingZoo policy sees only its own turns.  So a
bot that remembers (By Golly!'s ``memory`` and ``perfect``) or listens is shown what its
seat saw from the game's own history: before each decision the player replays the steps
it has not seen yet on a copy of the game and, as the driver does, shows the bot its
seat's view after every step (a window or simultaneous decision once it closes) and
tells it the events in its seat's form.  It sees exactly what its seat saw, no more: a
card another seat turned over and put back, not the cards still face down.  A history
that does not continue the one it followed (the framework started another game) gives
the player a new bot for the new game.

**Windows.**  In a reaction window the bot chooses from the view at the window's clock;
the frameworks pass on its action but not the moment it chose, so the adapter times
the action from the table's reaction model (``docs/interop.md``).
"""

from __future__ import annotations

from typing import Any

from gamenight.bots.base import Bot, make_bot
from gamenight.bots.driver import BotDriver, decide
from gamenight.engine import Game, GameState
from gamenight.engine.game import Acting
from gamenight.engine.seeding import derive_seed
from gamenight.games import get_game
from gamenight.interop.core import Table


def definition(game: object) -> Game:
    """The gamenight game behind ``game``: a game id, a game definition, or a game made
    by our adapters (an OpenSpiel game's ``definition``, a PettingZoo env's ``game``)."""
    if isinstance(game, str):
        return get_game(game)
    if isinstance(game, Game):
        return game
    for name in ("definition", "game"):
        inner = getattr(game, name, None)
        if isinstance(inner, Game):
            return inner
    raise TypeError(f"not a gamenight game or one made by its adapters: {game!r:.60}")


class SeatPlayer:
    """Bot spec ``name`` at ``seat``, asked on any adapter's game state (see the
    module's docstring): the bot of the first game is seeded with ``seed``, each later
    game's with a seed derived from it."""

    def __init__(self, game: Game, name: str, seat: int, seed: int = 0) -> None:
        self.game = game
        self.name = name
        self.seat = seat
        self.seed = seed
        self.games = 0  # games the bot was made for before this one
        self.bot: Bot[Any] = make_bot(game, name, seat, seed)  # a bad spec fails here
        self._fresh = True  # the bot has not been shown or asked anything yet
        #: A copy of the game being followed, as far as the bot has been shown it, with
        #: a bot driver that shows and tells the bot each step as at a table.
        self._follow: GameState[Any] | None = None
        self._watch: BotDriver | None = None

    @property
    def follows(self) -> bool:
        """True for a bot that must be shown every step (it remembers or listens)."""
        return self.bot.remembers or self.bot.listens

    def restart(self) -> None:
        """The next state asked about is a new game: a new bot, with nothing in mind."""
        if not self._fresh:
            self.games += 1
            self.bot = make_bot(self.game, self.name, self.seat,
                                derive_seed(self.seed, "game", self.games))
            self._fresh = True
        self._follow = self._watch = None

    def choose(self, state: GameState[Any], from_ms: float = 0.0) -> tuple[Any, float | None]:
        """The bot's action for this seat in the decision now (and in a window, the
        moment it chose, from ``from_ms`` on), after it has been shown what it missed."""
        self.catch_up(state)
        self._fresh = False
        acting = state.acting()
        if acting.kind == "turn":
            legal = state.legal_actions(self.seat)
            if len(legal) == 1:
                return legal[0], None  # a forced move needs no thought (the driver's rule)
        if self._watch is not None:
            self._watch.tell()
        return decide(self.bot, state, self.seat, from_ms)

    # -- what the seat saw ------------------------------------------------------------
    def catch_up(self, state: GameState[Any]) -> None:
        """Show the bot every step of ``state`` it has not seen (a bot with no memory
        needs none of it)."""
        if not self.follows:
            return
        follow = self._follow
        if follow is not None and not _continues(state, follow):
            self.restart()
            follow = None
        if follow is None:
            # The game's own setup (or position), none of its steps yet.
            follow = self._follow = state.remade([], 0)
            bots: list[Bot[Any] | None] = [None] * follow.players
            bots[self.seat] = self.bot
            self._watch = BotDriver(follow, bots)
            self._fresh = False
            self._watch.show()
        for step in state.history[len(follow.history):]:
            before = follow.acting()
            if step.seat is None:
                follow.apply_chance(step.value)
            else:
                follow.apply_text(step.seat, step.value, step.at_ms)
            if not _still_open(before, follow.acting()) and self._watch is not None:
                self._watch.show()  # events first, then the seat's view, as the driver does


def _continues(state: GameState[Any], follow: GameState[Any]) -> bool:
    """True when ``state`` is the game ``follow`` copies, as far as it went or further."""
    seen = len(follow.history)
    return (state.game is follow.game and state.seed == follow.seed
            and state.players == follow.players and state.options == follow.options
            and state.start == follow.start and len(state.history) >= seen
            and (seen == 0 or state.history[seen - 1] == follow.history[-1]))


def _still_open(before: Acting, after: Acting) -> bool:
    """True when a step left its window or simultaneous decision open (the driver shows
    such a decision once, when it closes)."""
    if before.kind == "window":
        return after.kind == "window"
    if before.kind == "simultaneous":
        return after.kind == "simultaneous" and set(after.seats) < set(before.seats)
    return False


def table_choice(player: SeatPlayer, table: Table) -> int:
    """The player's action at ``table`` now, as the encoding's index (FLY's free aim
    becomes the nearest aim the encoding numbers)."""
    action, _ = player.choose(table.state, table.clock)
    return table.encoding.index(table.view(player.seat), action)


# -- PettingZoo -----------------------------------------------------------------------------
class Policy:
    """Our bot spec at one agent of a PettingZoo environment made by
    ``gamenight.interop.pettingzoo`` (AEC or Parallel): ``policy(observation, agent)``
    gives the action index.  The observation is not read: the bot decides from its
    seat's view of the environment's table, which holds what the observation encodes."""

    def __init__(self, env: Any, name: str, seat: int, seed: int = 0) -> None:
        self.env = env
        base = getattr(env, "unwrapped", env)
        self.player = SeatPlayer(definition(base), name, seat, seed)
        self.agent = f"player_{seat}"

    def __call__(self, observation: object = None, agent: str | None = None) -> int:
        if agent is not None and agent != self.agent:
            raise ValueError(f"this policy plays {self.agent}, not {agent!r:.40}")
        table: Table = getattr(self.env, "unwrapped", self.env).table
        seat = self.player.seat
        if seat not in table.decision().seats:
            return int(table.noop)  # the Parallel environment asks every live agent
        return table_choice(self.player, table)


def policy(env: Any, name: str, seat: int, *, seed: int = 0) -> Policy:
    """A policy playing our bot spec ``name`` at ``seat`` (agent ``player_<seat>``) of
    ``env``, an environment made by ``gamenight.interop.pettingzoo``."""
    return Policy(env, name, seat, seed)
