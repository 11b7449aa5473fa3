// The end of a game: the ranks and scores, why it ended, a rematch, the records (the
// whole one, and what this seat saw) and the replay.

import { h, fill, byId } from "./dom.js";
import { recordPath, replayPath } from "./api.js";

/** @typedef {import("./protocol.js").Outcome} Outcome */
/** @typedef {import("./protocol.js").RoomInfo} RoomInfo */

/** Why a game ended (`Outcome.reason`), in words; a game's own meaning first. */
const REASONS = /** @type {Record<string, string>} */ ({
  "by-golly:last-card": "A player discarded their last animal card.",
  "by-golly:last-card-drawn": "A player's last cards were drawn in a mess.",
  "fliegen-klatschen:last-card": "The last card of a pile was turned over.",
  "fly:only-blanks-left": "Only the two blank cards were left on the table.",
  "superfly:tokens": "A player collected the tokens to win.",
  "fluster:calls-done": "Every number has been called: every block is full.",
  cap: "The safety cap on the game's length ended it early.",
});

/**
 * @param {string} game  @param {Outcome} outcome
 */
export function reasonText(game, outcome) {
  return REASONS[`${game}:${outcome.reason}`] ?? REASONS[outcome.reason]
    ?? `The game ended (${outcome.reason.replaceAll("-", " ")}).`;
}

/** @param {number} score */
const scoreText = (score) => (Number.isInteger(score) ? String(score) : score.toFixed(1));

/**
 * Who won, in words ("Ann wins! ", "You win! ", "Ann and Ben share the win! ").
 * @param {Outcome} outcome  @param {string[]} names  @param {number | null} me
 */
export function winnersText(outcome, names, me) {
  const winners = outcome.winners.map((seat) => (seat === me ? "You" : names[seat]));
  return winners.length === 0 ? "" : winners.length === 1
    ? `${winners[0]} ${winners[0] === "You" ? "win" : "wins"}! `
    : `${winners.join(" and ")} share the win! `;
}

/**
 * The rows of the scores table: each seat by rank, its name and score (`me` marked).
 * @param {Outcome} outcome  @param {string[]} names  @param {number | null} me
 * @returns {HTMLTableRowElement[]}
 */
export function scoreRows(outcome, names, me) {
  const order = [...outcome.ranks.keys()].sort((a, b) => outcome.ranks[a] - outcome.ranks[b]);
  return order.map((seat) => h("tr", { class: seat === me ? "me" : null },
    h("td", {}, String(outcome.ranks[seat])),
    h("th", { scope: "row" }, names[seat], seat === me ? " (you)" : ""),
    h("td", {}, scoreText(outcome.scores[seat]))));
}

export class ResultPanel {
  constructor() {
    this.panel = byId("result", HTMLElement);
    this.reason = byId("result-reason", HTMLElement);
    this.body = /** @type {HTMLTableSectionElement} */ (byId("result-table", HTMLTableElement).tBodies[0]);
    this.rematch = byId("rematch", HTMLButtonElement);
    this.record = byId("record", HTMLAnchorElement);
    this.recordMine = byId("record-mine", HTMLAnchorElement);
    this.replay = byId("replay", HTMLAnchorElement);
    this.note = byId("rematch-note", HTMLElement);
  }

  /**
   * Shows the result of game `number` of `room`.
   * @param {RoomInfo} room
   * @param {number} number
   * @param {Outcome} outcome
   * @param {string[]} names
   * @param {number | null} me
   */
  show(room, number, outcome, names, me) {
    this.panel.hidden = false;
    this.reason.textContent = winnersText(outcome, names, me) + reasonText(room.game, outcome);
    fill(this.body, scoreRows(outcome, names, me));
    const file = `${room.game}-${room.code.slice(0, 6)}-${number}`;
    this.record.href = recordPath(room.code, number);
    this.record.download = `${file}.json`;
    // A seated person may also keep only what they saw (no hidden card of anyone's);
    // a spectator saw no seat's secrets, so has only the whole record to offer.
    this.recordMine.hidden = me === null;
    if (me !== null) {
      this.recordMine.href = recordPath(room.code, number, me);
      this.recordMine.download = `${file}-seat-${me}.json`;
      this.recordMine.textContent = `Download what you saw (seat ${me})`;
    }
    this.replay.href = replayPath(room.code, number, me);
    this.rematch.hidden = me === null;
    this.seatsChanged(room, me);
  }

  /** @param {RoomInfo} room  @param {number | null} me */
  seatsChanged(room, me) {
    if (this.panel.hidden) return;
    const asked = room.seats.filter((s) => s.kind === "person" && s.rematch);
    const mine = me !== null && room.seats[me]?.rematch === true;
    this.rematch.disabled = mine;
    const waiting = room.seats.filter((s) => s.kind === "person" && s.connected && !s.rematch);
    this.note.textContent = mine
      ? `Waiting for ${waiting.length} more to ask for another game…`
      : asked.length > 0 ? `${asked.length} asked for another game.` : "";
  }

  hide() {
    this.panel.hidden = true;
  }
}
