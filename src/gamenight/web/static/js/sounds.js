// Sounds, optional and off by default: a short tone when a person's turn comes, a
// brighter one when a race opens for them (a card to slap, flies to swat), and a little
// run of notes when the game ends.  They are synthesized with the Web Audio API (no sound
// files to ship), and the choice is kept in this browser (localStorage) for every room.
//
// A browser lets a page make sound only after the person has pressed something on it, so
// the audio starts on the press that turns sound on (and on a later press after a reload).

import { t } from "./i18n.js";

/** @typedef {import("./types/protocol").Update} Update */
/** @typedef {"turn" | "race" | "end"} Cue */

const KEY = "gamenight:sound";

/** Each cue's notes: [frequency in Hz, start in s, length in s]. */
const NOTES = /** @type {Record<Cue, [number, number, number][]>} */ ({
  turn: [[660, 0, 0.12]],
  race: [[880, 0, 0.07], [1175, 0.08, 0.09]],
  end: [[523, 0, 0.12], [659, 0.13, 0.12], [784, 0.26, 0.22]],
});

export class Sounds {
  /** @param {HTMLButtonElement} button the on/off switch */
  constructor(button) {
    this.button = button;
    /** @type {AudioContext | null} made on the first press with sound on */
    this.audio = null;
    this.on = localStorage.getItem(KEY) === "on";
    this.show();
    button.addEventListener("click", () => {
      this.on = !this.on;
      localStorage.setItem(KEY, this.on ? "on" : "off");
      this.show();
      if (this.on) this.wake();
    });
    // After a reload with sound on, the first press anywhere lets the audio start.
    document.addEventListener("pointerdown", () => { if (this.on) this.wake(); },
      { capture: true });
    document.addEventListener("keydown", () => { if (this.on) this.wake(); },
      { capture: true });
  }

  show() {
    this.button.setAttribute("aria-pressed", String(this.on));
    this.button.textContent = this.on ? t("Sound on") : t("Sound off");
  }

  wake() {
    this.audio ??= new AudioContext();
    if (this.audio.state === "suspended") void this.audio.resume();
  }

  /** @param {Cue} cue */
  play(cue) {
    if (!this.on || this.audio === null || this.audio.state !== "running") return;
    const audio = this.audio;
    const now = audio.currentTime;
    for (const [frequency, start, length] of NOTES[cue]) {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      // A soft attack and decay: no click at either end.
      volume.gain.setValueAtTime(0, now + start);
      volume.gain.linearRampToValueAtTime(0.15, now + start + 0.01);
      volume.gain.exponentialRampToValueAtTime(0.001, now + start + length);
      tone.connect(volume).connect(audio.destination);
      tone.start(now + start);
      tone.stop(now + start + length + 0.02);
    }
  }
}

/**
 * The cue an update calls for, seen by `seat` after `before` (the update this page drew
 * last; null: none yet), or null: what changed for this seat since, so that an update
 * that changes nothing for it (a reconnection's, another seat's move) is silent.
 * @param {Update | null} before
 * @param {Update} update
 * @param {number | null} seat
 * @returns {Cue | null}
 */
export function cueFor(before, update, seat) {
  const acting = update.acting;
  if (acting.kind === "over") {
    return before !== null && before.acting.kind !== "over" ? "end" : null;
  }
  const mine = seat !== null && acting.seats.includes(seat) && update.legal_count > 0;
  if (!mine) return null;
  const wasMine = before !== null && before.game === update.game && seat !== null
    && before.acting.kind !== "over" && before.acting.seats.includes(seat)
    && before.legal_count > 0;
  if (acting.kind === "window" || acting.kind === "simultaneous") {
    // A new window: a race, or a choice everyone makes at once.
    const opened = update.window !== null && update.window.id !== before?.window?.id;
    return opened ? "race" : null;
  }
  return wasMine ? null : "turn";
}
