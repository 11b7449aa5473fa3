// The replay viewer (/replay/{code}/{n}?seat=K): a finished game step by step, drawn by
// the room's own table module from the server's frames (GET
// /api/rooms/{code}/games/{n}/frames, server/replays.py): frame i is the update the table
// would have been sent after i steps, through the chosen eyes (a seat's, or a
// spectator's).  At /replay (or from any replay) a record file opened or dropped on the
// page is replayed the same way: the server verifies it and builds its frames (POST
// /api/replays).  Nothing here computes a rule or sees more than those eyes saw; there is
// no WebSocket, and the table's actions go nowhere (every frame offers none).
//
// A table follows the game from its events (one keeps the cards of the last turn in
// sight, another marks the hands that just landed).  One step forward
// hands the table that step's frame, as the room would, so it animates the step; any
// other jump (back, first, last, the slider, new eyes) draws a new table from a frame
// that retells every event so far (`fresh`, as a reloaded room page is told), so the
// picture at step i is the same however the viewer got there.

import * as api from "./api.js";
import { byId, fill, h } from "./dom.js";
import { GameLog } from "./log.js";
import { reasonText, scoreRows, winnersText } from "./result.js";
import { rulesButton } from "./rules.js";
import { tableFor } from "./tables/index.js";
import { t } from "./i18n.js";

/** @typedef {import("./types/protocol").Replay} Replay */
/** @typedef {import("./types/protocol").Update} Update */
/** @typedef {import("./table.js").Table} Table */
/** @typedef {import("./table.js").CreateTable} CreateTable */

/** How long each step shows while the replay plays. */
const PLAY_MS = 700;
/** The largest record file the server replays (server/app.py, REPLAY_FILE_BYTES). */
const FILE_BYTES = 1024 * 1024;
const SPECTATOR = "spectator";

const [, codePart = "", numberPart = ""] = location.pathname.split("/").filter(Boolean);
const code = decodeURIComponent(codePart);
const number = Number(numberPart);

/** The picture `id` of the page. @param {string} id */
function svgById(id) {
  const element = document.getElementById(id);
  if (!(element instanceof SVGElement)) throw new Error(`the page has no picture #${id}`);
  return element;
}

const page = {
  title: byId("title", HTMLElement),
  roomLink: byId("back-to-room", HTMLAnchorElement),
  loading: byId("loading", HTMLElement),
  viewer: byId("viewer", HTMLElement),
  side: byId("side", HTMLElement),
  eyes: byId("eyes", HTMLSelectElement),
  first: byId("first", HTMLButtonElement),
  back: byId("back", HTMLButtonElement),
  playPause: byId("play-pause", HTMLButtonElement),
  playIcon: svgById("play-icon"),
  pauseIcon: svgById("pause-icon"),
  forward: byId("forward", HTMLButtonElement),
  last: byId("last", HTMLButtonElement),
  slider: byId("step-slider", HTMLInputElement),
  stepText: byId("step-text", HTMLElement),
  table: byId("table", HTMLElement),
  seats: byId("seats", HTMLElement),
  result: byId("result", HTMLElement),
  resultReason: byId("result-reason", HTMLElement),
  resultBody: /** @type {HTMLTableSectionElement} */ (
    byId("result-table", HTMLTableElement).tBodies[0]),
  file: byId("record-file", HTMLInputElement),
  fileNote: byId("file-note", HTMLElement),
};

/** What the viewer shows now. */
const state = {
  /** Where the frames come from: the room's game, or a record file. */
  /** @type {(seat: number | null) => Promise<Replay>} */
  source: roomFrames,
  fromFile: false,
  /** @type {Replay | null} */
  replay: null,
  /** the frame drawn (its index: the steps taken) */
  at: 0,
  /** @type {Table | null} */
  table: null,
  /** @type {CreateTable | null} */
  createTable: null,
  /** @type {number | undefined} the timer of a replay that plays */
  playing: undefined,
  /** Each seat's name, as the record gives it (the log and the table read it). */
  /** @type {string[]} */
  names: [],
};

const log = new GameLog(byId("log", HTMLElement), state.names);

/**
 * Whose eyes the address asks for: a seat's number, or null for a spectator's.
 * @returns {number | null}
 */
function askedEyes() {
  const seat = new URLSearchParams(location.search).get("seat");
  return seat !== null && /^[0-9]+$/.test(seat) ? Number(seat) : null;
}

// -- fetching the frames -------------------------------------------------------------------

/**
 * The room's game through `seat`'s eyes; an ApiError with a sentence for a person.
 * @param {number | null} seat
 * @returns {Promise<Replay>}
 */
async function roomFrames(seat) {
  try {
    return await api.frames(code, number, seat);
  } catch (error) {
    if (error instanceof api.ApiError && error.status === 404) {
      throw new api.ApiError(404, t("This game has no replay yet: it opens once the game is over."));
    }
    throw error;
  }
}

/**
 * Shows the game through `seat`'s eyes, at the step shown now (or `at`).
 * @param {number | null} seat
 * @param {number} [at]
 */
async function open(seat, at) {
  pause();
  const replay = await state.source(seat);
  const first = state.replay === null;
  state.replay = replay;
  byId("rules-button", HTMLButtonElement).disabled = false; // its game is known now
  state.names.splice(0, state.names.length, ...shownNames(replay.names));
  if (first) {
    state.createTable = await tableFor(replay.game);
    showGame(replay);
  }
  page.eyes.value = replay.seat === null ? SPECTATOR : String(replay.seat);
  const url = new URL(state.fromFile ? "/replay" : location.pathname, location.href);
  url.searchParams.set("seat", page.eyes.value);
  history.replaceState(null, "", url);
  state.table = null; // new eyes, a new table
  show(at ?? state.at);
}

/**
 * The seats' names as shown: the record's, with the seat's number where two seats share
 * a name (bots of one kind are named by their kind).
 * @param {string[]} names
 */
function shownNames(names) {
  return names.map((name, seat) => (names.indexOf(name) !== names.lastIndexOf(name)
    ? t("{name} (seat {seat})", { name, seat }) : name));
}

/** @param {Replay} replay */
function showGame(replay) {
  page.title.textContent = t("Replay: {game}", { game: replay.title });
  document.title = (state.fromFile ? t("Replay of {game}", { game: replay.title })
    : t("Replay of {game}, game {number}", { game: replay.title, number: replay.number }))
    + " · gamenight";
  page.roomLink.hidden = state.fromFile;
  page.roomLink.href = `/r/${encodeURIComponent(code)}`;
  fill(page.eyes,
    replay.names.map((name, seat) => h("option", { value: String(seat) }, t("Seat {seat}: {name}", { seat, name }))),
    h("option", { value: SPECTATOR }, t("A spectator (no hidden cards)")));
  page.slider.max = String(replay.frames.length - 1);
  page.loading.hidden = true;
  page.viewer.hidden = false;
  page.side.hidden = false;
}

// -- drawing a step ------------------------------------------------------------------------

/**
 * Frame `i` as a fresh update: every event and line so far, so that a new table follows
 * the whole game up to it.
 * @param {Update[]} frames  @param {number} i
 * @returns {Update}
 */
function retold(frames, i) {
  const sofar = frames.slice(0, i + 1);
  return { ...frames[i], fresh: true, events: sofar.flatMap((f) => f.events),
    lines: sofar.flatMap((f) => f.lines) };
}

/** A new table on a root of its own (the last one's key handlers go with its root). */
function newTable() {
  const replay = state.replay;
  if (replay === null || state.createTable === null) return null;
  const root = document.createElement("div");
  root.className = "table-root";
  page.table.replaceChildren(root);
  return state.createTable(root, {
    seat: replay.seat,
    players: replay.players,
    names: state.names,
    act: () => {}, // a replay is watched, not played
  });
}

/**
 * Draws step `index` (clamped to the game's).
 * @param {number} index
 */
function show(index) {
  const replay = state.replay;
  if (replay === null) return;
  const frames = replay.frames;
  const i = Math.max(0, Math.min(frames.length - 1, index));
  if (state.table !== null && i === state.at) return; // already drawn (a step past the end)
  if (state.table !== null && i === state.at + 1) {
    state.table.update(frames[i]); // one step on, as the room would have told it
  } else {
    state.table = newTable();
    state.table?.update(retold(frames, i));
  }
  state.at = i;
  const frame = frames[i];
  const last = frames.length - 1;
  page.slider.value = String(i);
  page.slider.setAttribute("aria-valuetext", t("Step {step} of {last}", { step: i, last }));
  page.stepText.textContent = `${t("Step {step} of {last}.", { step: i, last })} ${whatNext(frame)}`;
  page.viewer.dataset.step = String(i);
  for (const [button, off] of /** @type {[HTMLButtonElement, boolean][]} */ ([
    [page.first, i === 0], [page.back, i === 0], [page.forward, i === last],
    [page.last, i === last]])) {
    // aria-disabled, not disabled: a button stepped to the end keeps the focus.
    button.setAttribute("aria-disabled", String(off));
  }
  log.add(frames.slice(0, i + 1).flatMap((f) => f.lines), true);
  drawSeats(frame);
  drawResult(frame);
}

/**
 * Who acts after this step, in words.
 * @param {Update} frame
 */
function whatNext(frame) {
  const acting = frame.acting;
  if (acting.kind === "over") return t("The game is over.");
  if (acting.kind === "chance") return t("Next: chance (a deal, a shuffle or a roll).");
  const who = acting.seats.map((seat) => state.names[seat] ?? t("Seat {seat}", { seat }));
  if (acting.kind === "turn" && who.length === 1) return t("Next: {name}'s turn.", { name: who[0] ?? "" });
  return t("Next: {names} at once.", { names: who.join(", ") });
}

/** The seats, the acting ones marked (by a symbol and words, not colour alone). @param {Update} frame */
function drawSeats(frame) {
  const acting = new Set(frame.acting.kind === "over" ? [] : frame.acting.seats);
  const eyes = state.replay?.seat ?? null;
  fill(page.seats, state.names.map((name, seat) => {
    const now = acting.has(seat);
    return h("li", { class: `seat${now ? " acting" : ""}`, "data-seat": seat },
      h("span", { class: "turn-mark", "aria-hidden": "true" }, now ? "▶" : ""),
      h("span", { class: "seat-number", "aria-hidden": "true" }, String(seat)),
      h("span", { class: "name" }, name),
      now && h("span", { class: "sr-only" }, t("(acting)")),
      seat === eyes && h("span", { class: "tag me" }, t("whose eyes")));
  }));
}

/** How many times the result has been drawn: a reason that comes late is written only
 * under the latest. */
let resultsDrawn = 0;

/** The result, at the step that ended the game. @param {Update} frame */
function drawResult(frame) {
  const outcome = frame.view.outcome;
  const replay = state.replay;
  page.result.hidden = frame.acting.kind !== "over" || outcome === undefined || replay === null;
  if (page.result.hidden || outcome === undefined || replay === null) return;
  const names = state.names;
  const winners = winnersText(outcome, names, null);
  page.resultReason.textContent = winners;
  const drawn = ++resultsDrawn;
  void reasonText(replay.game, outcome).then((words) => {
    if (drawn === resultsDrawn) page.resultReason.textContent = winners + words;
  });
  fill(page.resultBody, scoreRows(outcome, names, replay.seat));
}

// -- the controls --------------------------------------------------------------------------

/** The play button as what it will do: play, or pause a replay that plays. @param {boolean} on */
function playing(on) {
  page.playPause.setAttribute("aria-label", on ? t("Pause") : t("Play"));
  page.playIcon.toggleAttribute("hidden", on);
  page.pauseIcon.toggleAttribute("hidden", !on);
}

function pause() {
  if (state.playing === undefined) return;
  window.clearInterval(state.playing);
  state.playing = undefined;
  playing(false);
}

function play() {
  const replay = state.replay;
  if (replay === null) return;
  if (state.at >= replay.frames.length - 1) show(0); // from the start again
  playing(true);
  state.playing = window.setInterval(() => {
    if (state.replay === null || state.at >= state.replay.frames.length - 1) {
      pause();
      return;
    }
    show(state.at + 1);
  }, PLAY_MS);
}

function playOrPause() {
  if (state.playing === undefined) play();
  else pause();
}

/**
 * A control that moves to another step (and stops a replay that plays).
 * @param {() => number} where
 */
function stepper(where) {
  return () => {
    pause();
    show(where());
  };
}

const toFirst = stepper(() => 0);
const toBack = stepper(() => state.at - 1);
const toForward = stepper(() => state.at + 1);
const toLast = stepper(() => Infinity);

page.first.addEventListener("click", toFirst);
page.back.addEventListener("click", toBack);
page.forward.addEventListener("click", toForward);
page.last.addEventListener("click", toLast);
page.playPause.addEventListener("click", playOrPause);
page.slider.addEventListener("input", stepper(() => Number(page.slider.value)));
page.eyes.addEventListener("change", () => {
  const seat = page.eyes.value === SPECTATOR ? null : Number(page.eyes.value);
  open(seat).catch(failed);
});

/** Keys anywhere on the page, but not where a field or a button answers them itself. */
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  if (state.replay === null || document.querySelector("dialog[open]") !== null) return;
  const target = event.target;
  // The slider steps with the arrows itself, the picker chooses with them.
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
  if (target instanceof HTMLButtonElement && (event.key === " " || event.key === "Enter")) return;
  const action = /** @type {Record<string, () => void>} */ ({
    ArrowLeft: toBack, ArrowRight: toForward, Home: toFirst, End: toLast, " ": playOrPause,
  })[event.key];
  if (action === undefined) return;
  event.preventDefault();
  action();
});

rulesButton(byId("rules-button", HTMLButtonElement), () => state.replay?.game ?? null);

/** @param {unknown} error */
function failed(error) {
  page.loading.hidden = false;
  page.loading.textContent = sentence(error);
}

/** @param {unknown} error */
function sentence(error) {
  const words = error instanceof api.ApiError ? error.message : t("The server could not be reached.");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// -- a record file -------------------------------------------------------------------------

/**
 * Replays the game in `file` (its frames from the server, which verifies it), through a
 * spectator's eyes first; the game shown so far stays if the file is refused.
 * @param {File} file
 */
async function openFile(file) {
  if (file.size > FILE_BYTES) {
    page.fileNote.textContent = t("{file} is larger than the 1 MiB a replay takes.", { file: file.name });
    return;
  }
  page.fileNote.textContent = t("Opening {file}…", { file: file.name });
  const text = await file.text();
  /** @param {number | null} seat */
  const fromFile = (seat) => api.framesOfFile(text, seat);
  let replay;
  try {
    replay = await fromFile(null);
  } catch (error) {
    page.fileNote.textContent = t("{file} cannot be replayed: {reason}", { file: file.name, reason: sentence(error) });
    return;
  }
  state.source = (seat) => (seat === null ? Promise.resolve(replay) : fromFile(seat));
  state.fromFile = true;
  state.replay = null; // another game, perhaps another table
  state.createTable = null;
  await open(null, 0);
  state.source = fromFile;
  page.fileNote.textContent = t("Watching {file}.", { file: file.name });
}

page.file.addEventListener("change", () => {
  const file = page.file.files?.[0];
  if (file !== undefined) openFile(file).catch(failed);
});
document.addEventListener("dragover", (event) => {
  if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
});
document.addEventListener("drop", (event) => {
  const file = event.dataTransfer?.files[0];
  if (file === undefined) return;
  event.preventDefault();
  openFile(file).catch(failed);
});

// -- start ---------------------------------------------------------------------------------

if (code === "") {
  page.loading.textContent = t("Open a record file to watch its game.");
} else if (!Number.isInteger(number)) {
  page.loading.textContent = t("This page needs a room's code and a game's number.");
} else {
  open(askedEyes(), 0).catch(failed);
}
