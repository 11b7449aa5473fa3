// The seats of a room as everyone sees them: who sits where, which are bots, who is
// connected, whose turn it is, who wants a rematch.  Marks are words and symbols, never
// colour alone.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./types/protocol").SeatInfo} SeatInfo */

/**
 * A bot spec as a person reads it, in the page's language, spelled as the server's
 * `gamenight.seats.bot_name` spells it in English: "sharp bot" for `sharp`, "sharp bot,
 * expert" for `sharp:expert`, "sharp bot, quick, error=0.1" for `sharp:quick:error=0.1`.
 * The bot's name and its settings are the spec's own words (the lobby shows them as they
 * are); only "bot" is translated.
 * @param {string} spec
 */
export function botTitle(spec) {
  const [kind, ...rest] = spec.split(":").map((part) => part.trim());
  if (!kind) return spec; // no bot's name in it: shown as written
  // The settings are a list of the spec's words after the bot's name, as in Python.
  return [t("{name} bot", { name: kind }), ...rest.filter(Boolean)].join(", ");
}

/**
 * The name a seat is shown by, in the page's language: a person's as the server shows it
 * (`shown`: their name as given, numbered where two share it); a bot's title or "Open
 * seat" made here from the seat's kind and bot, since the server's `shown` is English (it
 * is what the records keep), numbered as the server numbers it (`alike`: "sharp bot #2").
 * @param {SeatInfo} seat
 */
export function seatName(seat) {
  if (seat.kind === "person") return seat.shown;
  const name = seat.bot !== null ? botTitle(seat.bot) : t("Open seat");
  return seat.alike === undefined ? name : `${name} #${seat.alike}`;
}

/**
 * @typedef {object} SeatMarks
 * @property {number | null} me        the seat this page plays
 * @property {number[]} [acting]       the seats that act now
 */

/**
 * Draws `seats` into the list `list`.
 * @param {HTMLElement} list
 * @param {SeatInfo[]} seats
 * @param {SeatMarks} marks
 */
export function drawSeats(list, seats, marks) {
  const acting = new Set(marks.acting ?? []);
  fill(list, seats.map((seat) => {
    const tags = [];
    if (seat.seat === marks.me) tags.push(h("span", { class: "tag me" }, t("you")));
    if (seat.kind === "bot") tags.push(h("span", { class: "tag" }, t("bot")));
    if (seat.kind === "open") {
      tags.push(h("span", { class: "tag" }, seat.bot === null ? t("waiting") : t("bot")));
    }
    if (seat.kind === "person") {
      if (seat.bot !== null) {
        tags.push(h("span", { class: "tag away" }, t("away: {bot} plays", { bot: botTitle(seat.bot) })));
      } else if (!seat.connected) {
        tags.push(h("span", { class: "tag away" }, t("away")));
      }
    }
    if (seat.rematch) tags.push(h("span", { class: "tag" }, t("wants a rematch")));
    const now = acting.has(seat.seat);
    return h("li", { class: `seat${now ? " acting" : ""}`, "data-seat": seat.seat },
      h("span", { class: "turn-mark", "aria-hidden": "true" }, now ? "▶" : ""),
      h("span", { class: "seat-number", "aria-hidden": "true" }, String(seat.seat)),
      h("span", { class: "name" }, seatName(seat)),
      now && h("span", { class: "sr-only" }, t("(acting now)")),
      // The tags in a box of their own: a long name wraps beside them (app.css, .seat).
      tags.length > 0 && h("span", { class: "tags" }, tags));
  }));
}
