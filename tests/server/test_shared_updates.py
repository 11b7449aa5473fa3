"""What a room builds once and sends to several connections: the columns of what legal
actions refer to (once a step for every seat offered the same actions), and an update
encoded once for all the connections of one seat and language (every spectator) -- and
never one seat's update to another seat.

Played in this process on a real room and store (``test_rooms.Table``); the one thing
watched is how often the room calls the real ``refer_columns`` and ``dumps`` (each call
passed on to them as it is).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from gamenight.engine.game import refer_columns
from gamenight.server import protocol
from gamenight.server.room import Client
from tests.server.test_rooms import KEY_S, Message, Table, next_moment, updates

#: A game whose simultaneous decisions offer every seat the same actions, and whose
#: actions refer to things on the table: Fluster's (as the server sees any game's).
GAME = "fluster"
PLAYERS = 3


def play_people(table: Table, people: dict[int, tuple[Client, list[Message]]],
                rng: random.Random, steps: int) -> None:
    """Every seat played by a person with random legal actions, until ``steps`` steps are
    stored or the game is over."""
    room = table.room
    while room.state is not None and not room.state.is_over and len(room.state.history) < steps:
        acted = False
        for seat, (client, got) in people.items():
            last = updates(got)[-1] if updates(got) else None
            if last is None or seat not in last["acting"]["seats"] or not last["legal"]:
                continue
            window = last["window"]
            room.act(client, rng.choice(last["legal"]),
                     None if window is None else window["id"],
                     None if window is None else rng.uniform(100, 400))
            table.scheduler.advance(KEY_S)
            acted = True
            break
        if not acted:
            next_moment(table, limit_s=table.scheduler.now() + 600.0)


async def test_seats_offered_the_same_actions_share_columns_built_once_a_step(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(tmp_path, GAME, PLAYERS, [None] * PLAYERS)
    room = table.room
    built: Counter[tuple[int, int, tuple[str, ...]]] = Counter()
    real = refer_columns  # what protocol calls, passed on as it is

    def counted(game: Any, actions: Sequence[Any]) -> Any:
        state = room.state
        assert state is not None
        built[(room.number, len(state.history), tuple(str(a) for a in actions))] += 1
        return real(game, actions)

    monkeypatch.setattr(protocol, "refer_columns", counted)
    people = {}
    for name in ("Ann", "Bob", "Cat"):
        seat, token = room.sit(name)
        people[seat] = table.client(token)
    host, _ = table.client(table.host_token)
    room.start(host)
    play_people(table, people, random.Random(7), steps=60)
    assert sum(built.values()) > 0
    assert max(built.values()) == 1, "the same actions' columns built twice at one step"
    # The seats told the same actions at the same step were sent the same columns, and
    # they are what the game says of those actions.
    by_step: dict[tuple[int, tuple[str, ...]], list[tuple[int, Any]]] = {}
    state = room.state
    assert state is not None
    for seat, (_, got) in people.items():
        for message in updates(got):
            assert message["view"]["seat"] == seat, "a seat was sent another's update"
            if message["legal"]:
                key = (message["step"], tuple(message["legal"]))
                by_step.setdefault(key, []).append((seat, message["refers"]))
    shared = [sent for sent in by_step.values() if len({seat for seat, _ in sent}) > 1]
    assert shared, "no step offered two seats the same actions: the test saw no sharing"
    for (_, texts), sent in by_step.items():
        expected = json.loads(json.dumps(refer_columns(
            state.game, [state.game.parse_action(text) for text in texts])))
        assert all(refers == expected for _, refers in sent)
    # Fewer columns were built than updates with actions were sent.
    assert sum(built.values()) < sum(len(sent) for sent in by_step.values())
    assert room.refers.made == sum(built.values())
    room.close()


async def test_spectators_of_one_language_share_one_encoded_update(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(tmp_path, "by-golly", 3, ["random"] * 3)
    room = table.room
    encoded: Counter[tuple[int | None, int]] = Counter()
    real = protocol.dumps

    def counted(message: Any) -> str:
        if message["type"] == "update" and not message["fresh"]:
            encoded[(message["view"]["seat"], message["step"])] += 1
        return real(message)

    monkeypatch.setattr(protocol, "dumps", counted)
    spectators = [table.client(None) for _ in range(3)]
    german: list[Message] = []
    deutsch = Client(lambda text: german.append(json.loads(text)))
    deutsch.language = "de"
    room.join(deutsch, None)
    host, _ = table.client(table.host_token)
    room.start(host)
    while room.state is not None and not room.state.is_over and len(encoded) < 20 \
            and table.scheduler.next_at() is not None:
        next_moment(table)
    assert encoded, "the spectators were told nothing"
    # Each step encoded twice for the four spectators (and the host, who watches): once
    # in English, once in German.
    assert set(encoded.values()) == {2}
    sent = [updates(got) for _, got in spectators]
    assert sent[0] == sent[1] == sent[2]
    assert [m["step"] for m in updates(german)] == [m["step"] for m in sent[0]]
    assert any(de["lines"] != en["lines"] for de, en in zip(updates(german), sent[0],
                                                           strict=True)), \
        "the German spectator was told in English"
    room.close()
