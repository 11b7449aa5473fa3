// The seats of a room as everyone sees them: who sits where, which are bots, who is
// connected, whose turn it is, who wants a rematch.  Marks are words and symbols, never
// colour alone.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./types/protocol").SeatInfo} SeatInfo */

/**
 * A bot spec ("sharp:expert") as a person reads it: "sharp bot, expert".
 * @param {string} spec
 */
export function botTitle(spec) {
  const [name, level] = spec.split(":");
  return level ? t("{name} bot, {level}", { name, level }) : t("{name} bot", { name });
}

/**
 * The name a seat is shown by, as the server names it everywhere (the person's, a bot's
 * title, "open seat"; two alike bots numbered: "collector bot #2").
 * @param {SeatInfo} seat
 */
export function seatName(seat) {
  return seat.shown;
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
    if (seat.kind === "bot") tags.push(h("span", { class: "tag" }, "bot"));
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
