"""The browser client that ``gamenight serve`` serves: the lobby, the room page and each
game's table, as static files shipped inside the package (``static/``), so ``pip install``
alone serves the whole client offline.

The client is plain JavaScript modules with JSDoc types (no build step: the files here
are what the browser runs; ``tsc --checkJs`` checks them, see ``tsconfig.json``).  The
server's app calls :func:`mount`, which adds:

- ``GET /``: the lobby (``static/index.html``): the games, making a room;
- ``GET /r/{code}``: the room page (``static/room.html``), the invite link's target: the
  waiting room, then the table of the room's game (404 for a code that names no room);
- ``GET /replay/{code}/{number}``: the replay viewer (``static/replay.html``): a finished
  game step by step, drawn by the room's own table from the frames of
  ``GET /api/rooms/{code}/games/{number}/frames`` (``server/replays.py``); ``GET /replay``:
  the same viewer for a record file the person opens (``POST /api/replays``);
- ``/static/...``: the scripts, the style sheet, the pictures;
- ``GET /api/catalog?prefer=de-DE,en``: the page's language, chosen from the languages the
  browser prefers, and its catalog of the client's texts (``gamenight.i18n``,
  ``js/i18n.js``, docs/languages.md); ``&game=ID`` adds that game's own texts, for its
  table (``js/tables/index.js`` asks before it draws one);
- ``GET /api/games/{game}/how-to-play``: how to play the game in a page (its
  ``howto.md``: the goal, a turn, the keys, the scoring), what the room page's Rules
  button shows first, as the terminal's ``?`` does; in the language ``?lang=`` or the
  ``Accept-Language`` header asks for (``howto.<lang>.md``);
- ``GET /api/games/{game}/rules``: the game's rules as implemented (its ``rules.md``),
  which that dialog links to;
- ``GET /api/rooms/{code}/qr.svg``: the invite link as a QR code (``segno``, drawn here,
  no outside service), for phones at the same table.
"""

from __future__ import annotations

import functools
import hashlib
import io
from collections.abc import Callable
from importlib.resources import files
from typing import Annotated

import segno
from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from gamenight import i18n
from gamenight.games import GAMES
from gamenight.server.refusals import refused

#: The folder of the client's files, inside this package.
STATIC = files(__name__) / "static"
#: What a page may load and where it may connect: only this server (its scripts, style
#: sheets, pictures and its WebSocket), never an inline script or an outside address, and
#: no page may frame it.  The client needs nothing else (everything ships in ``static/``),
#: so a script that found its way into a name or a chat line could not run or call home.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
#: A page is HTML that names its scripts by path; it may be cached, but must be checked
#: again each time so that a new version of the package is seen at once.  The invite link
#: (the room's code) is not sent on as a referrer.
PAGE_HEADERS = {
    "Cache-Control": "no-cache",
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


#: The tables, one module per game that has its own (``js/tables/<game id>.js``); a game
#: without one is played at the plain table (``js/tables/plain.js``).
TABLES = STATIC / "js" / "tables"


def has_table(game_id: str) -> bool:
    """Whether the game ``game_id`` has a table of its own in the client (a module
    ``js/tables/<game id>.js``): the server tells the browser so in ``GET /api/games``,
    and no browser file but the table itself names a game."""
    # A game id is a short name of letters, digits and dashes; nothing else
    # is looked up as a file.
    safe = game_id.replace("-", "").isalnum() and game_id.isascii() and game_id != "plain"
    return safe and (TABLES / f"{game_id}.js").is_file()


def page(name: str) -> str:
    """The text of the page ``static/<name>``."""
    return (STATIC / name).read_text("utf-8")


@functools.lru_cache(maxsize=256)  # a room's invite link never changes
def qr_svg(text: str) -> bytes:
    """``text`` as a QR code in SVG, dark on light with its quiet zone, scaled to be
    read from a phone held at arm's length over the screen."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=4, dark="#1b1b1b",
                                     light="#ffffff", title="QR code of the invite link")
    return out.getvalue()


class LanguageInfo(BaseModel):
    """A language the client speaks: its code and its own name for itself."""

    code: str
    name: str


class CatalogAnswer(BaseModel):
    """The page's language and its catalog: each English text of the client with its
    translation (a plural's forms in order); a text not here is shown in English."""

    language: str
    #: The locale whose plural rules the catalog's plural forms follow (``pt-PT``), for
    #: the browser's ``Intl.PluralRules``.
    locale: str
    languages: list[LanguageInfo]
    messages: dict[str, str | list[str]]


def asked_language(lang: str | None, accept_language: str | None) -> str:
    """The language a request asks for: its ``lang`` (one tag, or a list of them most
    preferred first, comma-separated) where that names one we speak, else its
    ``Accept-Language`` header's choice, else English."""
    tags = [tag for tag in (lang or "").split(",") if tag.strip()]
    for tag in tags:
        code = i18n.spoken(tag)
        if code is not None:
            return code
    return i18n.from_accept_language(accept_language)


@functools.cache
def catalog_body(language: str, game_id: str | None = None) -> tuple[bytes, str]:
    """The catalog answer of ``language`` as JSON, and its entity tag (the catalogs
    change only with the package, so each is built once).  With ``game_id``, the game's
    own catalog is merged in (its table's texts and its words: ``game.po`` in its
    package), for a page that draws a table of that game."""
    found = dict(i18n.messages(language))
    if game_id is not None:
        found.update(i18n.messages(language, i18n.game_package(GAMES[game_id])))
    answer = CatalogAnswer(
        language=language,
        locale=i18n.CATALOG_LOCALES.get(language, language).replace("_", "-"),
        languages=[LanguageInfo(code=code, name=name) for code, name in i18n.LANGUAGES.items()],
        messages=found)
    body = answer.model_dump_json().encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def mount(app: FastAPI, *, invite: Callable[[str], str | None]) -> None:
    """Serve the browser client from ``app``.  ``invite(code)`` is the invite link of the
    room ``code`` (the one ``POST /api/rooms`` answers with), or None when no room has
    that code: the room page and its QR code are refused (404) for it."""
    app.mount("/static", StaticFiles(packages=[(__name__, "static")]), name="static")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def lobby() -> HTMLResponse:
        return HTMLResponse(page("index.html"), headers=PAGE_HEADERS)

    @app.get("/r/{code}", response_class=HTMLResponse, include_in_schema=False)
    async def room_page(code: str) -> HTMLResponse:
        # ``async``: the room is looked up on the event loop, where the rooms live.
        if invite(code) is None:
            return HTMLResponse(page("gone.html"), status_code=404, headers=PAGE_HEADERS)
        return HTMLResponse(page("room.html"), headers=PAGE_HEADERS)

    @app.get("/replay", response_class=HTMLResponse, include_in_schema=False)
    def replay_file_page() -> HTMLResponse:
        # The viewer with no room's game: it opens a record file (``POST /api/replays``).
        return HTMLResponse(page("replay.html"), headers=PAGE_HEADERS)

    @app.get("/replay/{code}/{number}", response_class=HTMLResponse, include_in_schema=False)
    async def replay_page(code: str, number: int) -> HTMLResponse:
        # The viewer asks for the frames itself (``?seat=K`` picks whose eyes); a code
        # that names no room is refused here, a game not over yet by the frames' 404.
        if invite(code) is None:
            return HTMLResponse(page("gone.html"), status_code=404, headers=PAGE_HEADERS)
        return HTMLResponse(page("replay.html"), headers=PAGE_HEADERS)

    @app.get("/api/catalog", response_model=CatalogAnswer, responses={**refused(404), 304: {
        "description": "Not modified: the catalog the page holds (If-None-Match) is current"}})
    def catalog(request: Request,
                prefer: Annotated[str | None, Query(max_length=500)] = None,
                game: Annotated[str | None, Query(max_length=100)] = None) -> Response:
        """The page's language and the client's texts in it: the first language of
        ``prefer`` (the browser's languages, its person's own choice first) that the
        client speaks, else the ``Accept-Language`` header's, else English.  With
        ``game``, that game's own texts too (its table's, its words), for its table;
        404 for a game there is not."""
        if game is not None and game not in GAMES:
            raise HTTPException(404, "no such game")
        body, tag = catalog_body(asked_language(prefer, request.headers.get("accept-language")),
                                 game)
        # Checked again on each load (no-cache) but sent only when changed: a new
        # package's catalog is seen at once.
        headers = {"ETag": tag, "Cache-Control": "no-cache", "Vary": "Accept-Language"}
        if request.headers.get("if-none-match") == tag:
            return Response(status_code=304, headers=headers)
        return Response(body, media_type="application/json", headers=headers)

    @app.get("/api/games/{game}/how-to-play", response_class=Response,
             responses={**refused(404), 200: {
                 "content": {"text/markdown": {"schema": {"type": "string"}}},
                 "description": "How to play, as Markdown"}})
    def how_to_play(game: str, request: Request,
                    lang: Annotated[str | None, Query(max_length=200)] = None) -> Response:
        """How to play ``game`` in a page (its ``howto.md``: the goal, a turn, the keys
        and the scoring, at most 40 lines), as Markdown: what a person at the table
        reads first (the terminal shows the same page on ``?``).  In the language
        ``lang`` names, else the one the ``Accept-Language`` header prefers (the English
        page where the game has none in that language)."""
        found = GAMES.get(game)
        if found is None:
            raise HTTPException(404, "no such game")
        language = asked_language(lang, request.headers.get("accept-language"))
        written = language if language in found.howto_languages() else i18n.DEFAULT
        return Response(found.howto_text(language), media_type="text/markdown; charset=utf-8",
                        headers={"Content-Language": written, "Vary": "Accept-Language"})

    @app.get("/api/games/{game}/rules", response_class=Response,
             responses={**refused(404), 200: {
                 "content": {"text/markdown": {"schema": {"type": "string"}}},
                 "description": "The rules, as Markdown"}})
    def rules(game: str) -> Response:
        """The rules of ``game`` as implemented (its ``rules.md``: every sentence of the
        rulebook with the code that carries it out, then every decision where the
        rulebook is silent), as Markdown."""
        found = GAMES.get(game)
        if found is None:
            raise HTTPException(404, "no such game")
        return Response(found.rules_text(), media_type="text/markdown; charset=utf-8")

    @app.get("/api/rooms/{code}/qr.svg", response_class=Response,
             responses={**refused(404), 200: {
                 "content": {"image/svg+xml": {"schema": {"type": "string"}}},
                 "description": "The QR code, as SVG"}})
    async def invite_qr(code: str) -> Response:
        """The room's invite link as a QR code (SVG), to be read by a phone's camera."""
        link = invite(code)
        if link is None:
            raise HTTPException(404, "no such room")
        # Drawn in a worker thread (some 5-60 ms), not on the loop that plays the rooms.
        return Response(await run_in_threadpool(qr_svg, link), media_type="image/svg+xml",
                        headers={"Cache-Control": "max-age=3600"})
