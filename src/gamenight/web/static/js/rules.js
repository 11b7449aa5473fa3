// The rules dialog, one click away from every room: how to play the game in a page
// (`GET /api/games/{game}/how-to-play`, the page the terminal shows on `?`), with a link to
// the rules as implemented (`GET /api/games/{game}/rules`: every rulebook sentence and
// every decision where the rulebook is silent) for whoever wants the fine print.

import { byId, fill, h } from "./dom.js";
import { rules } from "./api.js";
import { renderMarkdown } from "./markdown.js";
import { t } from "./i18n.js";

/**
 * Makes `button` open how to play the game `gameOf()` names at that moment.  The page's
 * HTML has the button disabled, and the page enables it once it knows its game: a click
 * before then did nothing, where now the button is plainly not ready.
 * @param {HTMLButtonElement} button
 * @param {() => string | null} gameOf
 */
export function rulesButton(button, gameOf) {
  const dialog = byId("rules-dialog", HTMLDialogElement);
  const text = byId("rules-text", HTMLElement);
  /** @type {string | null} the game and page shown now */
  let shown = null;

  /**
   * Shows one of the game's pages in the dialog, with a link to the other.
   * @param {string} game  @param {"how-to-play" | "rules"} which
   */
  async function show(game, which) {
    if (shown === `${game}/${which}`) return;
    fill(text, h("p", {}, which === "rules" ? t("Fetching the rules…") : t("Fetching how to play…")));
    try {
      const page = renderMarkdown(await rules(game, which));
      const other = h("button", { type: "button", class: "rules-other" },
        which === "rules" ? t("Back to how to play")
          : t("The rules as implemented: every rulebook sentence and decision"));
      other.addEventListener("click", () => {
        void show(game, which === "rules" ? "how-to-play" : "rules");
      });
      fill(text, page, h("p", { class: "rules-more" }, other));
      shown = `${game}/${which}`;
      text.scrollTop = 0;
    } catch {
      fill(text, h("p", {}, t("The rules could not be fetched. Try again in a moment.")));
    }
  }

  button.addEventListener("click", () => {
    const game = gameOf();
    if (game === null) return;
    dialog.showModal();
    void show(game, "how-to-play");
  });
}
