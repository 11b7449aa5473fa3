"""Records: versioned JSON that replays exactly; tampering is caught; redaction hides."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight import record as rec
from gamenight.engine import RecordError
from gamenight.games import get_game
from gamenight.sim.runner import make_bots, play_out

from .toy import DiceDuel

SEATS = ["bot:sharp", "bot:random", "bot:sharp:expert"]


@pytest.fixture(scope="module")
def finished() -> Any:
    game = get_game("fliegen-klatschen")
    state = game.new(3, seed=77, remove=40)
    play_out(state, make_bots(game, [s.removeprefix("bot:") for s in SEATS], 77))
    return state


def test_a_record_holds_what_the_issue_lists(finished: Any, tmp_path: Path) -> None:
    path = rec.record_of(finished, SEATS).write(tmp_path / "game.json")
    data = json.loads(path.read_text())
    assert data["format"] == "gamenight-record" and data["version"] == 1
    assert data["game"] == "fliegen-klatschen" and data["rules_version"] == "1"
    assert data["options"]["remove"] == 40 and data["seed"] == 77
    assert data["seats"] == SEATS and data["players"] == 3
    assert "chance" in data["steps"][0]
    timed = [s for s in data["steps"] if "at_ms" in s]
    assert timed and all(isinstance(s["at_ms"], float) for s in timed)
    assert data["result"]["scores"] == list(finished.outcome().scores)


def test_a_record_replays_to_the_identical_final_state(finished: Any, tmp_path: Path) -> None:
    path = rec.record_of(finished, SEATS).write(tmp_path / "game.json")
    replayed = rec.replay(rec.load(path))
    assert replayed.snapshot() == finished.snapshot()
    assert replayed.digest() == finished.digest()


def _tampered(finished: Any, change: Any) -> rec.Record:
    data = rec.record_of(finished, SEATS).to_json()
    change(data)
    return rec.Record.from_json(json.loads(json.dumps(data)))


def _first(data: dict[str, Any], word: str) -> dict[str, Any]:
    return next(s for s in data["steps"] if str(s.get("action", "")).startswith(word))


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        ("deal altered", lambda d: d["steps"][0]["chance"].reverse(), "chance outcome"),
        ("reveal by the wrong seat",
         lambda d: _first(d, "reveal").update(seat=1), "illegal"),
        ("slap on a card not in the centre",
         lambda d: _first(d, "slap").update(action="slap 111"), "illegal"),
        ("slap after the deadline",
         lambda d: _first(d, "slap").update(at_ms=99999.0), "too late"),
        ("score altered", lambda d: d["result"]["scores"].__setitem__(0, 999), "altered"),
        ("a step dropped", lambda d: d["steps"].pop(1), r"illegal|altered|not over"),
    ],
)
def test_a_tampered_record_is_rejected(finished: Any, name: str, change: Any,
                                       message: str) -> None:
    with pytest.raises(RecordError, match=message):
        rec.replay(_tampered(finished, change))


def test_a_time_change_that_stays_legal_is_caught_by_the_fingerprint(finished: Any) -> None:
    def swap_times(d: dict[str, Any]) -> None:
        slaps = [s for s in d["steps"] if str(s.get("action", "")).startswith("slap")]
        # Make the last hand of the game the earliest of its hunt.
        slaps[-1]["at_ms"] = 0.0
    with pytest.raises(RecordError):
        rec.replay(_tampered(finished, swap_times))


@pytest.mark.parametrize("text", ["[]", "{}", '{"format": "gamenight-record", "version": 99}',
                                  "not json"])
def test_files_that_are_not_records_are_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "x.json"
    path.write_text(text)
    with pytest.raises(RecordError):
        rec.load(path)


def test_a_missing_file_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        rec.load(tmp_path / "nope.json")


def test_a_redacted_record_holds_only_what_its_seat_saw(finished: Any) -> None:
    red = rec.redact(rec.record_of(finished, SEATS), 1)
    text = json.dumps(red)
    assert red["format"] == "gamenight-record-redacted" and red["seat"] == 1
    assert "seed" not in red and "digest" not in red
    assert all("chance" not in step for step in red["steps"])
    assert all(step["view"]["seat"] == 1 for step in red["steps"])
    # Other seats' won piles are never listed while the game runs.
    assert all("won_cards" not in step["view"] for step in red["steps"][:-1])
    with pytest.raises(RecordError, match="redacted"):
        rec.Record.from_json(json.loads(text))


def test_the_toy_game_with_listed_chance_replays_too(dice_duel: DiceDuel) -> None:
    state = dice_duel.new(2, seed=4, rounds=4)
    play_out(state, make_bots(dice_duel, ["random", "random"], 4))
    again = rec.replay(rec.Record.from_json(json.loads(rec.record_of(state).dumps())))
    assert again.digest() == state.digest()


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 8),
    seed=st.integers(0, 2**63 - 1),
    remove=st.sampled_from([0, 50, 100]),
    penalty_order=st.sampled_from(["wins-first", "penalties-first"]),
    bots=st.lists(st.sampled_from(["random", "sharp", "sharp:expert:error=0.5"]),
                  min_size=1, max_size=8),
)
def test_any_record_replays_to_the_same_final_state(
    players: int, seed: int, remove: int, penalty_order: str, bots: list[str]
) -> None:
    game = get_game("fliegen-klatschen")
    specs = (bots * players)[:players]
    state = game.new(players, seed, remove=remove, penalty_order=penalty_order)
    play_out(state, make_bots(game, specs, seed))
    text = rec.record_of(state, specs).dumps()
    replayed = rec.replay(rec.Record.from_json(json.loads(text)))
    assert replayed.snapshot() == state.snapshot()
    assert replayed.outcome() == state.outcome()
