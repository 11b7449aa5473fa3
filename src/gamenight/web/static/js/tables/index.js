// The tables: a game with a table of its own has a module `tables/<game-id>.js`
// (exporting `createTable`: see table.js, "the table interface") and a style sheet
// (`/static/css/<game-id>.css`); the server says which games do (`GET /api/games`, each
// game's `table`), so no file here names a game.  A game without one is played at the
// plain table, which shows its view as text and its legal actions as buttons.  The room
// page's query `?table=plain` (/r/{code}?table=plain) asks for the plain table whatever
// the game: a fallback that plays any game, and what its test plays.

import * as api from "../api.js";
import { useGame } from "../i18n.js";

/** @typedef {import("../table.js").CreateTable} CreateTable */

/**
 * The server's word on `game` (asked once per page, `api.games`): whether it has a
 * table of its own, and the facts its table draws by.
 * @param {string} game
 * @returns {Promise<{table: boolean, facts: unknown}>}
 */
async function about(game) {
  const info = (await api.games()).find((each) => each.id === game);
  return { table: info?.table ?? false, facts: info?.facts ?? null };
}

/**
 * The table of `game`: its own (its style sheet linked to the page), or the plain one.
 * @param {string} game
 * @returns {Promise<CreateTable>}
 */
export async function tableFor(game) {
  const plain = new URLSearchParams(location.search).get("table") === "plain";
  const { table: owned, facts } = await about(game);
  // The game's own words (its table's texts, its colours and animals) in the page's language.
  await useGame(game);
  if (plain || !owned) return (await import("./plain.js")).createTable;
  const href = new URL(`/static/css/${game}.css`, location.href).href;
  if (![...document.querySelectorAll("link")].some((link) => link.href === href)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    document.head.append(link);
  }
  const table = /** @type {{createTable: CreateTable}} */ (await import(`./${game}.js`));
  // The game's facts (its deck's faces, its limits) come from the server with the game,
  // so that no table copies a rule.
  return (root, ctx) => table.createTable(root, { ...ctx, facts });
}
