// The log: the story of the game told to this seat (each update's `lines`, the same
// words as the terminal's), newest at the bottom.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Lines kept on the page: a long game's early turns are in its record. */
const KEEP = 300;

/**
 * A seat named in a line of the story ("Seat 1 lays an owl", "... seat 2's turn"): as
 * the server names it in English (the records' lines, a replay's) and in the page's
 * language (a room's lines come in it: "Platz 1", "Lugar 1"), each form of the
 * catalog's "Seat {seat}" with its number as the one group that matched.
 */
const SEAT = new RegExp([...new Set(["Seat {seat}", "seat {seat}", t("Seat {seat}"),
                                     t("seat {seat}")])]
  .map((form) => form.split("{seat}").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("(\\d+)"))
  .map((form) => `\\b${form}\\b`).join("|"), "g");

/**
 * A line of the server's with each seat number put as the seat's name (when it has
 * one): the server tells by seat numbers, a person reads by names.
 * @param {string} line  @param {readonly string[]} names
 * @returns {string}
 */
export function namedSeats(line, names) {
  return line.replace(SEAT, (whole, ...groups) => {
    const seat = groups.find((group) => typeof group === "string");
    return names[Number(seat)] || whole;
  });
}

export class GameLog {
  /**
   * @param {HTMLElement} list
   * @param {string[]} [names]  the seats' names, kept up to date by the room page: the
   *   server tells the story by seat numbers, a person reads it by names
   */
  constructor(list, names = []) {
    this.list = list;
    this.names = names;
  }

  /**
   * A line with each seat number put as the seat's name (when it has one).
   * @param {string} line
   * @returns {string}
   */
  named(line) {
    return namedSeats(line, this.names);
  }

  /**
   * Adds an update's lines (a fresh update tells the whole game so far: the log starts
   * over with it).
   * @param {string[]} lines
   * @param {boolean} fresh
   */
  add(lines, fresh) {
    if (fresh) this.list.replaceChildren();
    for (const line of lines) this.list.append(h("li", {}, this.named(line)));
    while (this.list.childElementCount > KEEP) this.list.firstElementChild?.remove();
    if (lines.length > 0) this.showLatest();
  }

  /** Scrolls to the newest line (again when a folded log is opened: a log not shown
   * cannot scroll). */
  showLatest() {
    this.list.scrollTop = this.list.scrollHeight;
  }
}
