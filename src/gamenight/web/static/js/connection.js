// One WebSocket to a room (docs/protocol.md, "The life of a connection"): it joins with
// the seat's token (or as a spectator), answers the server's pings at once, hands every
// other message to the page, and opens a new connection when one drops, waiting longer
// after each failure, so a lost network or a restarted server puts the player back in
// the seat by itself.

/** @typedef {import("./types/protocol").ServerMessage} ServerMessage */
/** @typedef {import("./types/protocol").ClientMessage} ClientMessage */
/** @typedef {import("./types/protocol").Join} Join */

/**
 * How the connection stands, for the page to show: "connecting" (opening, or waiting to
 * try again), "open" (joined: welcomed), "gone" (the room does not exist; no retry) or
 * "closed" (closed by the page).
 * @typedef {"connecting" | "open" | "gone" | "closed"} LinkState
 */

/**
 * @typedef {object} ConnectionHandlers
 * @property {(message: ServerMessage) => void} message  every message but the server's pings
 * @property {(state: LinkState, retryInMs?: number) => void} state
 */

/** The WebSocket close code of a room that does not exist (server/app.py). */
const CLOSE_NO_ROOM = 4404;
/** The first wait before trying again, and the longest: doubling from one to the other. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 8000;

/** @param {string} code */
function roomSocketUrl(code) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws/rooms/${encodeURIComponent(code)}`;
}

export class Connection {
  /**
   * Opens at once.
   * @param {string} code  the room
   * @param {Join} join    the first message of every connection
   * @param {ConnectionHandlers} handlers
   */
  constructor(code, join, handlers) {
    this.code = code;
    this.join = join;
    this.handlers = handlers;
    /** @type {WebSocket | null} */
    this.socket = null;
    this.retryMs = RETRY_FIRST_MS;
    /** @type {number | undefined} */
    this.retryTimer = undefined;
    this.stopped = false;
    // Back on the network (or the tab shown again after the phone slept): try now
    // rather than at the end of a long wait.
    window.addEventListener("online", () => this.retryNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.retryNow();
    });
    this.open();
  }

  open() {
    if (this.stopped) return;
    this.handlers.state("connecting");
    const socket = new WebSocket(roomSocketUrl(this.code));
    this.socket = socket;
    socket.addEventListener("open", () => this.sendOn(socket, this.join));
    socket.addEventListener("message", (event) => this.received(socket, event));
    socket.addEventListener("close", (event) => this.dropped(socket, event));
  }

  /**
   * @param {WebSocket} socket
   * @param {MessageEvent} event
   */
  received(socket, event) {
    if (typeof event.data !== "string") return;
    /** @type {ServerMessage} */
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message.type === "ping") {
      // First thing, before anything is drawn: a pong that waits for the drawing makes
      // this connection look further away (docs/fairness.md, "The honest client").
      this.sendOn(socket, { type: "pong", id: message.id });
      return;
    }
    if (message.type === "welcome") {
      this.retryMs = RETRY_FIRST_MS;
      this.handlers.state("open");
    }
    this.handlers.message(message);
  }

  /**
   * @param {WebSocket} socket
   * @param {CloseEvent} event
   */
  dropped(socket, event) {
    if (socket !== this.socket) return; // an old connection, already replaced
    this.socket = null;
    if (this.stopped) return;
    if (event.code === CLOSE_NO_ROOM) {
      this.stopped = true;
      this.handlers.state("gone");
      return;
    }
    const wait = this.retryMs * (0.75 + Math.random() * 0.5); // spread out a room's retries
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    this.handlers.state("connecting", wait);
    this.retryTimer = window.setTimeout(() => {
      this.retryTimer = undefined;
      this.open();
    }, wait);
  }

  retryNow() {
    if (this.stopped || this.socket !== null || this.retryTimer === undefined) return;
    window.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.open();
  }

  /**
   * Sends a message now; false when there is no open connection (it is not kept: the
   * update that comes after reconnecting says what may be done then).
   * @param {ClientMessage} message
   */
  send(message) {
    return this.socket !== null && this.sendOn(this.socket, message);
  }

  /**
   * @param {WebSocket} socket
   * @param {ClientMessage} message
   */
  sendOn(socket, message) {
    if (socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  /** Closes for good (the page leaves the room, or joins again with another token). */
  close() {
    this.stopped = true;
    window.clearTimeout(this.retryTimer);
    this.socket?.close(1000);
    this.socket = null;
    this.handlers.state("closed");
  }
}
