// The Fluster table: the call (and, on the caller's turn, the pickers that make one),
// the player's secret pad of two 5x5 blocks, where a call is written by clicking the
// square of its number, how far the others are, and at the end every pad shown and scored.
//
// Drawn from the update only: the view (views.py, FlusterView) gives the pads, the call
// being written, who has written it and how often each number has been called; `legal`
// says what may be done and `refers` what each legal call names (its letter and number),
// so every control stands for one of the legal actions and no call's text is composed or
// read apart here; the letters, the Blank and the numbers come with the game
// (`ctx.facts`).  Which squares may take the call is the square of the called number in
// each block whose side is legal; which numbers and letters may be called is read off
// the legal calls.  Scores are the view's circles and totals.
//
// Keys, as at the terminal: calling, a letter (or space for a Blank), the number's
// digits, then Enter; Backspace erases.  Writing: ← the left block, → the right block.

import { h, fill } from "../dom.js";
import { tile } from "../draw.js";
import { onTableKey } from "../keys.js";
import { t } from "../i18n.js";

/** @typedef {import("../types/protocol").Update} Update */
/** @typedef {import("../table.js").TableContext} TableContext */
/** @typedef {import("../table.js").Table} Table */

/**
 * What a seat may know now: the view, generated from views.py (types/fluster.d.ts).  A
 * pad's block holds its 25 squares row by row (`squares`: "." nothing, "#" a Blank, A-Z).
 * @typedef {import("../types/fluster").View} FlusterView
 * @typedef {import("../types/fluster").PadView} PadView
 * @typedef {import("../types/fluster").BlockView} BlockView
 * @typedef {NonNullable<FlusterView["my_choice"]>} Side
 * @typedef {import("../types/fluster").Facts} FlusterFacts
 */

/**
 * @param {HTMLElement} root
 * @param {TableContext} ctx
 * @returns {Table}
 */
export function createTable(root, ctx) {
  const facts = /** @type {FlusterFacts} */ (ctx.facts);
  /** The Blank as the view writes it (in a square, and as a call's letter). */
  const BLANK = facts.blank;
  /** A symbol in words: the letter, or "Blank". @param {string} symbol */
  const symbolWords = (symbol) => (symbol === BLANK ? t("Blank") : symbol);
  const callShown = h("p", { class: "fl-call", id: "fl-call", "aria-live": "polite" });
  const prompt = h("p", { class: "fl-prompt" });
  const caller = h("form", { class: "fl-caller", "aria-label": t("Your call") });
  const pad = h("div", { class: "fl-pad" });
  // On a phone the calls so far scroll in their own box under the pad (app.css,
  // .table-more), focusable so that keys can scroll it too.
  const progress = h("section", { class: "fl-progress table-more", "aria-label": t("The calls so far"),
    tabindex: 0 });
  const pads = h("section", { class: "fl-pads", "aria-label": t("Every pad") });
  fill(root, h("div", { class: "fl" }, callShown, prompt, caller, pad, progress, pads));

  /** @type {FlusterView | null} */
  let view = null;
  /** @type {Set<string>} the legal actions now */
  let legal = new Set();
  /** @type {Map<string, string>} each legal call by what it names ("A 7", "# 12") */
  let calls = new Map();
  /** The call being put together: a symbol and the number's digits as typed. */
  let letter = "";
  let digits = "";
  /** An action sent and not yet answered: no second one meanwhile. */
  let waiting = false;
  /** The square this seat has just written (its SquareWritten event): it pops in. */
  /** @type {{side: string, row: number, column: number} | null} */
  let justWritten = null;

  /** @param {number} seat */
  const nameOf = (seat) => (seat === ctx.seat ? t("You") : ctx.names[seat] ?? t("Seat {seat}", { seat }));

  /** @param {string} text  @param {Event} [event] */
  function act(text, event) {
    if (!legal.has(text) || waiting) return false;
    waiting = true;
    ctx.act(text, event);
    return true;
  }

  // -- the call -------------------------------------------------------------------------
  /** The legal calls, as symbol -> numbers and number -> symbols. */
  function callable() {
    /** @type {Map<string, Set<number>>} */
    const bySymbol = new Map();
    /** @type {Map<number, Set<string>>} */
    const byNumber = new Map();
    for (const named of calls.keys()) {
      const [symbol, digitsNamed] = named.split(" ");
      const number = Number(digitsNamed);
      if (!bySymbol.has(symbol)) bySymbol.set(symbol, new Set());
      bySymbol.get(symbol)?.add(number);
      if (!byNumber.has(number)) byNumber.set(number, new Set());
      byNumber.get(number)?.add(symbol);
    }
    return { bySymbol, byNumber };
  }

  /** The legal call of the letter and number picked ("" if it is none). */
  const callText = () => calls.get(`${letter} ${Number(digits)}`) ?? "";

  function drawCaller() {
    const { bySymbol, byNumber } = callable();
    if (bySymbol.size === 0) {
      caller.hidden = true;
      fill(caller);
      return;
    }
    caller.hidden = false;
    const number = digits === "" ? null : Number(digits);
    const letters = h("div", { class: "fl-letters", role: "group", "aria-label": t("Letter") },
      [...facts.letters, BLANK].map((symbol) => {
        const button = h("button", {
          // The Blank's word takes two of the grid's cells (fluster.css).
          type: "button", class: `fl-pick${symbol === BLANK ? " fl-pick-blank" : ""}`,
          "data-letter": symbol,
          "aria-pressed": String(symbol === letter),
          disabled: !bySymbol.has(symbol),
          "aria-keyshortcuts": symbol === BLANK ? "Space" : symbol,
        }, symbolWords(symbol));
        button.addEventListener("click", () => { letter = symbol; redrawFocused(`[data-letter="${symbol}"]`); });
        return button;
      }));
    const numbers = h("div", { class: "fl-numbers", role: "group", "aria-label": t("Number") },
      facts.numbers.map((n) => {
        const button = h("button", {
          type: "button", class: "fl-pick", "data-number": n,
          "aria-pressed": String(n === number), disabled: !byNumber.has(n),
        }, String(n));
        button.addEventListener("click", () => { digits = String(n); redrawFocused(`[data-number="${n}"]`); });
        return button;
      }));
    const ready = letter !== "" && callText() !== "";
    const words = ready ? t("Call {letter} {number}", { letter: symbolWords(letter), number: Number(digits) })
      : t("Call {letter} {number}", { letter: letter === "" ? "…" : symbolWords(letter), number: digits === "" ? "…" : digits });
    const go = h("button", { type: "submit", class: "primary fl-go", disabled: !ready,
      "aria-keyshortcuts": "Enter" }, words);
    fill(caller, h("p", { class: "fl-label" }, t("Letter (or Blank: space)")), letters,
      h("p", { class: "fl-label" }, t("Number (type it, then Enter)")), numbers,
      h("div", { class: "buttons" }, go));
  }
  /**
   * Draws the pickers again, keeping the keyboard's place on the one just pressed.
   * @param {string} selector
   */
  function redrawFocused(selector) {
    drawCaller();
    const again = caller.querySelector(selector);
    if (again instanceof HTMLElement) again.focus();
  }
  caller.addEventListener("submit", (event) => {
    event.preventDefault();
    if (letter !== "" && act(callText(), event)) { letter = ""; digits = ""; }
  });

  // -- the pad --------------------------------------------------------------------------
  /** A row's or column's circle, with its score. @param {number} score */
  const ring = (score) => h("span", { class: "fl-ring" }, String(score));

  /**
   * A block: 5 rows of squares, each row's circle at its right, the columns' circles
   * under them.  `write` is the called number when this block may take the call.
   * @param {BlockView} block  @param {Side} side  @param {string} title
   * @param {number | null} write  @param {number | null} lit  the square last written
   * @param {string} totals  the block's totals in words
   */
  function blockTable(block, side, title, write, lit, totals) {
    /** @type {HTMLElement[]} */
    const rows = [];
    for (let r = 0; r < 5; r += 1) {
      /** @type {HTMLElement[]} */
      const cells = [];
      for (let c = 0; c < 5; c += 1) {
        const i = r * 5 + c;
        const number = block.numbers[i];
        const written = block.squares[i];
        const takes = write !== null && number === write;
        const content = [
          h("span", { class: "fl-num" }, String(number)),
          h("span", { class: "fl-sym" }, written === "." ? "" : written === BLANK ? "" : written),
        ];
        const label = written === "." ? t("square {number}: empty", { number })
          : t("square {number}: {letter}", { number, letter: symbolWords(written) });
        const cls = `fl-sq${written === BLANK ? " fl-blank" : written !== "." ? " fl-written" : ""}`
          + `${takes ? " fl-takes" : ""}`
          + `${lit === number ? " fl-lit" : ""}`
          + `${justWritten?.side === side && justWritten.row === r + 1 && justWritten.column === c + 1 ? " fl-new" : ""}`;
        let cell;
        if (takes) {
          const button = h("button", { type: "button", class: cls, "data-side": side,
            "data-number": number, "aria-keyshortcuts": side === "left" ? "ArrowLeft" : "ArrowRight",
            "aria-label": t("Write it here, {block}, {square}", { block: title, square: label }) }, ...content);
          button.addEventListener("click", (event) => act(side, event));
          cell = button;
        } else {
          cell = h("span", { class: cls, "data-number": number, role: "img",
            "aria-label": label }, ...content);
        }
        cells.push(h("td", {}, cell));
      }
      cells.push(h("td", { class: `fl-circle${block.across[r] > 0 ? " fl-scores" : ""}`,
        "aria-label": t("row {row}: {score}", { row: r + 1, score: block.across[r] }) }, ring(block.across[r])));
      rows.push(h("tr", { class: block.across[r] > 0 ? "fl-row-scores" : null }, ...cells));
    }
    rows.push(h("tr", {}, ...block.down.map((score, c) => h("td", {
      class: `fl-circle${score > 0 ? " fl-scores" : ""}`,
      "aria-label": t("column {column}: {score}", { column: c + 1, score }) }, ring(score))), h("td", {})));
    // A column that scores is marked on each of its squares too.
    rows.slice(0, 5).forEach((row) => {
      [...row.children].slice(0, 5).forEach((td, c) => {
        if (block.down[c] > 0) td.classList.add("fl-col-scores");
      });
    });
    return h("figure", { class: `fl-block fl-${side}${write !== null ? " fl-can" : ""}` },
      h("figcaption", {}, title, h("span", { class: "fl-totals" }, totals)),
      h("table", { "aria-label": title }, h("tbody", {}, ...rows)));
  }

  /**
   * A whole pad with its totals.
   * @param {PadView} p  @param {number | null} write  @param {number | null} lit
   */
  function padBlocks(p, write, lit) {
    const totals = p.totals;
    return h("div", { class: "fl-blocks" },
      blockTable(p.left, "left", t("Left block"), legal.has("left") ? write : null, lit,
        ` · A ${totals.A} · B ${totals.B}`),
      blockTable(p.right, "right", t("Right block"), legal.has("right") ? write : null, lit,
        ` · C ${totals.C} · D ${totals.D}`));
  }

  /** @param {PadView} p */
  const totalsLine = (p) => t("A {a} + B {b} + C {c} + D {d} + bonuses {bonuses} = Grand Total {total}", {
    a: p.totals.A, b: p.totals.B, c: p.totals.C, d: p.totals.D, bonuses: p.totals.bonuses,
    total: p.totals.grand_total });

  /** @param {FlusterView} v */
  function drawPad(v) {
    if (v.pad === undefined || v.phase === "over") { fill(pad); pad.hidden = true; return; }
    pad.hidden = false;
    const write = v.phase === "write" && v.call !== null ? v.call.number : null;
    const lit = v.phase === "write" && v.call !== null ? v.call.number
      : v.last !== null ? v.last.number : null;
    fill(pad, h("h2", { class: "fl-title" }, t("Your pad (secret)")), padBlocks(v.pad, write, lit),
      h("p", { class: "fl-sum note" }, totalsLine(v.pad)));
  }

  // -- the others, and the calls --------------------------------------------------------
  /** @param {FlusterView} v */
  function drawProgress(v) {
    const seats = Array.from({ length: v.players }, (_, s) => s);
    const writing = v.phase === "write";
    fill(progress,
      h("h2", { class: "fl-title" }, t("Calls so far: {n}", { n: v.turn })),
      h("ul", { class: "fl-who" }, seats.map((s) => h("li", {},
        h("span", { class: "fl-name" }, nameOf(s)),
        s === v.caller && v.phase !== "over" ? h("span", { class: "tag" }, t("caller")) : null,
        writing ? h("span", { class: v.written.includes(s) ? "fl-done" : "fl-busy" },
          v.written.includes(s) ? t("has written") : t("writing…")) : null))),
      h("ol", { class: "fl-called", "aria-label": t("How often each number has been called") },
        v.called.map((times, i) => h("li", { class: `fl-times-${times}`,
          "aria-label": times === 0 ? t("{number}: called never", { number: i + 1 })
            : times === 1 ? t("{number}: called once", { number: i + 1 })
              : t("{number}: called twice", { number: i + 1 }) },
        String(i + 1)))));
  }

  /**
   * The call in words, with the call (or the last one) drawn as a tile beside them: its
   * letter in the middle, its number in the corner (decoration: the words say the same).
   * @param {FlusterView} v
   */
  function drawCall(v) {
    const call = v.phase === "write" && v.call !== null ? v.call : v.last;
    fill(callShown, call === null ? null
      : tile(call.letter === BLANK ? t("Blank") : call.letter,
        { corner: String(call.number), className: `fl-tile${call.letter === BLANK ? " fl-tile-blank" : ""}` }),
    h("span", {}, callWords(v)));
  }

  /** @param {FlusterView} v */
  function callWords(v) {
    if (v.phase === "write" && v.call !== null) {
      return t("{name} called {letter} {number}",
        { name: nameOf(v.call.caller), letter: symbolWords(v.call.letter), number: v.call.number });
    }
    if (v.last !== null) {
      const call = { letter: symbolWords(v.last.letter), number: v.last.number };
      if (v.last.forced) {
        return t("Last call: {letter} {number} (its second call: written in the one square left)", call);
      }
      if (v.last_side === "left") return t("Last call: {letter} {number} (you wrote it in the left block)", call);
      if (v.last_side === "right") return t("Last call: {letter} {number} (you wrote it in the right block)", call);
      return t("Last call: {letter} {number}", call);
    }
    return t("No call yet.");
  }

  /** @param {FlusterView} v  @param {boolean} mine */
  function promptText(v, mine) {
    if (v.phase === "over") return t("Every square is filled: the pads are scored.");
    if (v.phase === "call") {
      return mine ? t("Your call: choose a letter (or a Blank) and a number.")
        : v.caller === ctx.seat ? t("You call…") : t("{name} calls…", { name: nameOf(v.caller) });
    }
    if (v.phase === "write") {
      if (mine) return t("Write it: click its square in the left or the right block (← or →).");
      if (v.my_choice === "left") return t("You wrote it in the left block. Waiting for the others…");
      if (v.my_choice === "right") return t("You wrote it in the right block. Waiting for the others…");
      return t("The players write the call…");
    }
    return t("The pads are handed out…");
  }

  /** @param {FlusterView} v */
  function drawEnd(v) {
    if (v.phase !== "over" || v.pads === undefined) { fill(pads); pads.hidden = true; return; }
    pads.hidden = false;
    const winners = v.outcome?.winners ?? [];
    fill(pads, h("h2", { class: "fl-title" }, t("Every pad, scored")),
      v.pads.map((p, s) => h("section", { class: `fl-final${winners.includes(s) ? " fl-winner" : ""}`,
        "aria-label": t("{name}'s pad", { name: nameOf(s) }) },
      h("h3", {}, `${t("{name}: Grand Total", { name: nameOf(s) })} `,
        h("span", { class: "fl-grand" }, String(p.totals.grand_total)),
        winners.includes(s) ? h("span", { class: "tag" }, t("wins")) : null),
      padBlocks(p, null, null),
      h("p", { class: "fl-sum note" }, totalsLine(p)))));
  }

  onTableKey(root, (key, event) => {
    if (view === null) return false;
    if (key === "ArrowLeft" && legal.has("left")) return act("left", event);
    if (key === "ArrowRight" && legal.has("right")) return act("right", event);
    if (caller.hidden) return false;
    const { bySymbol } = callable();
    if (key === " " && bySymbol.has(BLANK)) { letter = BLANK; drawCaller(); return true; }
    if (/^[a-z]$/i.test(key) && bySymbol.has(key.toUpperCase())) {
      letter = key.toUpperCase();
      drawCaller();
      return true;
    }
    if (/^[0-9]$/.test(key)) {
      digits = `${digits}${key}`.replace(/^0+/, "").slice(-2);
      drawCaller();
      return true;
    }
    if (key === "Backspace") {
      if (digits !== "") digits = digits.slice(0, -1); else letter = "";
      drawCaller();
      return true;
    }
    if (key === "Enter" && letter !== "") {
      if (act(callText(), event)) { letter = ""; digits = ""; }
      return true;
    }
    return false;
  });

  return {
    /** @param {Update} update */
    update(update) {
      const v = /** @type {FlusterView} */ (/** @type {unknown} */ (update.view));
      view = v;
      waiting = false;
      const mine = ctx.seat !== null && update.acting.seats.includes(ctx.seat)
        && update.legal_count > 0;
      const texts = mine ? update.legal ?? [] : [];
      legal = new Set(texts);
      calls = new Map();
      texts.forEach((text, i) => {
        const face = update.refers?.face?.[i];
        const number = update.refers?.number?.[i];
        if (face != null && number != null) calls.set(`${face} ${number}`, text);
      });
      root.dataset.phase = v.phase;
      drawCall(v);
      // What is news to this page (never on a reconnection's update): a new call
      // flashes, the square just written pops in.
      const news = update.fresh ? [] : update.events;
      if (news.some((e) => e.event === "Called")) {
        callShown.classList.remove("fl-new-call");
        void callShown.offsetWidth; // the animation starts again for each call
        callShown.classList.add("fl-new-call");
      }
      const wrote = news.find((e) => e.event === "SquareWritten" && e.seat === ctx.seat);
      justWritten = wrote === undefined ? null
        : { side: String(wrote.side), row: Number(wrote.row), column: Number(wrote.column) };
      prompt.textContent = promptText(v, mine);
      drawCaller();
      drawPad(v);
      drawProgress(v);
      drawEnd(v);
    },
  };
}
