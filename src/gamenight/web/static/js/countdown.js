// The countdown of an open window's or decision's deadline.  The update says how long
// the window had been open on the server (`window.elapsed_ms`) and its deadline on the
// same time: the time left is counted on this page's clock from the update's arrival,
// so no clock is compared with the server's.

/** @typedef {import("./types/protocol").Update} Update */

export class Countdown {
  /** @param {HTMLElement} element */
  constructor(element) {
    this.element = element;
    /** @type {number | null} performance.now() of the deadline */
    this.deadline = null;
    /** @type {number | undefined} */
    this.timer = undefined;
  }

  /**
   * @param {Update} update
   * @param {number} receivedAt  performance.now() when it arrived
   */
  show(update, receivedAt) {
    const deadline = update.acting.deadline_ms;
    if (deadline === null || update.window === null || update.acting.kind === "over") {
      this.stop();
      return;
    }
    this.deadline = receivedAt - update.window.elapsed_ms + deadline;
    this.element.hidden = false;
    this.tick();
    if (this.timer === undefined) this.timer = window.setInterval(() => this.tick(), 100);
  }

  tick() {
    if (this.deadline === null) return;
    const left = Math.max(0, this.deadline - performance.now()) / 1000;
    this.element.textContent = `${left.toFixed(1)} s left`;
    this.element.classList.toggle("urgent", left < 1);
    if (left <= 0) this.stopTimer();
  }

  stopTimer() {
    window.clearInterval(this.timer);
    this.timer = undefined;
  }

  stop() {
    this.stopTimer();
    this.deadline = null;
    this.element.hidden = true;
    this.element.textContent = "";
  }
}
