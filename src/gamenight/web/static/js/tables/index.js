// The tables: a game with a table of its own has a module `tables/<game-id>.js`
// (exporting `createTable`: see protocol.js, "the table interface") and a style sheet
// (`/static/css/<game-id>.css`); the server says which games do (`GET /api/games`, each
// game's `table`), so no file here names a game.  A game without one is played at the
// plain table, which shows its view as text and its legal actions as buttons.  The room
// page's query `?table=plain` (/r/{code}?table=plain) asks for the plain table whatever
// the game: a fallback that plays any game, and what its test plays.

import * as api from "../api.js";

/** @typedef {import("../protocol.js").CreateTable} CreateTable */

/** @type {Promise<Set<string>> | null} the games with a table of their own, once asked */
let owned = null;

/**
 * Whether `game` has a table of its own, as the server says (asked once per page).
 * @param {string} game
 * @returns {Promise<boolean>}
 */
async function hasTable(game) {
  owned ??= api.games().then(
    (games) => new Set(games.filter((info) => info.table).map((info) => info.id)),
    (error) => {
      owned = null; // asked again next time: the connection may come back
      throw error;
    });
  return (await owned).has(game);
}

/**
 * The table of `game`: its own (its style sheet linked to the page), or the plain one.
 * @param {string} game
 * @returns {Promise<CreateTable>}
 */
export async function tableFor(game) {
  const plain = new URLSearchParams(location.search).get("table") === "plain";
  if (plain || !(await hasTable(game))) return (await import("./plain.js")).createTable;
  const href = new URL(`/static/css/${game}.css`, location.href).href;
  if (![...document.querySelectorAll("link")].some((link) => link.href === href)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    document.head.append(link);
  }
  const table = /** @type {{createTable: CreateTable}} */ (await import(`./${game}.js`));
  return table.createTable;
}
