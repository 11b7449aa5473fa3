// The plain table: any game, drawn as text.  It shows the seat's view field by field and
// its legal actions as buttons (with a filter when there are many, and a field to type
// one in when the server lists none), so every game is playable, if plainly, before its
// own table exists.  It draws only from the update and computes no rule.

import { h, fill } from "../dom.js";
import { onPress } from "../press.js";
import { t, tn } from "../i18n.js";

/** @typedef {import("../table.js").TableContext} TableContext */
/** @typedef {import("../table.js").Table} Table */
/** @typedef {import("../types/protocol").Update} Update */

/** Past this many actions the buttons get a filter. */
const FILTER_FROM = 24;

/**
 * A view's value as short text: a list of plain values on one line, else JSON.
 * @param {unknown} value
 */
function valueText(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value !== "object") return String(value);
  return JSON.stringify(value, null, 1).replace(/\n\s*/g, " ");
}

/**
 * @param {HTMLElement} root
 * @param {TableContext} ctx
 * @returns {Table}
 */
export function createTable(root, ctx) {
  const prompt = h("p", { class: "prompt", id: "plain-prompt" });
  const filter = h("input", { type: "search", id: "plain-filter", placeholder: t("filter"),
    "aria-label": t("Filter the actions"), hidden: true });
  const actions = h("div", { class: "plain-actions", role: "group", "aria-labelledby": "plain-prompt" });
  const typed = h("input", { id: "plain-typed", "aria-label": t("An action, as its text"),
    autocomplete: "off" });
  const typedForm = h("form", { class: "copy-row", hidden: true }, typed,
    h("button", { type: "submit" }, t("Send")));
  const view = h("dl", { class: "plain-view", "aria-label": t("What you can see") });
  fill(root, h("div", { class: "plain" }, h("section", { class: "panel" }, prompt, filter, actions, typedForm),
    h("section", { class: "panel" }, h("h2", {}, t("The table")), view)));

  /** @type {string[]} */
  let legal = [];
  typedForm.addEventListener("submit", (event) => {
    event.preventDefault();
    if (typed.value.trim() !== "") ctx.act(typed.value.trim(), event);
    typed.value = "";
  });
  filter.addEventListener("input", () => drawActions());

  function drawActions() {
    const words = filter.value.trim().toLowerCase();
    const shown = words === "" ? legal : legal.filter((a) => a.toLowerCase().includes(words));
    fill(actions, shown.map((text) => {
      const button = h("button", { type: "button", class: "action", "data-action": text }, text);
      onPress(button, (event) => ctx.act(text, event));
      return button;
    }));
  }

  return {
    /** @param {Update} update */
    update(update) {
      const mine = ctx.seat !== null && update.acting.seats.includes(ctx.seat)
        && update.legal_count > 0;
      const over = update.acting.kind === "over";
      legal = mine && update.legal !== null ? update.legal : [];
      prompt.textContent = over ? t("The game is over.")
        : mine ? tn("Your move: {n} action", "Your move: {n} actions", update.legal_count)
          : ctx.seat === null ? t("You are watching.")
            : t("Waiting for {names}.", {
              names: update.acting.seats.map((s) => ctx.names[s]).join(", ") || t("the table") });
      filter.hidden = legal.length <= FILTER_FROM;
      typedForm.hidden = !(mine && update.legal === null);
      drawActions();
      fill(view, Object.entries(update.view).flatMap(([key, value]) => [
        h("dt", {}, key.replaceAll("_", " ")), h("dd", {}, valueText(value))]));
    },
  };
}
