"""`gamenight replay` of a record that starts from a position says so, run as a person
runs it: such a record replays from a position nothing proves came about (cut from the
end of another game, here), so it is never called a game verified from its deal, and
unsigned it is said to prove only that its steps are legal from there."""

from __future__ import annotations

import json
from pathlib import Path

from gamenight import record as rec
from gamenight.games import get_game
from gamenight.signing import generate_key_pair, read_signing_key
from gamenight.sim.runner import make_bots, play_out
from tests.cli.conftest import Gamenight

#: How many steps before the end of a whole game the cut record starts.
TAIL = 6


def the_last_steps(folder: Path) -> tuple[Path, Path, int]:
    """A whole game's record, and the record of a game taken up from the position the
    whole one had reached :data:`TAIL` steps before its end, played out from there (with
    its own chance); and how many steps that record holds."""
    game = get_game("by-golly")
    whole = game.new(3, seed=21)
    play_out(whole, make_bots(game, ["random"] * 3, 21))
    assert len(whole.history) > TAIL
    cut_at = whole.remade(whole.history[:-TAIL], 0)
    tail = game.from_position(cut_at.position(), seed=5)
    play_out(tail, make_bots(game, ["random"] * 3, 5))
    whole_path, tail_path = folder / "whole.json", folder / "tail.json"
    rec.record_of(whole).write(whole_path)
    rec.record_of(tail).write(tail_path)
    return whole_path, tail_path, len(tail.history)


def test_a_record_from_a_position_says_so_and_what_unsigned_it_does_not_prove(
        gamenight: Gamenight, tmp_path: Path) -> None:
    whole, tail, steps = the_last_steps(tmp_path)
    done = gamenight("replay", "--quiet", str(tail))
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.strip().splitlines()
    assert first.startswith("verified from a position (not from the deal): every step "
                            f"replays; {steps} steps; scores ")
    assert "proves only that its steps are legal from that position" in second
    assert "not that any game reached it" in second
    # The whole game, dealt from its seed, is verified as before: one line, no caveat.
    done = gamenight("replay", "--quiet", str(whole))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("verified: every step replays; ")


def test_a_signed_record_from_a_position_still_says_where_it_starts(
        gamenight: Gamenight, tmp_path: Path) -> None:
    _, tail, _ = the_last_steps(tmp_path)
    private, public = generate_key_pair(tmp_path / "keys")
    signed = rec.sign(rec.load(tail), read_signing_key(private))
    signed.write(tail)
    done = gamenight("replay", "--quiet", "--key", str(public), str(tail))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("verified from a position (not from the deal): every step "
                               "replays and the ed25519 signature")
    assert json.loads(tail.read_text())["position"]["format"] == "gamenight-position"
