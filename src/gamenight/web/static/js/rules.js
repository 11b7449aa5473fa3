// The rules dialog: the game's rules page (`GET /api/games/{game}/rules`), one click away
// from every room.

import { byId, fill, h } from "./dom.js";
import { rules } from "./api.js";
import { renderMarkdown } from "./markdown.js";

/**
 * Makes `button` open the rules of the game `gameOf()` names at that moment.
 * @param {HTMLButtonElement} button
 * @param {() => string | null} gameOf
 */
export function rulesButton(button, gameOf) {
  const dialog = byId("rules-dialog", HTMLDialogElement);
  const text = byId("rules-text", HTMLElement);
  /** @type {string | null} */
  let shown = null;
  button.addEventListener("click", async () => {
    const game = gameOf();
    if (game === null) return;
    if (shown !== game) {
      fill(text, h("p", {}, "Fetching the rules…"));
      dialog.showModal();
      try {
        fill(text, renderMarkdown(await rules(game)));
        shown = game;
      } catch {
        fill(text, h("p", {}, "The rules could not be fetched. Try again in a moment."));
      }
      return;
    }
    dialog.showModal();
  });
}
