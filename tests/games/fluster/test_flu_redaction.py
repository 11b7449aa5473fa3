"""A seat's redacted record of Fluster: every call, but of another player's write only
that it was made; the pads show at the end, as every player sees them then."""

from __future__ import annotations

import json
from typing import Any

from gamenight.games.fluster.rules import GAME
from gamenight.record import record_of, redact
from gamenight.sim.runner import make_bots, play_out
from tests.engine.test_redaction import seat_steps


def test_another_players_write_never_shows_in_my_redacted_record() -> None:
    state = GAME.new(3, 11)
    play_out(state, make_bots(GAME, ["wordsmith"] * 3, 11))
    steps: list[dict[str, Any]] = seat_steps(redact(record_of(state), 0))
    seen = [entry["step"] for entry in steps if "step" in entry]
    calls = [s for s in seen if str(s.get("action", "")).startswith("call")]
    others = [s for s in seen if s["seat"] != 0 and s not in calls]
    mine = [s for s in seen if s["seat"] == 0 and s not in calls]
    # Every call is heard by all; a write is a player's own secret.
    assert len(calls) == 50
    assert mine and all(s["action"] in ("left", "right") for s in mine)
    assert len(others) == 2 * len(mine) and all(s == {"seat": s["seat"]} for s in others)
    # Before the end no view holds another pad or another player's side.
    assert not any("pads" in entry["view"] for entry in steps[:-1])
    for entry in steps[:-1]:
        assert json.dumps(entry["view"]).count('"numbers"') <= 2  # my two blocks only
    # At the end every pad is shown, as it is to every player.
    assert steps[-1]["view"]["pads"] == [state.pad_json(s) for s in range(3)]
