// The room before its game: the invite link (with a copy button and a QR code for the
// phones at the table), the seats filling as friends join, and the host's start.

import { byId } from "./dom.js";
import { qrPath } from "./api.js";
import { drawSeats } from "./seats.js";
import { t, tn } from "./i18n.js";

/** @typedef {import("./types/protocol").RoomInfo} RoomInfo */

export class WaitingRoom {
  /**
   * @param {string} code
   * @param {string} invite  the invite link
   * @param {() => void} start  sends the host's start
   */
  constructor(code, invite, start) {
    this.panel = byId("waiting", HTMLElement);
    this.seats = byId("waiting-seats", HTMLElement);
    this.note = byId("waiting-note", HTMLElement);
    this.start = byId("start", HTMLButtonElement);
    const link = byId("invite-link", HTMLInputElement);
    const copied = byId("invite-copied", HTMLElement);
    link.value = invite;
    byId("invite-qr", HTMLImageElement).src = qrPath(code);
    byId("invite-copy", HTMLButtonElement).addEventListener("click", async () => {
      copied.textContent = await copy(link) ? t("Copied: send it to your friends.") :
        t("Select the link and copy it.");
    });
    this.start.addEventListener("click", () => {
      this.start.disabled = true; // one start; the room message that follows moves on
      start();
    });
  }

  /**
   * @param {RoomInfo} room
   * @param {number | null} me
   * @param {boolean} host
   */
  show(room, me, host) {
    this.panel.hidden = false;
    drawSeats(this.seats, room.seats, { me });
    const open = room.seats.filter((s) => s.kind === "open").length;
    const people = room.seats.filter((s) => s.kind === "person").length;
    // Who starts is said to everyone: a friend waiting would otherwise not know that the
    // game begins when the host says so, not by itself.
    const who = host ? t("You start the game when you are ready.") : t("The host starts the game.");
    const bots = host
      ? tn("{n} open seat: start now and it gets a bot.",
        "{n} open seats: start now and they get a bot.", open)
      : tn("{n} open seat: if the host starts now, it gets a bot.",
        "{n} open seats: if the host starts now, they get a bot.", open);
    this.note.textContent = open === 0 ? `${t("Every seat is taken.")} ${who}` : `${who} ${bots}`;
    this.start.hidden = !host;
    this.start.disabled = false;
    this.start.textContent = people === 0 ? t("Start: bots only") : t("Start the game");
  }

  hide() {
    this.panel.hidden = true;
  }
}

/**
 * Copies the link: the clipboard where the page may write to it (a secure context),
 * else the browser's copy of the selected text.
 * @param {HTMLInputElement} input
 */
async function copy(input) {
  try {
    await navigator.clipboard.writeText(input.value);
    return true;
  } catch {
    input.select();
    return document.execCommand("copy");
  }
}
