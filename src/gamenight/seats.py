"""The name each seat is shown by, spelled one way wherever a seat is named: the room, its
records and their replays (``gamenight replay``, the replay viewer), and the terminal.

A person's seat shows the person's name as given.  A bot's seat shows its spec as a person
reads it, the same words the browser's lobby uses: ``perfect:average`` is "perfect bot,
average", ``sharp`` is "sharp bot", ``sharp:quick:error=0.1`` is "sharp bot, quick,
error=0.1".  A seat nobody has taken and no bot plays is an "Open seat" (never
numbered).  When two seats would show the same name, each of them gets its number among
them, in seat order: two "perfect bot, average" are "perfect bot, average #1" and
"perfect bot, average #2", two people called Sam are "Sam #1" and "Sam #2", so that a
result never names a winner whom two rows fit (issue 38, snag 5; ``docs/server.md``, "Seat names").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

#: How ``gamenight simulate`` and ``gamenight play`` write a bot's seat in a record
#: ("bot:sharp:expert"); a record's name read back (:func:`record_names`) is shown as the
#: bot's.
RECORD_BOT_PREFIX = "bot:"
#: What a seat that nobody has taken and no bot plays is called.
OPEN_SEAT = "Open seat"


def bot_parts(spec: str) -> tuple[str, list[str]] | None:
    """What a bot's name is made of: the bot's own name and the words its spec adds
    (its level, its settings), as the spec writes them: ``("sharp", ["quick",
    "error=0.1"])`` for ``sharp:quick:error=0.1``; None for a spec with no bot's name in
    it.  The room sends them (``SeatInfo.bot_name``), so that a client names a bot in its
    own language by this one rule."""
    kind, *rest = [part.strip() for part in spec.split(":")]
    if not kind:
        return None
    return kind, [part for part in rest if part]


def bot_name(spec: str) -> str:
    """A bot spec as a person reads it: "perfect bot, average" for ``perfect:average``,
    "sharp bot" for ``sharp``; the level and settings as the spec writes them
    (:func:`bot_parts`)."""
    parts = bot_parts(spec)
    if parts is None:  # no bot's name in it: shown as written
        return spec
    kind, words = parts
    return ", ".join([f"{kind} bot", *words])


def seat_names(people: Sequence[str | None], bots: Sequence[str | None]) -> list[str]:
    """The name each seat is shown by, from the person's name at each seat (None where no
    person sits) and the spec of the bot that plays it (None where none does): the
    person's name first (a bot sitting in for someone away plays under their name), else
    the bot's (:func:`bot_name`), else :data:`OPEN_SEAT`; names two seats would share
    are numbered (:func:`numbered`)."""
    return numbered(unnumbered_names(people, bots))


def unnumbered_names(people: Sequence[str | None], bots: Sequence[str | None]) -> list[str]:
    """Each seat's name as :func:`seat_names` gives it, before alike names are numbered
    (:func:`alike_numbers` gives their numbers)."""
    if len(people) != len(bots):
        raise ValueError(f"{len(people)} people's names for {len(bots)} seats")
    return [person if person else bot_name(bot) if bot else OPEN_SEAT
            for person, bot in zip(people, bots, strict=True)]


def record_names(seats: Sequence[str]) -> list[str]:
    """A record's seat names as they are shown: each as written, but a bot's seat written
    as ``bot:SPEC`` (:data:`RECORD_BOT_PREFIX`) as the bot's name, and names two seats
    share numbered.  A record the room wrote holds names already shown this way, which
    stay as they are."""
    return numbered([bot_name(name.removeprefix(RECORD_BOT_PREFIX))
                     if name.startswith(RECORD_BOT_PREFIX) else name for name in seats])


def numbered(names: Sequence[str]) -> list[str]:
    """``names`` with each name that more than one seat has made its own: " #1", " #2"
    and on after it (:func:`with_number`), in seat order.  Open seats stay "Open seat":
    nobody is named by one, and each shows its seat's number."""
    return [name if number is None else with_number(name, number)
            for name, number in zip(names, alike_numbers(names), strict=True)]


def with_number(name: str, number: int) -> str:
    """A name made a seat's own by its number among alike ones: "sharp bot #2".  The
    browser writes a bot's name in its own language the same way (``js/seats.js``)."""
    return f"{name} #{number}"


def alike_numbers(names: Sequence[str]) -> list[int | None]:
    """Each seat's number among the seats that show its name, in seat order, skipping a
    number whose numbered name another seat has already; None for a name only one seat
    has, and for an open seat.  The room sends it (``SeatInfo.alike``) so that a client
    naming a seat in its own language numbers it as :func:`numbered` does."""
    counts = Counter(name for name in names if name != OPEN_SEAT)
    taken = set(names)
    last: Counter[str] = Counter()
    numbers: list[int | None] = []
    for name in names:
        if counts[name] <= 1:
            numbers.append(None)
            continue
        while True:
            last[name] += 1
            mine = with_number(name, last[name])
            if mine not in taken:
                break
        taken.add(mine)
        numbers.append(last[name])
    return numbers
