from __future__ import annotations

from gamenight.engine import Outcome


def test_highest_score_wins_alone() -> None:
    out = Outcome.from_keys([10, 7, 12])
    assert out.winners == (2,)
    assert out.ranks == (2, 3, 1)
    assert not out.shared


def test_tiebreak_key_decides_a_tied_score() -> None:
    out = Outcome.from_keys([10, 10, 3], [[4], [6], [9]])
    assert out.winners == (1,)
    assert out.ranks == (2, 1, 3)


def test_still_tied_after_every_tiebreak_is_a_shared_win() -> None:
    out = Outcome.from_keys([10, 10, 3], [[4], [4], [9]])
    assert out.winners == (0, 1)
    assert out.shared
    # competition ranking: two firsts, then third
    assert out.ranks == (1, 1, 3)


def test_truncated_flag_and_json_round_trip() -> None:
    out = Outcome.from_keys([1, 2], [[0], [1]], truncated=True)
    back = Outcome.from_json(out.to_json())
    assert back == out
    assert back.truncated


def test_the_reason_a_game_ended_is_kept_and_round_trips() -> None:
    o = Outcome.from_keys([3, 5], reason="last-card")
    assert o.reason == "last-card"
    assert o.to_json()["reason"] == "last-card"
    assert Outcome.from_json(o.to_json()) == o
    # A result written before results gave a reason reads as one without.
    old = {k: v for k, v in o.to_json().items() if k != "reason"}
    assert Outcome.from_json(old).reason == ""
