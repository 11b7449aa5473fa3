"""Play one chunk of a study: a row per game, with no I/O, the same wherever it runs."""

from __future__ import annotations

import json

from typing_extensions import TypedDict

from gamenight.games import get_game
from gamenight.lab.choices import choices
from gamenight.lab.drama import drama, lead
from gamenight.lab.length import length
from gamenight.lab.plan import Chunk
from gamenight.sim.runner import make_bots, play_out


class GameRow(TypedDict):
    """One game of a study, as games.parquet stores it (one column per key)."""

    cell: str  # Cell.key
    players: int
    options: str  # the cell's given and varied options, as JSON text (sorted keys)
    bots: list[str]  # one spec per seat
    game: int  # the game's number in its cell
    seed: int
    scores: list[float]
    ranks: list[int]
    winners: list[int]  # more than one: a shared win
    truncated: bool  # a safety cap, not the rules, ended it
    steps: int
    turns: int | None
    rounds: int | None
    decisions: int
    windows: int
    estimated_minutes: float
    lead_changes: int
    comeback: bool | None  # the unique leader at half time did not win (None: no running score)
    half_time_leaders: list[int]
    decided_at: float | None  # share of the steps before the winners led for good
    winner_behind: float | None  # share of the steps a winner spent behind the leader
    # Choices (``choices.Choices``); None in the rows of a study stored before the lab
    # measured them (an older chunk: ``store`` reads its missing columns as None).
    choices: float | None  # legal actions per decision, the game's mean
    choices_max: int | None  # the most legal actions at one decision
    choices_by_part: list[float | None] | None  # the mean in each fifth of the decisions
    action_kinds: dict[str, int] | None  # actions taken, by kind


def play_chunk(chunk: Chunk, seed: int) -> list[GameRow]:
    """Play every game of ``chunk`` of the study whose seed is ``seed``."""
    cell = chunk.cell
    game = get_game(cell.game)
    options = game.resolve_options(cell.players, cell.option_dict())
    options_text = json.dumps(cell.option_dict(), sort_keys=True, separators=(",", ":"))
    rows: list[GameRow] = []
    for number in range(chunk.start, chunk.start + chunk.games):
        game_seed = cell.seed(seed, number)
        state = game.new(cell.players, game_seed, **options)
        play_out(state, make_bots(game, cell.bots, game_seed))
        outcome = state.outcome()
        assert outcome is not None, "play_out returns only finished games"
        steps = length(state)
        story = drama(state)
        ahead = lead(state)
        chosen = choices(state)
        rows.append({
            "cell": cell.key, "players": cell.players, "options": options_text,
            "bots": list(cell.bots), "game": number, "seed": game_seed,
            "scores": [float(s) for s in outcome.scores], "ranks": list(outcome.ranks),
            "winners": list(outcome.winners), "truncated": outcome.truncated,
            "steps": steps["steps"], "turns": steps["turns"], "rounds": steps["rounds"],
            "decisions": steps["decisions"], "windows": steps["windows"],
            "estimated_minutes": steps["estimated_minutes"],
            "lead_changes": story["lead_changes"], "comeback": story["comeback"],
            "half_time_leaders": list(story["half_time_leaders"]),
            "decided_at": ahead["decided_at"], "winner_behind": ahead["winner_behind"],
            "choices": chosen["choices"], "choices_max": chosen["choices_max"],
            "choices_by_part": chosen["choices_by_part"],
            "action_kinds": chosen["action_kinds"],
        })
    return rows
