// The log: the story of the game told to this seat (each update's `lines`, the same
// words as the terminal's), newest at the bottom.

import { h } from "./dom.js";

/** Lines kept on the page: a long game's early turns are in its record. */
const KEEP = 300;

export class GameLog {
  /** @param {HTMLElement} list */
  constructor(list) {
    this.list = list;
  }

  /**
   * Adds an update's lines (a fresh update tells the whole game so far: the log starts
   * over with it).
   * @param {string[]} lines
   * @param {boolean} fresh
   */
  add(lines, fresh) {
    if (fresh) this.list.replaceChildren();
    for (const line of lines) this.list.append(h("li", {}, line));
    while (this.list.childElementCount > KEEP) this.list.firstElementChild?.remove();
    if (lines.length > 0) this.list.scrollTop = this.list.scrollHeight;
  }
}
