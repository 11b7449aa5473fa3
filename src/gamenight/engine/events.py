"""Events: what just happened, as data.

``GameState.apply``, ``apply_chance`` and ``expire_window`` return the events their step
caused, and the state keeps every event in ``state.events``.  An event says what
happened in public terms (a card revealed, a hunt won, a word scored); the terminal's
narration is built from events (:meth:`Event.text`), the server broadcasts them, the
browser animates them and the balance lab counts them.

An event may hold something not every seat may know (the card a seat drew into its own
hand).  :meth:`Event.seen_by` is the event as one seat may know it: the event itself
when it is public, a copy with the secret left out, or None when the seat sees nothing
of it.  Whatever leaves the engine for a seat goes through ``seen_by``; a property test
(``tests/engine/test_events.py``) checks for every game that what a seat is given of
the events never tells it more than its views do.

Events are frozen dataclasses whose fields are JSON values (bools, whole numbers,
floats, texts, None, and tuples of these), so an event is its own JSON form
(:meth:`Event.to_json`) and each game's events have a published JSON Schema
(``gamenight schema GAME``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from gamenight.engine.voice import Voice, voice_for
from gamenight.i18n import DEFAULT

#: An event as JSON: ``{"event": <class name>, <field>: <value>, ...}``.
EventJSON = dict[str, Any]


# Subclassed by code that is not compiled (tests/sixth's events, a test's own):
# mypyc allows that only where asked.
@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in a game, in public terms (a game's events subclass
    this as frozen dataclasses with JSON-valued fields)."""

    # Properties, not class attributes: a compiled dataclass (mypyc) would take a class
    # attribute that a subclass sets for a field with a default.
    @property
    def ends_game(self) -> bool:
        """True for an event that ends the game (the outcome's ``reason`` names it)."""
        return False

    @property
    def news(self) -> bool:
        """True for an event a table shows as news, apart from the log (a card lost, a
        point won): its line goes in the update's ``news`` as well as its ``lines``."""
        return False

    def seen_by(self, seat: int | None) -> Event | None:
        """This event as ``seat`` may know it (None: a spectator).  The default is a
        public event: everyone sees all of it.  An event holding a secret overrides
        this to return a copy without the secret (or None) for the seats that may not
        know it."""
        return self

    def text(self) -> str:
        """The event as a line of narration ("Seat 2 wins the red fly."), or "" when it
        is not worth a line.  Built only when someone reads it."""
        return ""

    def told_to(self, reader: int | None) -> str:
        """The line as the person at seat ``reader`` reads it: where the line names that
        seat, it says "you" ("You take red 3.", with ``engine.voice.Voice``).  The
        default is ``text()``; ``text()`` itself stays the same for every reader (records
        and replays tell it)."""
        return self.text()

    def told_in(self, voice: Voice) -> str:
        """The line as ``voice`` tells it: to its reader, in its language, from the sentences
        the game's catalog translates (``Voice.say``; call it through :func:`tell`, which
        gives the voice the game's catalog).  A game whose story is translated overrides
        this, and has ``text`` and ``told_to`` tell it in English; the default is the
        English ``told_to``, for a story not yet translated."""
        return self.told_to(voice.reader)

    def to_json(self) -> EventJSON:
        """The event as JSON: its class name under ``event`` and its fields."""
        data: EventJSON = {"event": type(self).__name__}
        for field in dataclasses.fields(self):
            data[field.name] = _json(getattr(self, field.name))
        return data

    def __deepcopy__(self, memo: dict[int, Any]) -> Event:
        # Frozen, with JSON-valued fields: a cloned game shares its events.
        return self

    def __reduce__(self) -> tuple[type[Event], tuple[Any, ...]]:
        # Pickled as made again from its fields: compiled by mypyc, unpickling would
        # set the fields one by one on a blank object, which a frozen dataclass refuses.
        return type(self), tuple(getattr(self, field.name)
                                 for field in dataclasses.fields(self) if field.init)



# Subclassed by the games' events, which are not compiled.
@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True, slots=True)
class ToldEvent(Event):
    """An event whose story is told in its ``told_in`` alone (a translated story): its
    ``text`` is that told to nobody in particular, in English, and its ``told_to`` that
    told to ``reader``, in English; so each game's event writes its sentence once."""

    def text(self) -> str:
        return self.told_in(Voice())

    def told_to(self, reader: int | None) -> str:
        return self.told_in(Voice(reader))


def _json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_json(item) for item in value]
    return value


def tell(event: Event, voice: Voice) -> str:
    """``event`` as ``voice`` tells it (``Event.told_in``), the voice taking its sentences
    from the catalog of the game the event is of (its class's package's ``game.po``)."""
    return event.told_in(voice.within(type(event).__module__))


def narration(events: list[Event], seat: int | None = None, *,
              as_you: bool = False, language: str = DEFAULT) -> list[str]:
    """The lines of narration of ``events`` as ``seat`` may know them (None: a
    spectator), skipping events that make no line; ``as_you``: told to the person at
    ``seat``, who is "you" in them (``Event.told_to``); in ``language`` (the code of one
    of ``gamenight.i18n.LANGUAGES``; the records' English by default)."""
    voice = voice_for(language, seat if as_you else None)
    english = voice.language == DEFAULT
    lines = []
    for event in events:
        seen = event.seen_by(seat)
        if seen is not None:
            # (English as before: a story not yet translated is told by ``told_to``.)
            line = ((seen.told_to(seat) if as_you else seen.text()) if english
                    else tell(seen, voice))
            if line:
                lines.append(line)
    return lines
