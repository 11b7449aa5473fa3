// The end of a game: the ranks and scores, why it ended, a rematch, the records (the
// whole one, and what this seat saw) and the replay.

import { h, fill, byId } from "./dom.js";
import { games, recordPath, replayPath } from "./api.js";
import { t, tn } from "./i18n.js";

/** @typedef {import("./types/protocol").OutcomeJSON} Outcome */
/** @typedef {import("./types/protocol").RoomInfo} RoomInfo */

/**
 * Why a game of `game` ended (`Outcome.reason`), in the game's own words
 * (`GET /api/games`: each game's `end_reasons`), or plainly for a reason it has none for.
 * @param {string} game  @param {Outcome} outcome
 * @returns {Promise<string>}
 */
export async function reasonText(game, outcome) {
  /** @type {Record<string, string>} */
  let reasons = {};
  try {
    reasons = (await games()).find((info) => info.id === game)?.end_reasons ?? {};
  } catch {
    // The server could not be reached: the plain words below still say it.
  }
  return reasons[outcome.reason] ?? t("The game ended ({reason}).", { reason: outcome.reason.replaceAll("-", " ") });
}

/** @param {number} score */
const scoreText = (score) => (Number.isInteger(score) ? String(score) : score.toFixed(1));

/**
 * Who won, in words ("Ann wins! ", "You win! ", "Ann and Ben share the win! ").
 * @param {Outcome} outcome  @param {string[]} names  @param {number | null} me
 */
export function winnersText(outcome, names, me) {
  const winners = outcome.winners.map((seat) => names[seat]);
  if (winners.length === 0) return "";
  if (winners.length === 1) {
    return (outcome.winners[0] === me ? t("You win!") : t("{name} wins!", { name: winners[0] })) + " ";
  }
  const all = outcome.winners.map((seat, i) => (seat === me ? t("you") : winners[i]));
  return t("{names} and {last} share the win!",
    { names: all.slice(0, -1).join(", "), last: all[all.length - 1] }) + " ";
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
    h("th", { scope: "row" }, names[seat], seat === me ? ` ${t("(you)")}` : ""),
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
    /** How many results have been shown (or hidden): a reason that comes late is only
     * written under its own result. */
    this.shown = 0;
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
    const winners = winnersText(outcome, names, me);
    this.reason.textContent = winners;
    const shown = ++this.shown;
    void reasonText(room.game, outcome).then((words) => {
      if (shown === this.shown) this.reason.textContent = winners + words; // still this result
    });
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
      this.recordMine.textContent = t("Download what you saw (seat {seat})", { seat: me });
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
      ? tn("Waiting for {n} more to ask for another game…",
        "Waiting for {n} more to ask for another game…", waiting.length)
      : asked.length > 0 ? tn("{n} asked for another game.", "{n} asked for another game.",
        asked.length) : "";
  }

  hide() {
    this.panel.hidden = true;
    this.shown += 1;
  }
}
