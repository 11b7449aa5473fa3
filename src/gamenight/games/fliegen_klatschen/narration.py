"""The hunt told in words, to each reader: what the browser's table shows as the story of
the hunt under way or the last one ("Hunt: Seat 2 revealed a swatter", "You on red 3 at
412 ms ✓ won it"), so that no table composes a sentence of the rules' results (who won
which fly, who paid a penalty, whose hand was underneath).

Built from the public facts of the hunt: the events since the card that started it, in
the reader's form of them (``Event.seen_by``; every event of this game is public, and
the hands are those the views show while the hunt lasts).  The views show a hunt only
while it lasts, and its results only as counts; what became of each hand, and each seat's
news of it ("+ red 3" beside the seat that won it), is told here, for people only: the
game's ``GameState.told(seat, language)`` (``FliegenKlatschen.told_type`` is
:class:`HuntToldView`), which the server puts in each person's update.  Kept out of the
views, so that bots, which never read it, pay nothing for it.  A reader's telling is made
once a step and shared (frozen).

Told in the reader's language (``voice_for(language, seat)``; docs/languages.md, "The
story in three languages"): each sentence is one message per form (the reader, another
seat), marked here with ``N_`` for the game's catalog (``locale/<lang>/LC_MESSAGES/
game.po``).  The reader is "you"; another seat "Seat 2" ("Platz 2", "Lugar 2"), so that
a table puts its people's names in their place, as its log does.

TypedDicts come from ``typing_extensions`` and the annotations are not postponed, as in
``views.py`` (pydantic reads them for the schema).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from typing_extensions import TypedDict

from gamenight.engine.events import Event
from gamenight.engine.frozen import FrozenDict, FrozenList
from gamenight.engine.voice import Seats, Voice, voice_for
from gamenight.games.fliegen_klatschen.cards import COLOUR_OF, SWATTER
from gamenight.games.fliegen_klatschen.events import (
    Dealt,
    FlyWon,
    HuntOver,
    NothingToHit,
    Penalty,
    Revealed,
    Slapped,
    card_text,
)
from gamenight.i18n import N_

#: What became of a hand once the hunt is over: it won its fly, it hit a colour not
#: allowed and its most recently won fly goes under its pile (``penalty``) or it had
#: none to lose (``penalty-nothing``), or another hand was underneath on that fly.
VerdictKind = Literal["won", "penalty", "penalty-nothing", "underneath"]


class VerdictView(TypedDict):
    """What became of one hand ("✓ won it") and what it tells."""

    kind: VerdictKind
    text: str


class HandLineView(TypedDict):
    """One hand of the hunt ("Seat 2 on red 3 at 412 ms") and, once the hunt is over,
    its verdict."""

    text: str
    #: None while the hunt lasts: no hand is judged before every seat has finished.
    verdict: VerdictView | None


#: What a note on the hunt tells: it began over an empty centre, or nobody slapped.
NoteKind = Literal["nothing-to-hit", "nobody-slapped"]


class NoteView(TypedDict):
    """A sentence on the hunt as a whole ("Nobody slapped.") and what it tells."""

    kind: NoteKind
    text: str


#: What the hunt did to a seat: it won a fly, or paid a penalty with a fly it had won
#: (``penalty``) or had none to pay with (``penalty-nothing``).
NewsKind = Literal["won", "penalty", "penalty-nothing"]


class NewsView(TypedDict):
    """One thing the hunt did to ``seat`` ("+ red 3", "✗ wrong fly: − yellow 1"), told
    beside that seat, and what it tells."""

    seat: int
    kind: NewsKind
    text: str


class HuntToldView(TypedDict):
    """The hunt under way, or the last one, as one reader reads it."""

    #: Whether the hunt is over (its hands judged).
    over: bool
    #: Who started it, and with what: "Hunt: Seat 2 revealed a swatter", "Last hunt (you
    #: revealed a fifth colour (red 3))".
    head: str
    #: Every hand put down, in the order of time (the first on a fly is underneath).
    hands: list[HandLineView]
    notes: list[NoteView]
    #: Each fly won and each penalty paid, seat by seat, in the order the rules judged
    #: them (a seat with two hands may have both).  News only until the next card is
    #: revealed: empty while the hunt lasts and once a card has been revealed after it.
    news: list[NewsView]


# -- the sentences, one message per form (the reader, another seat) ----------------------
_HEADS = {
    # (over, a swatter started it): (you, another seat)
    (False, True): (N_("Hunt: you revealed a swatter"),
                    N_("Hunt: {seat} revealed a swatter")),
    (False, False): (N_("Hunt: you revealed a fifth colour ({card})"),
                     N_("Hunt: {seat} revealed a fifth colour ({card})")),
    (True, True): (N_("Last hunt (you revealed a swatter)"),
                   N_("Last hunt ({seat} revealed a swatter)")),
    (True, False): (N_("Last hunt (you revealed a fifth colour ({card}))"),
                    N_("Last hunt ({seat} revealed a fifth colour ({card}))")),
}
_HAND = (N_("You on {card} at {time} ms"), N_("{seat} on {card} at {time} ms"))
_WON = (N_("✓ you won it"), N_("✓ won it"))
_PENALTY = (N_("✗ wrong colour: {card} goes under your pile"),
            N_("✗ wrong colour: {card} goes under the pile"))
_PENALTY_NOTHING = (N_("✗ wrong colour: you had no fly to lose"),
                    N_("✗ wrong colour: had no fly to lose"))
_UNDERNEATH = N_("– another hand was underneath")
_NOTHING_TO_HIT = N_("The centre was empty: the hunt caught nothing.")
_NOBODY = N_("Nobody slapped.")
# Each seat's news, beside its name (no seat in the sentence: the table puts it there).
# Translators: a fly won, beside the seat that won it ("+ red 3").
_NEWS_WON = N_("+ {card}")
# Translators: a wrong colour hit: the seat's last fly won ({card}) goes under its pile.
_NEWS_PENALTY = N_("✗ wrong fly: − {card}")
_NEWS_PENALTY_NOTHING = N_("✗ wrong fly (nothing to lose)")


@dataclass(frozen=True, slots=True)
class HuntFacts:
    """The public facts of one hunt: who revealed what, the hands in the order they were
    put down (seat, fly, time), the flies won and the penalties paid (seat, fly hit,
    fly lost or None), the same in the order the rules judged them (``results``),
    whether the centre was empty, whether the hunt is over, and whether it is still the
    latest news (no card revealed since)."""

    revealer: int
    trigger: int
    hands: tuple[tuple[int, int, float], ...]
    wins: frozenset[tuple[int, int]]
    penalties: tuple[tuple[int, int, int | None], ...]
    nothing: bool
    over: bool
    results: tuple[FlyWon | Penalty, ...] = ()
    latest: bool = True


def last_hunt(events: Sequence[Event], seat: int | None) -> HuntFacts | None:
    """The hunt under way or the last one of the game being played, from ``events`` (a
    game's, oldest first) as ``seat`` may know them; None before its first hunt."""
    start = None
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if isinstance(event, Dealt):  # a new deal (a deciding game): no hunt yet
            return None
        if isinstance(event, Revealed) and event.hunt:
            start = i
            break
    if start is None:
        return None
    revealed = events[start]
    assert isinstance(revealed, Revealed)
    hands: list[tuple[int, int, float]] = []
    wins: set[tuple[int, int]] = set()
    penalties: list[tuple[int, int, int | None]] = []
    results: list[FlyWon | Penalty] = []
    nothing = over = False
    latest = True
    for each in events[start + 1:]:
        seen = each.seen_by(seat)
        if isinstance(seen, Slapped):
            hands.append((seen.seat, seen.card, seen.at_ms))
        elif isinstance(seen, FlyWon):
            wins.add((seen.seat, seen.card))
            results.append(seen)
        elif isinstance(seen, Penalty):
            penalties.append((seen.seat, seen.hit, seen.card))
            results.append(seen)
        elif isinstance(seen, NothingToHit):
            nothing = over = True
        elif isinstance(seen, HuntOver):
            over = True
        elif isinstance(seen, Revealed):
            latest = False  # the next card: nothing after it is of this hunt
            break
    # In the order of time (hands arrive in the order they were sent); stable, so hands
    # at the very same instant stay in the order the rules took them.
    hands.sort(key=lambda hand: hand[2])
    return HuntFacts(revealed.seat, revealed.card, tuple(hands), frozenset(wins),
                     tuple(penalties), nothing, over, tuple(results), latest)


def told_to(hunt: HuntFacts | None, seat: int | None, language: str) -> HuntToldView | None:
    """``hunt`` (None: none yet) as ``seat`` reads it (None: a spectator), in
    ``language``, frozen."""
    if hunt is None:
        return None
    voice = voice_for(language, seat).within(__name__)
    return FrozenDict({  # type: ignore[return-value]
        "over": hunt.over,
        "head": _head(hunt, voice),
        "hands": FrozenList([_hand(hunt, hand, voice) for hand in hunt.hands]),
        "notes": FrozenList(_notes(hunt, voice)),
        "news": FrozenList(_news(hunt, voice) if hunt.latest else []),
    })


def _head(hunt: HuntFacts, voice: Voice) -> str:
    swatter = COLOUR_OF[hunt.trigger] == SWATTER
    you, other = _HEADS[hunt.over, swatter]
    card = "" if swatter else card_text(hunt.trigger, voice)
    return voice.say(voice.pick(hunt.revealer, you, other),
                     seat=Seats.of(hunt.revealer), card=card)


def _hand(hunt: HuntFacts, hand: tuple[int, int, float], voice: Voice) -> HandLineView:
    seat, card, at_ms = hand
    text = voice.say(voice.pick(seat, *_HAND), seat=Seats.of(seat),
                     card=card_text(card, voice), time=voice.number(at_ms, 0))
    return FrozenDict(text=text,  # type: ignore[return-value]
                      verdict=_verdict(hunt, seat, card, voice) if hunt.over else None)


def _verdict(hunt: HuntFacts, seat: int, card: int, voice: Voice) -> VerdictView:
    if (seat, card) in hunt.wins:
        return _said("won", voice.say(voice.pick(seat, *_WON)))
    for payer, hit, lost in hunt.penalties:
        if payer == seat and hit == card:
            if lost is None:
                return _said("penalty-nothing", voice.say(voice.pick(seat, *_PENALTY_NOTHING)))
            return _said("penalty", voice.say(voice.pick(seat, *_PENALTY),
                                              card=card_text(lost, voice)))
    return _said("underneath", voice.say(_UNDERNEATH))


def _said(kind: VerdictKind, text: str) -> VerdictView:
    return FrozenDict(kind=kind, text=text)  # type: ignore[return-value]


def _notes(hunt: HuntFacts, voice: Voice) -> list[NoteView]:
    if hunt.nothing:
        return [FrozenDict(kind="nothing-to-hit",  # type: ignore[list-item]
                           text=voice.say(_NOTHING_TO_HIT))]
    if hunt.over and not hunt.hands:
        return [FrozenDict(kind="nobody-slapped",  # type: ignore[list-item]
                           text=voice.say(_NOBODY))]
    return []


def _news(hunt: HuntFacts, voice: Voice) -> list[NewsView]:
    news = []
    for result in hunt.results:
        if isinstance(result, FlyWon):
            kind: NewsKind = "won"
            text = voice.say(_NEWS_WON, card=card_text(result.card, voice))
        elif result.card is None:
            kind, text = "penalty-nothing", voice.say(_NEWS_PENALTY_NOTHING)
        else:
            kind = "penalty"
            text = voice.say(_NEWS_PENALTY, card=card_text(result.card, voice))
        news.append(FrozenDict(seat=result.seat, kind=kind, text=text))
    return news  # type: ignore[return-value]
