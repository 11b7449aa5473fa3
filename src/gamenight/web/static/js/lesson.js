// The tutorial: each game's rulebook examples as lessons (`GET /api/games/{game}/lessons`).
// The lobby's "Learn to play" lists the chosen game's lessons; choosing one makes a room
// that plays it (the game's default bot at every other seat) and opens the room page,
// where the lesson's panel beside the table says what the example shows and what to
// try, with "Try again" (a new room from the same position) and "Next lesson".

import * as api from "./api.js";
import { h, fill, byId } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./types/protocol").LessonInfo} LessonInfo */
/** @typedef {import("./types/protocol").RoomInfo} RoomInfo */

/** The name a learner plays under when they typed none (the story calls them "you"). */
export const LEARNER = "Learner";

/**
 * Makes a room that plays `lesson` of `game` with `name` at the lesson's seat, keeps the
 * seat's token (a reload rejoins it) and opens the room page, where the game starts.
 * @param {string} game  @param {string} lesson  @param {string} name
 */
export async function openLesson(game, lesson, name) {
  const made = await api.makeLessonRoom(game, lesson, name.trim() || LEARNER);
  api.savePass(made.code, { token: made.host_token, host: true, invite: made.invite });
  location.assign(`/r/${encodeURIComponent(made.code)}`);
}

/** Which drawing of the lobby's list is the latest (a game chosen meanwhile wins). */
let drawing = 0;

/**
 * The lobby's "Learn to play": `game`'s lessons in `list`, each a button that opens it.
 * @param {HTMLElement} list
 * @param {string} game
 * @param {() => string} nameOf   the person's name as typed at the moment of the click
 * @param {(words: string) => void} tell  says what went wrong
 */
export async function drawLessons(list, game, nameOf, tell) {
  const mine = ++drawing;
  fill(list, h("li", { class: "note" }, t("Fetching the lessons…")));
  /** @type {LessonInfo[]} */
  let found;
  try {
    found = await api.lessons(game);
  } catch {
    if (mine === drawing) fill(list, h("li", { class: "note" }, t("The lessons could not be fetched.")));
    return;
  }
  if (mine !== drawing) return;
  fill(list, found.map((lesson, i) => {
    const button = h("button", { type: "button", class: "lesson-choice", "data-lesson": lesson.name },
      h("strong", {}, `${i + 1}. ${lesson.title}`),
      h("span", {}, lesson.shows));
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        await openLesson(game, lesson.name, nameOf());
      } catch (failure) {
        tell(failure instanceof api.ApiError
          ? t("The lesson could not be opened: {reason}", { reason: failure.message })
          : t("The server could not be reached."));
        button.disabled = false;
      }
    });
    return h("li", {}, button);
  }));
}

/** The room page's panel of a tutorial's room: the lesson, and where to go after it. */
export class LessonPanel {
  constructor() {
    this.panel = byId("lesson", HTMLElement);
    this.title = byId("lesson-title", HTMLElement);
    this.shows = byId("lesson-shows", HTMLElement);
    this.task = byId("lesson-task", HTMLElement);
    this.end = byId("lesson-end", HTMLElement);
    this.again = byId("lesson-again", HTMLButtonElement);
    this.next = byId("lesson-next", HTMLButtonElement);
    /** @type {string | null} the game and lesson shown ("<game id>/<lesson>") */
    this.shown = null;
    /** @type {RoomInfo | null} */
    this.room = null;
    /** @type {number | null} */
    this.me = null;
    /** @type {LessonInfo[]} */
    this.lessons = [];
    this.again.addEventListener("click", () => this.go(this.room?.lesson));
    this.next.addEventListener("click", () => this.go(this.following()?.name));
  }

  /**
   * Shows the lesson `room` plays (nothing for a room that plays none).
   * @param {RoomInfo} room  @param {number | null} me
   */
  async show(room, me) {
    this.room = room;
    this.me = me;
    const lesson = room.lesson;
    if (lesson === undefined) return;
    const key = `${room.game}/${lesson}`;
    if (this.shown === key) return;
    this.shown = key;
    try {
      this.lessons = await api.lessons(room.game);
    } catch {
      this.lessons = [];
    }
    const found = this.lessons.find((each) => each.name === lesson);
    this.panel.hidden = false;
    this.title.textContent = found === undefined ? t("A lesson") : t("Lesson: {title}", { title: found.title });
    this.shows.textContent = found?.shows ?? "";
    this.task.textContent = found?.task ?? "";
    this.again.hidden = me === null;
    this.next.hidden = me === null || this.following() === undefined;
  }

  /** The lesson after this room's, if any. */
  following() {
    const at = this.lessons.findIndex((each) => each.name === this.room?.lesson);
    return at < 0 ? undefined : this.lessons[at + 1];
  }

  /** The lesson's game is over: what next (the table's own rematch gives way to these). */
  ended() {
    if (this.room?.lesson === undefined) return;
    this.end.textContent = this.following() === undefined
      ? t("The lesson is over. Try it again, or choose another game's lessons in the lobby.")
      : t("The lesson is over. Try it again, or go on to the next lesson.");
    byId("rematch", HTMLButtonElement).hidden = true;
  }

  /**
   * Opens a new room for the lesson `name` of this room's game, the person at its seat.
   * @param {string | undefined} name
   */
  async go(name) {
    const room = this.room;
    if (room === null || name === undefined) return;
    const me = this.me;
    const person = me === null ? null : room.seats[me]?.name ?? null;
    this.again.disabled = this.next.disabled = true;
    try {
      await openLesson(room.game, name, person ?? LEARNER);
    } catch {
      this.end.textContent = t("The lesson could not be opened: try again in a moment.");
      this.again.disabled = this.next.disabled = false;
    }
  }
}
