// The seats of a room as everyone sees them: who sits where, which are bots, who is
// connected, whose turn it is, who wants a rematch.  Marks are words and symbols, never
// colour alone.

import { h, fill } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./types/protocol").SeatInfo} SeatInfo */

/**
 * The bot playing a seat, named in the page's language from the parts the server sends
 * (`SeatInfo.bot_name`: the bot's name and its level and settings, as its spec writes
 * them): "sharp bot, quick" in English, "Bot sharp, quick" where the language puts it so.
 * Only "bot" is a word to translate; the parts are the spec's own words (the lobby shows
 * them as they are).  A seat whose bot the server gives no parts for shows its spec.
 * @param {SeatInfo} seat
 * @returns {string | null} null where no bot plays the seat
 */
export function botTitle(seat) {
  if (seat.bot_name === undefined) return seat.bot;
  const { name, words } = seat.bot_name;
  return [t("{name} bot", { name }), ...words].join(", ");
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
  const name = botTitle(seat) ?? t("Open seat");
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
        tags.push(h("span", { class: "tag away" }, t("away: {bot} plays", { bot: botTitle(seat) ?? "" })));
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
