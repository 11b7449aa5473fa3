// The table interface: what the room page (and the replay viewer) give a game's table,
// and what a table gives back.  It is the client's own contract, between its modules,
// so it is written here by hand; the server's messages it names are generated from the
// Python (types/protocol.d.ts, by gamenight.web.typegen).  Nothing here runs: the
// module only names shapes.

/** @typedef {import("./types/protocol").Update} Update */

/**
 * What the room page gives a table.  `act(text, event)` sends one of `update.legal`;
 * pass the input event that made it (a `pointerdown` or `keydown`) so that, in a
 * reaction window, the shell can time it from the paint of the window (tables never
 * measure time themselves).
 * @typedef {object} TableContext
 * @property {number | null} seat   the seat this page plays; null: watching
 * @property {number} players
 * @property {string[]} names       each seat's name, as shown
 * @property {(text: string, event?: Event) => void} act
 * @property {unknown} [facts]      the game's facts (`GameInfo.facts`, its `Facts` type),
 *                                  given by `tables/index.js`
 */

/**
 * A game's table: draws each update (the view, who acts, the legal actions, the
 * events), and nothing else.
 * @typedef {object} Table
 * @property {(update: Update) => void} update
 */

/** @typedef {(root: HTMLElement, ctx: TableContext) => Table} CreateTable */

export {};
