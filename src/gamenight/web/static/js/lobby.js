// The lobby (/): the games the server offers (`GET /api/games`, each with its blurb),
// and a new room: its table size, a person or a bot (and its level) at each seat, the
// game's options with their help texts.  Making the room
// seats the host (when they give a name) and opens the room page, where the invite link
// waits for friends.  "Learn to play" lists the chosen game's lessons (lesson.js).

import * as api from "./api.js";
import { h, fill, byId } from "./dom.js";
import { drawLessons } from "./lesson.js";
import { t } from "./i18n.js";

/** @typedef {import("./types/protocol").GameInfo} GameInfo */
/** @typedef {import("./types/protocol").OptionInfo} OptionInfo */
/** @typedef {import("./types/protocol").OptionValue} OptionValue */

/** The table size a new room starts with, where the game allows it. */
const USUAL_PLAYERS = 3;
/** Seats a person takes by default (the host and a friend); the rest start as bots. */
const USUAL_PEOPLE = 2;
const DEFAULT_LEVEL = "average";

const form = byId("new-room", HTMLFormElement);
const gameList = byId("games", HTMLElement);
const hostName = byId("host-name", HTMLInputElement);
const players = byId("players", HTMLSelectElement);
const seatRows = byId("seats", HTMLElement);
const options = byId("options", HTMLElement);
const error = byId("form-error", HTMLElement);
const makeButton = byId("make-room", HTMLButtonElement);
const learnTitle = byId("learn-title", HTMLElement);
const lessonList = byId("lessons", HTMLElement);
const learnError = byId("learn-error", HTMLElement);

/** @type {GameInfo[]} */
let games = [];
/** @type {GameInfo | null} */
let chosen = null;
/** How to read each option's field back: its name and a reader of its value. */
/** @type {{option: OptionInfo, read: () => OptionValue}[]} */
let readers = [];

/** @param {GameInfo} game */
function playerText(game) {
  return game.min_players === game.max_players ? t("{n} players", { n: game.min_players })
    : t("{low}–{high} players", { low: game.min_players, high: game.max_players });
}

function drawGames() {
  fill(gameList, games.map((game) => {
    const id = `game-${game.id}`;
    const radio = h("input", { type: "radio", name: "game", id, value: game.id,
      class: "sr-only", checked: chosen?.id === game.id });
    radio.addEventListener("change", () => choose(game));
    const picture = h("img", { class: "game-picture", src: `/static/pictures/${game.id}.svg`,
      alt: "", width: 56, height: 56 });
    // A game without a picture (one the server offers that the client has no art for)
    // shows none rather than a broken one.
    picture.addEventListener("error", () => { picture.hidden = true; });
    return h("li", {},
      radio,
      h("label", { for: id, class: "game-choice", "data-game": game.id },
        picture,
        h("span", {},
          h("strong", {}, game.title),
          h("span", {}, game.blurb),
          h("span", { class: "players" }, playerText(game)))));
  }));
}

/** @param {GameInfo} game */
function choose(game) {
  chosen = game;
  // The usual size until the server says which sizes can start (offerTableSizes).
  const usual = Math.min(game.max_players, Math.max(game.min_players, USUAL_PLAYERS));
  fill(players, h("option", { value: usual, selected: true }, String(usual)));
  seatRows.replaceChildren(); // another game's bots
  drawSeats();
  drawOptions(game);
  void offerTableSizes(game);
  learnTitle.textContent = t("Learn to play {game}", { game: game.title });
  learnError.textContent = "";
  void drawLessons(lessonList, game.id, () => hostName.value,
    (words) => { learnError.textContent = words; });
}

/** Counts the questions offerTableSizes asks, so that only the latest answer is drawn. */
let sizesAsked = 0;

/**
 * Offers the table sizes the server says a room can start with the options chosen now
 * (it knows the game: one may seat 2 only with a variant option), asked again when
 * an option changes.  The size chosen stays where it still can, else the usual one.
 * @param {GameInfo} game
 */
async function offerTableSizes(game) {
  const asked = ++sizesAsked;
  /** @type {number[]} */
  let sizes;
  try {
    sizes = await api.tableSizes(game.id, chosenOptions());
  } catch (failure) {
    if (asked === sizesAsked) {
      error.textContent = failure instanceof api.ApiError
        ? t("No table can start with these options: {reason}", { reason: failure.message })
        : t("The server could not be reached.");
    }
    return;
  }
  if (asked !== sizesAsked || chosen !== game) return; // a later question is on its way
  error.textContent = "";
  const now = Number(players.value);
  const nearest = (/** @type {number} */ n) => Math.abs(n - USUAL_PLAYERS);
  const pick = sizes.includes(now) ? now
    : sizes.reduce((best, n) => (nearest(n) < nearest(best) ? n : best), sizes[0] ?? now);
  fill(players, sizes.map((n) => h("option", { value: n, selected: n === pick }, String(n))));
  drawSeats();
}

/** The seat rows, kept as they were where the table grows or shrinks. */
function drawSeats() {
  if (chosen === null) return;
  const game = chosen;
  const count = Number(players.value);
  const rows = [...seatRows.children];
  for (const row of rows.slice(count)) row.remove();
  for (let seat = rows.length; seat < count; seat += 1) {
    const who = h("select", { id: `seat-${seat}`, "aria-label": t("Seat {seat}: who plays", { seat }) },
      h("option", { value: "" }, t("A person")),
      game.bots.map((bot) => h("option", { value: bot, selected: seat >= USUAL_PEOPLE
        && bot === game.opponent_bot }, t("Bot: {bot}", { bot }))));
    const level = h("select", { id: `seat-${seat}-level`, "aria-label": t("Seat {seat}: the bot's level", { seat }) },
      game.levels.map((name) => h("option", { value: name, selected: name === DEFAULT_LEVEL }, name)));
    const label = h("label", { for: `seat-${seat}`, class: "seat-label" }, t("Seat {seat}", { seat }));
    const row = h("div", { class: "seat-row", "data-seat": seat }, label, who, level);
    who.addEventListener("change", markHostSeat);
    seatRows.append(row);
  }
  markHostSeat();
}

/** Shows which seat the host takes (the first person's) and hides a person's level. */
function markHostSeat() {
  let hostSeat = hostName.value.trim() !== "";
  for (const row of seatRows.children) {
    const [label, who, level] = row.children;
    const person = who instanceof HTMLSelectElement && who.value === "";
    if (level instanceof HTMLElement) level.hidden = person;
    const seat = row.getAttribute("data-seat");
    label.textContent = person && hostSeat ? t("Seat {seat} (you)", { seat: seat ?? "" })
      : t("Seat {seat}", { seat: seat ?? "" });
    if (person) hostSeat = false;
  }
}

/** @param {GameInfo} game */
function drawOptions(game) {
  readers = [];
  fill(options, game.options.map((option) => {
    const id = `option-${option.name}`;
    const help = h("p", { id: `${id}-help`, class: "option-help" }, option.help);
    const described = { id, name: option.name, "aria-describedby": `${id}-help` };
    if (typeof option.default === "boolean") {
      const box = h("input", { ...described, type: "checkbox", checked: option.default });
      readers.push({ option, read: () => box.checked });
      return h("div", { class: "stack" },
        h("div", { class: "check" }, box, h("label", { for: id }, option.label)), help);
    }
    /** @type {HTMLInputElement | HTMLSelectElement} */
    let field;
    if (option.choices !== null) {
      const choices = option.choices;
      const select = h("select", described, choices.map((choice, i) =>
        h("option", { value: i, selected: choice === option.default }, String(choice))));
      readers.push({ option, read: () => choices[Number(select.value)] });
      field = select;
    } else if (typeof option.default === "number") {
      const whole = Number.isInteger(option.default);
      const input = h("input", { ...described, type: "number", value: option.default,
        min: option.minimum, max: option.maximum, step: whole ? 1 : "any", inputmode: whole ? "numeric" : "decimal" });
      readers.push({ option, read: () => (input.value === "" ? option.default : Number(input.value)) });
      field = input;
    } else {
      const input = h("input", { ...described, value: String(option.default) });
      readers.push({ option, read: () => input.value });
      field = input;
    }
    return h("div", { class: "stack" }, h("label", { for: id }, option.label), field, help);
  }));
}

/** The options changed from their defaults (the server fills in the rest). */
function chosenOptions() {
  /** @type {Record<string, OptionValue>} */
  const out = {};
  for (const { option, read } of readers) {
    const value = read();
    if (value !== option.default) out[option.name] = value;
  }
  return out;
}

/** Each seat's bot spec ("perfect:expert"), or null for a person's seat. */
function chosenSeats() {
  return [...seatRows.children].map((row) => {
    const [, who, level] = row.children;
    if (!(who instanceof HTMLSelectElement) || who.value === "") return null;
    return level instanceof HTMLSelectElement ? `${who.value}:${level.value}` : who.value;
  });
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (chosen === null) {
    error.textContent = t("Choose a game first.");
    return;
  }
  error.textContent = "";
  makeButton.disabled = true;
  const name = hostName.value.trim();
  try {
    const made = await api.makeRoom({
      game: chosen.id, players: Number(players.value), options: chosenOptions(),
      seats: chosenSeats(), ...(name === "" ? {} : { name }),
    });
    api.savePass(made.code, { token: made.host_token, host: true, invite: made.invite });
    location.assign(`/r/${encodeURIComponent(made.code)}`);
  } catch (failure) {
    error.textContent = failure instanceof api.ApiError
      ? t("The room could not be made: {reason}", { reason: failure.message })
      : t("The server could not be reached.");
    makeButton.disabled = false;
  }
});

players.addEventListener("change", drawSeats);
options.addEventListener("change", () => { if (chosen !== null) void offerTableSizes(chosen); });
hostName.addEventListener("input", markHostSeat);

try {
  games = await api.games();
  drawGames();
  const first = games[0];
  if (first !== undefined) {
    chosen = first;
    drawGames();
    choose(first);
  }
} catch {
  fill(gameList, h("li", { class: "note" }, t("The games could not be fetched: is the server running?")));
}
