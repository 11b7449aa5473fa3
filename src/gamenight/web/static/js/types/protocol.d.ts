// Generated from the server's messages (gamenight.server.protocol, the REST shapes
// of gamenight.server.app, gamenight.server.replays) by gamenight.web.typegen: do
// not edit.  After a change to them, regenerate: `python -m gamenight.web.typegen`.

import type { OutcomeJSON, ReferColumns } from "./engine";
export type { OutcomeJSON, ReferColumns };

/**
 * An action, as its text (``str`` of the game's action).  In a window or decision,
 * ``window`` names it (the ``window.id`` of the update that opened it) and
 * ``reaction_ms`` is the time the client measured from painting that update to the
 * person's action (``docs/fairness.md``).
 */
export interface Act {
  type: "act";
  /**
   * @minLength 1
   * @maxLength 512
   */
  action: string;
  /** @minimum 0 */
  window?: number;
  /** @minimum 0 */
  reaction_ms?: number;
}

/** Who acts now (``engine.Acting``; public). */
export interface ActingInfo {
  kind: "chance" | "turn" | "simultaneous" | "window" | "over";
  seats: number[];
  deadline_ms: number | null;
}

/**
 * A bot's name in its parts (``gamenight.seats.bot_parts``): the bot's own name
 * ("sharp") and the words its spec adds, its level and settings as written ("quick",
 * "error=0.1").  English spells it "sharp bot, quick, error=0.1" (``shown``); a client
 * puts the parts in its own language's words, and derives nothing from the spec.
 */
export interface BotName {
  name: string;
  words: string[];
}

export type ClientMessage = Join | Act | PassMessage | Start | Rematch | Ready | Ping | ClientPong;

/** A client's answer to the server's ``ping``. */
export interface ClientPong {
  type: "pong";
  /**
   * @minimum 0
   * @maximum 9007199254740992
   */
  id: number;
}

/**
 * Why a request in a room was refused, and its code, by which a client tells the
 * reason in its person's language.
 */
export interface CodedRefusal {
  detail: string;
  code: "no-room" | "room-unavailable" | "game-started" | "seat-not-open" | "seats-taken";
}

/** Something the client sent was refused; the connection and the room go on. */
export interface Error {
  type: "error";
  code: "malformed" | "too-large" | "rate-limited" | "not-joined" | "bad-token" | "not-allowed" | "illegal" | "stale" | "not-playing" | "unavailable";
  message: string;
}

/**
 * An event in a seat's form, whatever the game (``Event.to_json``): its class name
 * and its fields (the game's ``Event`` type says which).
 */
export interface GameEvent {
  event: string;
  [key: string]: unknown;
}

export interface GameInfo {
  id: string;
  title: string;
  /** The game in a line, for someone choosing what to play (``Game.blurb``). */
  blurb: string;
  /**
   * Whether the client has a table of the game's own (``js/tables/<id>.js``); a game
   * without one is played at the plain table.
   */
  table: boolean;
  /**
   * Why a game of it ends, in a sentence, by ``Outcome.reason`` (``Game.end_reasons``):
   * the result and the replay say it.
   */
  end_reasons: Record<string, string>;
  /**
   * What never changes in a game of it and its table draws by (``Game.facts``: the
   * deck's faces by card id, a limit the rules set), shaped as the game's ``Facts``.
   */
  facts: Record<string, unknown> | null;
  min_players: number;
  max_players: number;
  options: OptionInfo[];
  bots: string[];
  default_bot: string;
  /** The bot a seat is offered by default, against people (``Game.bot_for_people``). */
  opponent_bot: string;
  levels: string[];
}

/**
 * What every game's view holds, whatever the game (its own ``View`` type, from
 * ``Game.view_type``, says the rest): the game, whose view it is (None: a
 * spectator's), the table's size, and the outcome once the game is over.
 */
export interface GameView {
  game: string;
  seat: number | null;
  players: number;
  outcome?: OutcomeJSON;
}

/**
 * The first message of a connection: a seat's token, or a spectator; and the
 * language the story is told in on this connection (``docs/languages.md``).
 */
export interface Join {
  type: "join";
  /**
   * @minLength 1
   * @maxLength 128
   */
  token?: string;
  spectator?: boolean;
  /**
   * The language the person reads, as a language tag ("de", "pt-PT"): the lines of
   * each update are told in it where the server speaks it, else in English.
   * @minLength 1
   * @maxLength 35
   */
  lang?: string;
}

/**
 * A lesson of the tutorial: one of the rulebook's examples, as a position to play
 * (``gamenight.lessons``).
 */
export interface LessonInfo {
  /** The example's name (its position is ``examples/<name>.json`` in the game's package). */
  name: string;
  title: string;
  /** What the rulebook's example shows. */
  shows: string;
  /** What to try. */
  task: string;
  /** The seat the person plays (the one to move); the game's default bot plays the rest. */
  seat: number;
  players: number;
}

/** A room to play a lesson in: the person's name (they sit at the lesson's seat). */
export interface NewLessonRoom {
  /**
   * @minLength 1
   * @maxLength 192
   */
  name: string;
  /**
   * @minimum 0
   * @maximum 3600
   */
  grace_s?: number | null;
}

/**
 * A room to make: the game, the table, its options, and per seat a bot spec
 * (``sharp:expert``) or null for a person's seat.  ``name``: the host's, to sit at the
 * first person's seat at once.
 */
export interface NewRoom {
  /** @maxLength 40 */
  game: string;
  /**
   * @minimum 1
   * @maximum 16
   */
  players: number;
  /** @maxProperties 32 */
  options?: Record<string, OptionValue>;
  /**
   * @maxItems 16
   * @maxLength 80 (each item)
   */
  seats: (string | null)[];
  /**
   * @minLength 1
   * @maxLength 192
   */
  name?: string | null;
  /**
   * @minimum 0
   * @maximum 3600
   */
  grace_s?: number | null;
}

export interface NewSeat {
  /**
   * @minLength 1
   * @maxLength 192
   */
  name: string;
  /**
   * @minimum 0
   * @maximum 15
   */
  seat?: number | null;
}

export interface OptionInfo {
  name: string;
  /**
   * The option in a few words for a form (``Option.label``; its name with spaces where
   * the game gives none).
   */
  label: string;
  default: OptionValue;
  help: string;
  choices: OptionValue[] | null;
  minimum: number | null;
  maximum: number | null;
}

export type OptionValue = string | number | boolean;

/** Done acting in this window or decision (the same as acting ``pass``). */
export interface PassMessage {
  type: "pass";
  /** @minimum 0 */
  window?: number;
  /** @minimum 0 */
  reaction_ms?: number;
}

/**
 * Sent by either side.  The server answers a client's ping with a ``pong`` holding
 * its clock; a client answers the server's ping with a ``pong`` of the same id at
 * once, which is how the server measures the connection's round trip.
 */
export interface Ping {
  type: "ping";
  /**
   * @minimum 0
   * @maximum 9007199254740992
   */
  id: number;
}

/**
 * The answer to a client's ping: the server's clock (ms, monotonic) for the
 * client's clock sync.
 */
export interface Pong {
  type: "pong";
  id: number;
  server_ms: number;
}

/**
 * This seat's person is ready for the first race or decision of the room's first
 * game, which waits for them (``room.getting_ready``): a new player does not lose it
 * while still reading the table.
 */
export interface Ready {
  type: "ready";
}

/**
 * This seat wants another game at the same table; it starts once every person
 * seated has asked.
 */
export interface Rematch {
  type: "rematch";
}

/**
 * A finished game's frames for one pair of eyes, and what the viewer shows around
 * the table: the game, whose names sit where, whose eyes (None: a spectator's).
 */
export interface Replay {
  game: string;
  title: string;
  number: number;
  players: number;
  /**
   * Each seat's name as the record gives it, shown as every table shows seats
   * (``gamenight.seats.record_names``: a simulated game's ``bot:SPEC`` as the bot's
   * name, two seats of one name numbered).
   */
  names: string[];
  seat: number | null;
  frames: Update[];
}

/** A room as everyone sees it. */
export interface RoomInfo {
  code: string;
  game: string;
  title: string;
  players: number;
  options: Record<string, unknown>;
  status: "lobby" | "playing" | "over";
  /** The room's games so far (1 while the first is played). */
  game_number: number;
  seats: SeatInfo[];
  spectators: number;
  grace_s: number;
  /**
   * In a tutorial's room only: the lesson it plays (its name, as
   * ``GET /api/games/{game}/lessons`` lists it); absent in every other room.
   */
  lesson?: string;
  /**
   * Only while the room is paused because the server cannot store its moves (its
   * database is not answering): why, in words for its people.  Nothing is played and
   * actions are refused (``unavailable``) until it is back; then the room plays on by
   * itself, and every connection is sent the game whole (a ``fresh`` update).
   */
  paused?: string;
  /**
   * Only while the first race or decision of the room's first game waits for its
   * people to be ready (the client's ``ready``; at most 20 s): the seats not ready yet.
   */
  getting_ready?: number[];
}

/**
 * The room made: its code, the invite link to give friends, the host's token (it
 * starts the game; keep it secret) and, when the host gave a name, the seat the host
 * took, whose token is the host's token.
 */
export interface RoomMade {
  code: string;
  invite: string;
  host_token: string;
  seat: SeatTaken | null;
}

/** The room changed (someone sat down, left, came back, asked for a rematch). */
export interface RoomMessage {
  type: "room";
  room: RoomInfo;
}

/** A seat as everyone sees it: who plays it, never their token. */
export interface SeatInfo {
  seat: number;
  name: string | null;
  /**
   * The name the seat is shown by, the same in every table and record: a person's as
   * given, a bot's as "perfect bot, average", two alike numbered (" #2"; ``gamenight.seats``).
   */
  shown: string;
  /**
   * Only where another seat would show the same name: this seat's number among them,
   * the " #2" of ``shown`` (``gamenight.seats.alike_numbers``), so that a client that
   * names an open or bot seat in its own language numbers it as ``shown`` does.
   */
  alike?: number;
  /** "person" (someone has taken it), "open" (waiting for a person), "bot". */
  kind: "person" | "open" | "bot";
  /**
   * The bot playing it: the room's bot, or the default bot sitting in for a person
   * who has been gone longer than the room's grace period.
   */
  bot: string | null;
  /**
   * That bot's name in its parts, for a client to name it in its own language; absent
   * where no bot plays the seat.
   */
  bot_name?: BotName;
  connected: boolean;
  rematch: boolean;
}

/** A seat and the token that plays it (keep it: it is the seat's only key). */
export interface SeatTaken {
  seat: number;
  token: string;
}

export type ServerMessage = Welcome | RoomMessage | Update | ServerPing | Pong | Error;

export interface ServerPing {
  type: "ping";
  id: number;
}

/** The host starts the game (empty person seats get the game's default bot). */
export interface Start {
  type: "start";
}

/**
 * Options chosen for a new room (as ``NewRoom`` has them), to learn which table
 * sizes can start with them.
 */
export interface TableQuery {
  /** @maxProperties 32 */
  options?: Record<string, OptionValue>;
}

/**
 * The player counts a room of the game can start with the options asked about
 * (``Game.resolve_options``, the check a new room gets), fewest first.
 */
export interface TableSizes {
  players: number[];
}

/**
 * The game as this seat may know it after the steps since the last update: the
 * events of those steps in the seat's form (all of the game's events so far, for the
 * first update after joining: ``fresh``), the seat's view and what it is told beside
 * it, who acts, the seat's legal actions (their texts; None when more than
 * ``legal_count`` is worth listing), and the open window.
 */
export interface Update<V extends GameView = GameView, E extends GameEvent = GameEvent, T = unknown> {
  type: "update";
  game: number;
  step: number;
  fresh: boolean;
  view: V;
  events: E[];
  /**
   * The events as lines of the story, told to this seat ("You take red 3."): what a
   * table's log shows, the same words as the terminal's.
   */
  lines: string[];
  /** The lines of the events a table shows as news, apart from the log (``Event.news``). */
  news: string[];
  /**
   * What this seat is told in words beside the view (``GameState.told``: the game's
   * narration of the table, such as its last turn in words), in the game's ``Told``
   * shape; absent where the game tells nothing there.  For people only: it is no part
   * of the view a bot plays by.
   */
  told?: T;
  acting: ActingInfo;
  legal: string[] | null;
  /**
   * What each of ``legal`` refers to on the table (``Game.refers``: a card by id, a
   * place, a seat), a column per kind of thing, each in ``legal``'s order (None where
   * an action refers to no such thing), so a table finds the action for what was
   * pressed without composing its text; None where ``legal`` is or the game says
   * nothing.
   */
  refers: ReferColumns | null;
  legal_count: number;
  window: WindowInfo | null;
}

/**
 * The answer to ``join``: the protocol version, the room, and which seat this
 * connection plays (None: a spectator) and whether it is the host.
 */
export interface Welcome {
  type: "welcome";
  v: number;
  room: RoomInfo;
  seat: number | null;
  host: boolean;
}

/**
 * The window or decision open now: its id (the history index it opened at, sent
 * back with actions in it) and how long it has been open on the server's clock when
 * this message was made (0 for the update that opens it).
 */
export interface WindowInfo {
  id: number;
  elapsed_ms: number;
}
