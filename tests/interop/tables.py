"""The tables the interop tests run: every registered game at every player count it
allows, plus the toy dice duel (with and without a bidding deadline)."""

from __future__ import annotations

from gamenight.engine import Game, OptionError
from gamenight.engine.game import JSON
from gamenight.games import GAMES
from tests.engine.toy import DICE_DUEL

#: A table the tests play: a game, its number of players and its options.
TableSetup = tuple[Game, int, dict[str, JSON]]


def options_for(game: Game, players: int) -> dict[str, JSON] | None:
    """The options that make ``players`` a valid table: none, or the one yes/no option
    whose variant allows it (Superfly's two-player game); None if no option does."""
    candidates: list[dict[str, JSON]] = [{}]
    candidates += [{o.name: True} for o in game.options if o.default is False]
    for options in candidates:
        try:
            game.new(players, 0, **options)
        except OptionError:
            continue
        return options
    return None


def every_table() -> list[TableSetup]:
    tables = []
    for game in GAMES.values():
        for players in range(game.min_players, game.max_players + 1):
            options = options_for(game, players)
            if options is not None:
                tables.append((game, players, options))
    return tables


def table_id(table: TableSetup) -> str:
    game, players, options = table
    extra = "".join(f"-{k}" for k in options)
    return f"{game.id}-{players}p{extra}"


#: Each game at its smallest and largest table, and the toy duel both ways.
ENDS: list[TableSetup] = [
    t for t in every_table()
    if t[1] in {min(u[1] for u in every_table() if u[0] is t[0]),
                max(u[1] for u in every_table() if u[0] is t[0])}
] + [(DICE_DUEL, 3, {}), (DICE_DUEL, 2, {"deadline_ms": 300})]
