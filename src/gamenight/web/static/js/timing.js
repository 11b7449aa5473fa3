// Reaction timing (docs/fairness.md, "The honest client: what the browser must
// measure"): when an update opens a window (a new `window.id`), the table draws it and
// the next animation frame, the one that shows it, is the moment the person could first
// see it.  An action in that window carries the window's id and the time from that
// paint to the input event that made it, both on the performance.now() clock.  Tables
// never measure time: they hand the shell the event, and the shell asks this clock.

/** @typedef {import("./types/protocol").Update} Update */

/**
 * What an action in a window carries.
 * @typedef {object} Stamp
 * @property {number} window
 * @property {number} reaction_ms
 */

export class ReactionClock {
  constructor() {
    /** @type {number | null} the open window's id */
    this.windowId = null;
    /** @type {number | null} the frame time of its paint (null until painted) */
    this.paint = null;
    /** @type {number | null} its deadline on window time (null: none) */
    this.deadline = null;
  }

  /**
   * Called once the table has drawn `update`: a new window's paint is timed by the next
   * frame (a hidden tab paints nothing until shown: then is when it could be seen).
   * @param {Update} update
   */
  drawn(update) {
    const id = update.window === null ? null : update.window.id;
    this.deadline = id === null ? null : update.acting.deadline_ms;
    if (id === this.windowId) return; // the same window: its paint stands
    this.windowId = id;
    this.paint = null;
    if (id === null) return;
    // A frame's time is when that frame began, which may be before this update was
    // even handled: the paint is never earlier than the moment the table drew it.
    const drawnAt = performance.now();
    requestAnimationFrame((frameTime) => {
      if (this.windowId === id) this.paint = Math.max(frameTime, drawnAt);
    });
  }

  /**
   * The window and reaction time of an action made by `event` now (null when no window
   * is open: a turn's action carries no time).  An input before the paint (it cannot
   * have been a reaction to it) counts 0.
   * @param {Event} [event]  the pointerdown or keydown that made the action
   * @returns {Stamp | null}
   */
  stamp(event) {
    if (this.windowId === null) return null;
    const at = event !== undefined && event.timeStamp > 0 ? event.timeStamp : performance.now();
    const reaction = this.paint === null ? 0 : Math.max(0, at - this.paint);
    return { window: this.windowId, reaction_ms: Math.round(reaction * 10) / 10 };
  }

  /**
   * Whether an action so stamped comes after the window's deadline.  The paint came
   * after the server opened the window, so a reaction measured from it at or past the
   * deadline is past it on the server too, which would refuse it as too late: the
   * page says so at once instead of sending it (a person pressing as the countdown
   * ends, before the update that closes the window has arrived).
   * @param {Stamp} stamp
   */
  late(stamp) {
    return this.deadline !== null && stamp.reaction_ms >= this.deadline;
  }
}
