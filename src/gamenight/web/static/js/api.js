// The server's REST calls (docs/protocol.md, "Transport"), and where this browser keeps
// the tokens of the seats it plays.

import { language, t } from "./i18n.js";

/** @typedef {import("./types/protocol").GameInfo} GameInfo */
/** @typedef {import("./types/protocol").NewRoom} NewRoom */
/** @typedef {import("./types/protocol").OptionValue} OptionValue */
/** @typedef {import("./types/protocol").TableSizes} TableSizes */
/** @typedef {import("./types/protocol").RoomMade} RoomMade */
/** @typedef {import("./types/protocol").RoomInfo} RoomInfo */
/** @typedef {import("./types/protocol").SeatTaken} SeatTaken */
/** @typedef {import("./types/protocol").Replay} Replay */
/** @typedef {import("./types/protocol").LessonInfo} LessonInfo */
/** @typedef {import("./types/protocol").CodedRefusal} CodedRefusal */

/**
 * A refused request, with a sentence for a person; and, for a refusal in a room (a seat
 * that cannot be taken), its code, by which a page says it in its own language.
 */
export class ApiError extends Error {
  /**
   * @param {number} status  @param {string} message
   * @param {CodedRefusal["code"] | null} [code]
   */
  constructor(status, message, code = null) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * The sentence in a refusal: FastAPI's `detail`, a sentence or a list of problems.
 * @param {unknown} body
 * @returns {string | null}
 */
function detailOf(body) {
  if (typeof body !== "object" || body === null || !("detail" in body)) return null;
  const detail = body.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail) && detail.length > 0) {
    const first = detail[0];
    if (typeof first === "object" && first !== null && "msg" in first) return String(first.msg);
  }
  return null;
}

/**
 * The code of a refusal in a room (`CodedRefusal`), or null for one without.
 * @param {unknown} body
 * @returns {CodedRefusal["code"] | null}
 */
function codeOf(body) {
  if (typeof body !== "object" || body === null || !("code" in body)) return null;
  return typeof body.code === "string" ? /** @type {CodedRefusal["code"]} */ (body.code) : null;
}

/**
 * A JSON request; ApiError when it is refused.
 * @param {string} path
 * @param {RequestInit} [init]
 * @returns {Promise<unknown>}
 */
async function request(path, init) {
  const response = await fetch(path, init);
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(response.status,
      detailOf(body) ?? t("The server answered {status}.", { status: response.status }),
      codeOf(body));
  }
  return body;
}

/**
 * @param {string} path
 * @param {object} body
 */
function post(path, body) {
  return request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** @type {Promise<GameInfo[]> | null} the games, once asked */
let gamesAsked = null;

/**
 * The games, with their options, bots and words (asked once per page: what a game is
 * does not change while the page is open; a failed question is asked again next time).
 * @returns {Promise<GameInfo[]>}
 */
export function games() {
  gamesAsked ??= request(`/api/games?lang=${language()}`).then(
    (body) => /** @type {GameInfo[]} */ (body),
    (error) => {
      gamesAsked = null;
      throw error;
    });
  return gamesAsked;
}

/**
 * The table sizes a room of `game` can start with `options` (the lobby offers these).
 * @param {string} game  @param {Record<string, OptionValue>} options
 * @returns {Promise<number[]>}
 */
export async function tableSizes(game, options) {
  const sizes = /** @type {TableSizes} */ (
    await post(`/api/games/${encodeURIComponent(game)}/tables`, { options }));
  return sizes.players;
}

/** @param {NewRoom} room  @returns {Promise<RoomMade>} */
export async function makeRoom(room) {
  return /** @type {RoomMade} */ (await post("/api/rooms", room));
}

/** A game's lessons (the tutorial). @param {string} game  @returns {Promise<LessonInfo[]>} */
export async function lessons(game) {
  return /** @type {LessonInfo[]} */ (
    await request(`/api/games/${encodeURIComponent(game)}/lessons?lang=${language()}`));
}

/**
 * A room that plays a lesson, `name` at its seat (the room starts as they join it).
 * @param {string} game  @param {string} lesson  @param {string} name
 * @returns {Promise<RoomMade>}
 */
export async function makeLessonRoom(game, lesson, name) {
  const path = `/api/games/${encodeURIComponent(game)}/lessons/${encodeURIComponent(lesson)}/rooms`;
  return /** @type {RoomMade} */ (await post(path, { name }));
}

/** @param {string} code  @returns {Promise<RoomInfo>} */
export async function roomInfo(code) {
  return /** @type {RoomInfo} */ (await request(`/api/rooms/${encodeURIComponent(code)}`));
}

/**
 * A person takes a seat (the first open one when `seat` is not given).
 * @param {string} code  @param {string} name  @param {number} [seat]
 * @returns {Promise<SeatTaken>}
 */
export async function takeSeat(code, name, seat) {
  const body = seat === undefined ? { name } : { name, seat };
  return /** @type {SeatTaken} */ (
    await post(`/api/rooms/${encodeURIComponent(code)}/seats`, body));
}

/**
 * How to play a game in a page, or its rules as implemented (every rulebook sentence
 * and decision), as Markdown.
 * @param {string} game  @param {"how-to-play" | "rules"} [which]
 * @returns {Promise<string>}
 */
export async function rules(game, which = "how-to-play") {
  // How to play in the page's language; the rules as implemented are the developers'
  // English, which maps each rulebook sentence to the code.
  const asked = which === "how-to-play" ? `?lang=${language()}` : "";
  const response = await fetch(`/api/games/${encodeURIComponent(game)}/${which}${asked}`);
  if (!response.ok) throw new ApiError(response.status, t("The rules could not be fetched."));
  return response.text();
}

/** @param {string} code */
export function qrPath(code) {
  return `/api/rooms/${encodeURIComponent(code)}/qr.svg`;
}

/**
 * The record of game `game`: the whole one, or what `seat` saw (its redacted record).
 * @param {string} code  @param {number} game  @param {number} [seat]
 */
export function recordPath(code, game, seat) {
  const path = `/api/rooms/${encodeURIComponent(code)}/games/${game}/record`;
  return seat === undefined ? path : `${path}?seat=${seat}`;
}

/** @param {number | null} seat  the query naming whose eyes a replay is seen through */
const eyesQuery = (seat) => `seat=${seat === null ? "spectator" : seat}`;

/**
 * The frames of a finished game as `seat` saw it (null: a spectator), for the replay.
 * @param {string} code  @param {number} game  @param {number | null} seat
 * @returns {Promise<Replay>}
 */
export async function frames(code, game, seat) {
  return /** @type {Replay} */ (await request(
    `/api/rooms/${encodeURIComponent(code)}/games/${game}/frames?${eyesQuery(seat)}`));
}

/**
 * The frames of the game in a record file (its text), verified by the server.
 * @param {string} record  @param {number | null} seat
 * @returns {Promise<Replay>}
 */
export async function framesOfFile(record, seat) {
  return /** @type {Replay} */ (await request(`/api/replays?${eyesQuery(seat)}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: record,
  }));
}

/**
 * The replay viewer's page for game `game`, through `seat`'s eyes (null: a spectator's).
 * @param {string} code  @param {number} game  @param {number | null} seat
 */
export function replayPath(code, game, seat) {
  const page = `/replay/${encodeURIComponent(code)}/${game}`;
  return seat === null ? page : `${page}?seat=${seat}`;
}

// -- the seats this browser plays ---------------------------------------------------------

/**
 * What this browser keeps of a room: the token it joins with (a seat's, or the host's),
 * whether it is the host's, and the invite link the server gave.  Kept in localStorage
 * under the room's code, so a reload (or the tab opened again) rejoins the seat.
 * @typedef {object} Pass
 * @property {string} token
 * @property {boolean} host
 * @property {string} [invite]
 */

/** @param {string} code */
const passKey = (code) => `gamenight:room:${code}`;

/** @param {string} code  @returns {Pass | null} */
export function loadPass(code) {
  try {
    const raw = localStorage.getItem(passKey(code));
    if (raw === null) return null;
    const pass = JSON.parse(raw);
    return typeof pass?.token === "string" ? /** @type {Pass} */ (pass) : null;
  } catch {
    return null; // storage refused (a private window) or spoilt: no seat
  }
}

/** @param {string} code  @param {Pass} pass */
export function savePass(code, pass) {
  try {
    localStorage.setItem(passKey(code), JSON.stringify(pass));
  } catch {
    // Storage refused: the seat is played until the tab closes, but a reload loses it.
  }
}

/** @param {string} code */
export function forgetPass(code) {
  try {
    localStorage.removeItem(passKey(code));
  } catch {
    // nothing kept
  }
}
