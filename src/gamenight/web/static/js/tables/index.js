// The tables, one module per game (`tables/<game-id>.js`, exporting `createTable`: see
// protocol.js, "the table interface"), each with its style sheet
// (`/static/css/<game-id>.css`).  A game with no module here yet is played at the
// plain table, which shows its view as text and its legal actions as buttons.  The room
// page's query `?table=plain` (/r/{code}?table=plain) asks for the plain table whatever
// the game: a fallback that plays any game, and what its test plays.

/** @typedef {import("../protocol.js").CreateTable} CreateTable */

/** @type {Record<string, () => Promise<{createTable: CreateTable}>>} */
const TABLES = {
  "by-golly": () => import("./by-golly.js"),
  "fliegen-klatschen": () => import("./fliegen-klatschen.js"),
  "fly": () => import("./fly.js"),
  "fluster": () => import("./fluster.js"),
  "superfly": () => import("./superfly.js"),
};

/**
 * The table of `game`: its own (its style sheet linked to the page), or the plain one.
 * @param {string} game
 * @returns {Promise<CreateTable>}
 */
export async function tableFor(game) {
  const plain = new URLSearchParams(location.search).get("table") === "plain";
  const load = plain ? undefined : TABLES[game];
  if (load === undefined) return (await import("./plain.js")).createTable;
  const href = new URL(`/static/css/${game}.css`, location.href).href;
  if (![...document.querySelectorAll("link")].some((link) => link.href === href)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    document.head.append(link);
  }
  return (await load()).createTable;
}
