// The room page (/r/{code}), the invite link's target: a visitor takes a seat or
// watches; the room waits for its players; then the game's table, with everything
// every table shares around it: the seats, whose turn it is, the countdown, the log,
// errors, the end of the game, the rules.
//
// A table (tables/<game-id>.js) draws each update and hands back the actions a person
// makes; the shell adds the window and reaction time (timing.js) and sends them.

import * as api from "./api.js";
import { byId, fill, h } from "./dom.js";
import { Connection } from "./connection.js";
import { ReactionClock } from "./timing.js";
import { drawSeats, seatName } from "./seats.js";
import { GameLog } from "./log.js";
import { Countdown } from "./countdown.js";
import { ResultPanel } from "./result.js";
import { WaitingRoom } from "./waiting.js";
import { rulesButton } from "./rules.js";
import { LessonPanel } from "./lesson.js";
import { Drawer } from "./drawer.js";
import { tableFor } from "./tables/index.js";
import { Sounds, cueFor } from "./sounds.js";
import { language, t } from "./i18n.js";

/** @typedef {import("./types/protocol").ServerMessage} ServerMessage */
/** @typedef {import("./types/protocol").RoomInfo} RoomInfo */
/** @typedef {import("./types/protocol").Update} Update */
/** @typedef {import("./types/protocol").Error} ErrorMessage */
/** @typedef {import("./table.js").Table} Table */
/** @typedef {import("./table.js").TableContext} TableContext */
/** @typedef {import("./connection.js").LinkState} LinkState */

const code = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() ?? "");

const page = {
  title: byId("title", HTMLElement),
  linkState: byId("link-state", HTMLElement),
  loading: byId("loading", HTMLElement),
  join: byId("join", HTMLElement),
  joinNote: byId("join-note", HTMLElement),
  joinForm: byId("join-form", HTMLFormElement),
  joinName: byId("join-name", HTMLInputElement),
  joinSit: byId("join-sit", HTMLButtonElement),
  joinWatch: byId("join-watch", HTMLButtonElement),
  play: byId("play", HTMLElement),
  status: byId("status", HTMLElement),
  table: byId("table", HTMLElement),
  side: byId("side", HTMLElement),
  seats: byId("seats", HTMLElement),
  toast: byId("toast", HTMLElement),
  notice: byId("notice", HTMLElement),
  noticeText: byId("notice-text", HTMLElement),
  ready: byId("ready", HTMLButtonElement),
};

/** Everything the page knows of the room, from the server's messages. */
const state = {
  /** @type {api.Pass | null} */
  pass: api.loadPass(code),
  /** @type {Connection | null} */
  connection: null,
  /** @type {number | null} the seat this page plays */
  me: null,
  host: false,
  /** @type {RoomInfo | null} */
  room: null,
  /** @type {string | null} the room's game (known before joining, from the REST answer) */
  game: null,
  /** Each seat's name as shown; the array tables hold is kept up to date in place. */
  /** @type {string[]} */
  names: [],
  /** @type {Update | null} */
  last: null,
  /** @type {Table | null} the table of game number `tableGame` */
  table: null,
  tableGame: 0,
  /** Updates that came while the table's module was loading, with when each came. */
  /** @type {[Update, number][]} */
  pending: [],
};

const clock = new ReactionClock();
const log = new GameLog(byId("log", HTMLElement), state.names);
const countdown = new Countdown(byId("countdown", HTMLElement));
const result = new ResultPanel();
const lesson = new LessonPanel();
const sounds = new Sounds(byId("sound-button", HTMLButtonElement));
const drawer = new Drawer(byId("drawer-button", HTMLButtonElement), byId("drawer", HTMLElement),
  byId("drawer-close", HTMLButtonElement), () => log.showLatest());
/** @type {Update | null} the update drawn last (what a cue compares with) */
let drawnLast = null;
/** @type {WaitingRoom | null} */
let waiting = null;

// -- errors and the connection, shown politely ---------------------------------------------

/** @type {number | undefined} */
let toastTimer;
/** @param {string} text */
function tell(text) {
  page.toast.textContent = text;
  page.toast.classList.add("shown");
  window.clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => page.toast.classList.remove("shown"), 5000);
}

/**
 * What a refusal means to a person, in the page's language, by its code where the code
 * says it all (docs/protocol.md, "Errors").  The server's English `message` is shown for
 * the rest: `illegal` (the rules' own reasons, English by design: docs/languages.md),
 * `not-allowed` (one code for several reasons), and any code this page does not know.
 */
/** Also what this page says of an action it finds too late itself (`tableContext`). */
const TOO_LATE = t("Too late: that moment has passed.");
const ERROR_WORDS = /** @type {Partial<Record<ErrorMessage["code"], string>>} */ ({
  stale: TOO_LATE,
  "rate-limited": t("Slow down a little: too many at once."),
  "not-playing": t("No game is being played right now."),
  unavailable: t("The server cannot store moves right now (its database is not answering): the game goes on by itself when it is back."),
  "not-joined": t("This page has not joined the room yet: reload the page."),
  malformed: t("The server did not understand this page: reload the page."),
  "too-large": t("This page sent more than the server takes at once: reload the page."),
});

/**
 * Why a seat was refused, in the page's language, by the refusal's code (the server's
 * English `detail` for one this page does not know).
 */
const SEAT_REFUSED_WORDS = /** @type {Partial<Record<NonNullable<api.ApiError["code"]>, string>>} */ ({
  "no-room": t("This room could not be found."),
  "room-unavailable": t("This room cannot be played on this server any more."),
  "game-started": t("The game has started: you can watch."),
  "seat-not-open": t("That seat has just been taken: try again."),
  "seats-taken": t("Every seat is taken: you can watch."),
});

/** @param {ErrorMessage} error */
function refused(error) {
  if (error.code === "bad-token") {
    // The seat's key is not this room's (an old room, a server that forgot it).
    api.forgetPass(code);
    state.pass = null;
    state.connection?.close();
    state.connection = null;
    void askToJoin(t("Your seat in this room was not found: join again."));
    return;
  }
  const words = ERROR_WORDS[error.code] ?? error.message;
  tell(words.charAt(0).toUpperCase() + words.slice(1));
}

/** @param {LinkState} link  @param {number} [retryInMs] */
function linkChanged(link, retryInMs) {
  page.linkState.dataset.state = link;
  if (link === "open") {
    // The word apart from the dot: a phone shows the dot alone (app.css).
    fill(page.linkState, h("span", { "aria-hidden": "true" }, "● "),
      h("span", { class: "link-word" }, t("connected")));
    return;
  }
  page.linkState.textContent = link === "gone" ? t("This room is gone.")
      : link === "closed" ? ""
        : retryInMs === undefined ? t("Connecting…")
          : t("Connection lost: trying again in {seconds} s…",
            { seconds: Math.max(1, Math.round(retryInMs / 1000)) });
}

// -- joining -------------------------------------------------------------------------------

/**
 * Joins the room, asking for the story in the page's language (the server tells each
 * connection the game's lines in its own: docs/languages.md).
 * @param {import("./types/protocol").Join} join
 */
function connect(join) {
  page.join.hidden = true;
  page.loading.hidden = false;
  state.connection = new Connection(code, { ...join, lang: language() },
                                    { message: received, state: linkChanged });
}

/**
 * Shows the visitor's choice: a name to take a seat with, or watching.
 * @param {string} [note]
 */
async function askToJoin(note) {
  page.loading.hidden = true;
  /** @type {RoomInfo} */
  let room;
  try {
    room = await api.roomInfo(code);
  } catch {
    page.loading.hidden = false;
    page.loading.textContent = t("This room could not be found.");
    return;
  }
  showTitle(room);
  const open = room.status === "lobby" && room.seats.some((s) => s.kind === "open");
  page.join.hidden = false;
  page.joinSit.hidden = !open;
  page.joinName.required = open;
  page.joinName.closest("form")?.querySelector("label")?.toggleAttribute("hidden", !open);
  page.joinName.hidden = !open;
  page.joinNote.textContent = note ?? (open
    ? t("You are invited to play {game}. Type your name and take a seat.", { game: room.title })
    : room.status === "lobby" ? t("Every seat is taken: you can watch.")
      : t("The game has started: you can watch."));
  if (open) page.joinName.focus();
}

page.joinForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = page.joinName.value.trim();
  if (name === "") {
    // Only spaces: the server would refuse it; say so here, where the name is typed.
    page.joinNote.textContent = t("Type your name to take a seat (or watch without one).");
    page.joinName.focus();
    return;
  }
  page.joinSit.disabled = true;
  try {
    const taken = await api.takeSeat(code, name);
    state.pass = { token: taken.token, host: false };
    api.savePass(code, state.pass);
    connect({ type: "join", token: taken.token });
  } catch (error) {
    page.joinNote.textContent = !(error instanceof api.ApiError)
      ? t("The server could not be reached.")
      : (error.code !== null && SEAT_REFUSED_WORDS[error.code]) || error.message;
  } finally {
    page.joinSit.disabled = false;
  }
});

page.joinWatch.addEventListener("click", () => connect({ type: "join", spectator: true }));

// -- the server's messages -----------------------------------------------------------------

/** @param {ServerMessage} message */
function received(message) {
  switch (message.type) {
    case "welcome":
      state.me = message.seat;
      state.host = message.host;
      page.loading.hidden = true;
      roomChanged(message.room);
      break;
    case "room":
      roomChanged(message.room);
      break;
    case "update":
      void updated(message, performance.now());
      break;
    case "error":
      refused(message);
      break;
    default:
      break; // the pong to a ping this page never sends
  }
}

/** @param {RoomInfo} room */
function showTitle(room) {
  state.game = room.game;
  byId("rules-button", HTMLButtonElement).disabled = false; // its game is known now
  page.title.textContent = room.title;
  document.title = `${room.title} · gamenight`;
}

/** @param {RoomInfo} room */
function roomChanged(room) {
  state.room = room;
  showTitle(room);
  room.seats.forEach((seat, i) => { state.names[i] = seatName(seat); });
  state.names.length = room.seats.length;
  if (room.status === "lobby") {
    waiting ??= new WaitingRoom(code, state.pass?.invite ?? `${location.origin}/r/${code}`,
      () => state.connection?.send({ type: "start" }));
    waiting.show(room, state.me, state.host);
    page.play.hidden = true;
    page.side.hidden = true;
  } else {
    waiting?.hide();
    page.play.hidden = false;
    page.side.hidden = false;
  }
  drawer.available(!page.side.hidden);
  showNotice(room);
  drawSeats(page.seats, room.seats, { me: state.me, acting: actingSeats() });
  result.seatsChanged(room, state.me);
  void lesson.show(room, state.me);
}

/**
 * What holds the game, above the table: a room paused because the server cannot store
 * moves, or the first race waiting for its people to be ready (a new player does not
 * lose it while still reading the table: issue 38). Ready is a button, and space.
 * @param {RoomInfo} room
 */
function showNotice(room) {
  const waiting = room.getting_ready ?? [];
  const mine = state.me !== null && waiting.includes(state.me);
  let text = "";
  if (room.paused) {
    text = room.paused.charAt(0).toUpperCase() + room.paused.slice(1) + ".";
  } else if (mine) {
    text = t("Get ready: the first race starts when everyone has said they are ready.");
  } else if (waiting.length > 0) {
    text = t("Waiting for {names} to be ready.", {
      names: waiting.map((s) => state.names[s] ?? t("seat {seat}", { seat: s })).join(", ") });
  }
  const wasShown = !page.ready.hidden;
  page.notice.hidden = text === "";
  page.noticeText.textContent = text;
  page.ready.hidden = !mine || Boolean(room.paused);
  if (!page.ready.hidden && !wasShown) {
    page.ready.disabled = false;
    page.ready.focus();
  }
}

function sayReady() {
  if (page.ready.hidden || page.ready.disabled) return;
  page.ready.disabled = true; // said once; the room message that follows hides it
  state.connection?.send({ type: "ready" });
}

page.ready.addEventListener("click", sayReady);
// Space says it wherever the focus is (a table's own keys wait until the race opens).
document.addEventListener("keydown", (event) => {
  if (event.key === " " && !page.ready.hidden && !page.ready.disabled) {
    event.preventDefault();
    event.stopImmediatePropagation();
    sayReady();
  }
}, { capture: true });

/** The seats acting now (none once the game is over). */
function actingSeats() {
  const last = state.last;
  return last === null || last.acting.kind === "over" ? [] : last.acting.seats;
}

/**
 * @param {Update} update
 * @param {number} receivedAt
 */
async function updated(update, receivedAt) {
  state.last = update;
  if (state.tableGame !== update.game) {
    // A new game (the first, or a rematch): a new table, a new log.
    state.tableGame = update.game;
    state.table = null;
    state.pending = [[update, receivedAt]];
    result.hide();
    const createTable = await tableFor(update.view.game);
    if (state.tableGame !== update.game) return; // yet another game came meanwhile
    // Each game gets a root of its own: the last game's table (and its key handlers,
    // keys.js) goes with the old one.
    const root = document.createElement("div");
    root.className = "table-root";
    page.table.replaceChildren(root);
    state.table = createTable(root, tableContext());
    const waitingUpdates = state.pending;
    state.pending = [];
    for (const [each, at] of waitingUpdates) draw(each, at);
    return;
  }
  if (state.table === null) {
    state.pending.push([update, receivedAt]);
    return;
  }
  draw(update, receivedAt);
}

/** @returns {TableContext} */
function tableContext() {
  return {
    seat: state.me,
    players: state.room?.players ?? state.names.length,
    names: state.names,
    act: (text, event) => {
      const stamp = clock.stamp(event);
      if (stamp !== null && clock.late(stamp)) {
        tell(TOO_LATE);
        return;
      }
      const sent = state.connection?.send({ type: "act", action: text, ...(stamp ?? {}) });
      if (!sent) tell(t("Not connected: wait a moment and try again."));
    },
  };
}

/**
 * Draws an update: the table first, then (for a new window) the paint is timed, then
 * everything around the table.
 * @param {Update} update
 * @param {number} receivedAt
 */
function draw(update, receivedAt) {
  state.table?.update(update);
  clock.drawn(update);
  const cue = cueFor(drawnLast, update, state.me);
  drawnLast = update;
  if (cue !== null) sounds.play(cue);
  log.add(update.lines, update.fresh);
  countdown.show(update, receivedAt);
  page.status.textContent = statusText(update);
  page.play.dataset.acting = String(myMove(update));
  // Where the game is (its number and step): a test waits for it to move on.
  page.play.dataset.step = `${update.game}:${update.step}`;
  if (state.room !== null) {
    drawSeats(page.seats, state.room.seats, { me: state.me, acting: actingSeats() });
    const outcome = update.view.outcome;
    if (update.acting.kind === "over" && outcome !== undefined) {
      result.show(state.room, update.game, outcome, state.names, state.me);
      lesson.ended();
    }
  }
}

/** @param {Update} update */
function myMove(update) {
  return state.me !== null && update.acting.kind !== "over"
    && update.acting.seats.includes(state.me) && update.legal_count > 0;
}

/**
 * Whose move it is, in words.
 * @param {Update} update
 */
function statusText(update) {
  const acting = update.acting;
  if (acting.kind === "over") return t("The game is over.");
  if (myMove(update)) {
    return acting.kind === "window" ? t("Quick: your hand!")
      : acting.kind === "simultaneous" ? t("Your choice: everyone chooses at once.")
        : t("Your turn.");
  }
  const others = acting.seats.filter((s) => s !== state.me).map((s) => state.names[s]);
  if (acting.kind === "turn" && others.length === 1) return t("{name}'s turn.", { name: others[0] ?? "" });
  if (others.length === 0) return t("Waiting…");
  return t("Waiting for {names}.", { names: others.join(", ") });
}

// -- buttons around the table --------------------------------------------------------------

byId("rematch", HTMLButtonElement).addEventListener("click", (event) => {
  const button = /** @type {HTMLButtonElement} */ (event.currentTarget);
  button.disabled = true;
  state.connection?.send({ type: "rematch" });
});

rulesButton(byId("rules-button", HTMLButtonElement), () => state.game);

// -- start ---------------------------------------------------------------------------------

if (code === "") {
  page.loading.textContent = t("This page needs a room's code: open an invite link.");
} else if (state.pass !== null) {
  connect({ type: "join", token: state.pass.token });
} else {
  void askToJoin();
}
