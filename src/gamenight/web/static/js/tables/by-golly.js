// The By Golly! table: the chicken run of 19 places, the card laid, the hand, and the
// choices of a turn (the mess, the shuffle, turning the cards back).
//
// Drawn from the update only: the view (views.py, ByGollyView) says which run cards lie
// face up this turn and what they show, the card laid, every seat's card counts and this
// seat's hand; `legal` says what may be done, and `refers` what each legal action refers
// to (a lay its animal, a turn its place, a draw its seat), so every control stands for
// one of the legal actions and no action's text is composed here; the places' letters
// come with the game (`ctx.facts`).
// The events say where the cards of the turn just ended lay: the run keeps them in sight,
// written on their backs and marked as turned back, until the next player lays a card
// (rules.md, Decision 15, as the terminal's table does).  Remembering them after that is
// the player's job, as at a real table.
//
// Keys, as at the terminal: the letter of a place (a-t, no q) turns it over; 1-9 then
// u-z lay that animal of the hand; in the mess, a seat's number draws from that seat;
// y shuffles, n keeps; space or Enter turns the cards back.

import { h, fill } from "../dom.js";
import { picture, svg } from "../draw.js";
import { onTableKey } from "../keys.js";
import { t, tn, word } from "../i18n.js";

/** @typedef {import("../types/protocol").Update} Update */
/** @typedef {import("../types/protocol").GameEvent} GameEvent */
/** @typedef {import("../table.js").TableContext} TableContext */
/** @typedef {import("../table.js").Table} Table */

/**
 * What a seat may know now: the view, generated from views.py (types/by-golly.d.ts), and
 * the names this table gives its parts.
 * @typedef {import("../types/by-golly").View} ByGollyView
 * @typedef {NonNullable<ByGollyView["laid"]>} Animal
 * @typedef {NonNullable<ByGollyView["run"][number]>} Face
 * @typedef {ByGollyView["phase"]} Phase
 * @typedef {import("../types/by-golly").Facts} ByGollyFacts
 */

/** Keys of the animals in the hand, in its order (a hand may hold all 15 kinds). */
const HAND_KEYS = "123456789uvwxyz";

/**
 * What a place of the run shows: face down, face up this turn, seen face up in the turn
 * just ended (and face down again), or shuffled after it (nobody knows which card lies
 * there).
 * @typedef {{how: "down"} | {how: "up", face: Face} | {how: "seen", face: Face}
 *   | {how: "mixed"}} Shown
 */

/**
 * The cards of the turn under way or just ended, followed from the events.
 * @typedef {object} TurnMemory
 * @property {number} seat
 * @property {Map<number, Face>} seen   each place turned over, and its face
 * @property {Set<number>} mixed        places a shuffle left in an order nobody knows
 * @property {boolean} ended            the turn has ended (its cards are face down again)
 */

/**
 * A face's name in the page's language ("hen"; the poo is "chicken poo"): its English is
 * the message, which the game marks (games/by_golly/terms.py).
 * @param {Face} face
 */
const faceWords = (face) => word(face === "poo" ? "chicken poo" : face);

/** A face with its article ("a hen", "an owl"), as terms.py marks it. @param {Face} face */
function article(face) {
  if (face === "poo") return word("chicken poo");
  return word(`${"aeiou".includes(face[0]) ? "an" : "a"} ${face}`);
}

// -- pictures ----------------------------------------------------------------------------
// Every card is drawn (js/draw.js's pieces): each animal as a head in one simple style,
// the chicken poo, the shovel and the back.  The pictures are decoration beside the
// card's words (its name under the picture, its accessible name), so they are hidden
// from screen readers.  Which picture goes with which animal is presentation, keyed by
// the animal names the view gives; an animal not drawn here gets a plain head.

const INK = "#1b1b1b";

/** @param {number} cx @param {number} cy @param {number} [r] two eyes */
const eyes = (cx, cy, r = 1.6) => [
  svg("circle", { cx: cx - 4.5, cy, r, fill: INK }),
  svg("circle", { cx: cx + 4.5, cy, r, fill: INK }),
];
/** @param {string} fill @param {number} [r] a round head */
const head = (fill, r = 11) => svg("circle", { cx: 20, cy: 23, r, fill, stroke: INK, "stroke-width": 1.4 });
/** @param {string} fill a beak pointing down */
const beak = (fill = "#ffb300") => svg("path", { d: "M17 25h6l-3 5z", fill, stroke: INK, "stroke-width": 1 });
/** @param {string} fill @param {string} d */
const part = (fill, d) => svg("path", { d, fill, stroke: INK, "stroke-width": 1.2, "stroke-linejoin": "round" });
/** Whiskers either side of a nose at (20, y). @param {number} y */
const whiskers = (y) => svg("path", { d: `M14 ${y}l-8-1.5M14 ${y + 2}l-8 1.5M26 ${y}l8-1.5M26 ${y + 2}l8 1.5`,
  stroke: INK, "stroke-width": 0.9, fill: "none" });

/** @type {Record<string, () => SVGElement[]>} */
const ANIMALS = {
  hen: () => [part("#e53935", "M14 14c0-4 3-4 3-1c1-4 4-4 4 0c1-3 4-2 3 2z"), head("#fafafa"),
    ...eyes(20, 21), beak(), part("#e53935", "M19 30c0 3 2 3 2 0z")],
  rooster: () => [part("#d50000", "M11 15c-1-6 3-7 4-3c0-5 4-6 5-2c1-5 5-4 4 0c2-3 5-1 3 4z"),
    head("#bf6a2e"), ...eyes(20, 21), beak(), part("#d50000", "M18 30c-1 5 4 5 3 0z")],
  chick: () => [part("#fbc02d", "M19 12l1-4l1 4z"), head("#ffeb3b", 10), ...eyes(20, 22, 1.4),
    svg("path", { d: "M18 26h4l-2 3z", fill: "#fb8c00", stroke: INK, "stroke-width": 0.8 })],
  duck: () => [head("#2e7d32"), ...eyes(20, 20),
    svg("ellipse", { cx: 20, cy: 28, rx: 6.5, ry: 2.8, fill: "#ffa000", stroke: INK, "stroke-width": 1 }),
    svg("path", { d: "M10 31h20", stroke: "#ffffff", "stroke-width": 1.6 })],
  goose: () => [svg("rect", { x: 16, y: 24, width: 8, height: 16, fill: "#eeeeee", stroke: INK, "stroke-width": 1.2 }),
    head("#eeeeee", 9), ...eyes(20, 21, 1.3),
    part("#fb8c00", "M15 25h10l-5 6z"), svg("circle", { cx: 20, cy: 24.5, r: 1.5, fill: INK })],
  owl: () => [part("#6d4c41", "M9 16l2-9l5 6zM31 16l-2-9l-5 6z"), head("#8d6e63", 12),
    svg("circle", { cx: 15.5, cy: 21, r: 4, fill: "#fff59d", stroke: INK, "stroke-width": 1 }),
    svg("circle", { cx: 24.5, cy: 21, r: 4, fill: "#fff59d", stroke: INK, "stroke-width": 1 }),
    ...eyes(20, 21, 1.8), svg("path", { d: "M18.5 25h3l-1.5 3z", fill: "#ffb300", stroke: INK, "stroke-width": 0.8 })],
  fox: () => [part("#e65100", "M10 20l1-12l8 6zM30 20l-1-12l-8 6z"),
    part("#ef6c00", "M8 18q12-8 24 0l-12 16z"), part("#ffffff", "M11 21l9 13l-4-12z"),
    part("#ffffff", "M29 21l-9 13l4-12z"), ...eyes(20, 20, 1.4), svg("circle", { cx: 20, cy: 32, r: 1.6, fill: INK })],
  marten: () => [svg("circle", { cx: 11.5, cy: 14, r: 3.5, fill: "#5d4037", stroke: INK, "stroke-width": 1.2 }),
    svg("circle", { cx: 28.5, cy: 14, r: 3.5, fill: "#5d4037", stroke: INK, "stroke-width": 1.2 }),
    head("#6d4c41"), part("#ffe0b2", "M13 29q7 8 14 0q-7-4-14 0z"), ...eyes(20, 21),
    svg("circle", { cx: 20, cy: 26, r: 1.6, fill: INK })],
  hare: () => [svg("ellipse", { cx: 15, cy: 9, rx: 3, ry: 9, fill: "#a1887f", stroke: INK, "stroke-width": 1.2 }),
    svg("ellipse", { cx: 25, cy: 9, rx: 3, ry: 9, fill: "#a1887f", stroke: INK, "stroke-width": 1.2 }),
    head("#a1887f", 10), ...eyes(20, 22, 1.4), svg("path", { d: "M18.5 27h3l-1.5 1.5z", fill: "#f48fb1", stroke: INK, "stroke-width": 0.8 }),
    svg("path", { d: "M20 28.5v2", stroke: INK, "stroke-width": 0.9 })],
  mouse: () => [svg("circle", { cx: 10.5, cy: 14, r: 6, fill: "#bdbdbd", stroke: INK, "stroke-width": 1.2 }),
    svg("circle", { cx: 29.5, cy: 14, r: 6, fill: "#bdbdbd", stroke: INK, "stroke-width": 1.2 }),
    svg("circle", { cx: 10.5, cy: 14, r: 3, fill: "#f8bbd0" }), svg("circle", { cx: 29.5, cy: 14, r: 3, fill: "#f8bbd0" }),
    head("#bdbdbd", 10), ...eyes(20, 22, 1.4), svg("circle", { cx: 20, cy: 28, r: 1.6, fill: "#ec407a" }), whiskers(27)],
  cat: () => [part("#616161", "M10 20l1-11l8 5zM30 20l-1-11l-8 5z"), head("#757575"),
    svg("ellipse", { cx: 15.5, cy: 21, rx: 2, ry: 2.6, fill: "#aed581", stroke: INK, "stroke-width": 0.8 }),
    svg("ellipse", { cx: 24.5, cy: 21, rx: 2, ry: 2.6, fill: "#aed581", stroke: INK, "stroke-width": 0.8 }),
    svg("path", { d: "M18.5 26h3l-1.5 1.5z", fill: "#f48fb1", stroke: INK, "stroke-width": 0.8 }), whiskers(27)],
  pig: () => [part("#f48fb1", "M9 20l2-9l7 4zM31 20l-2-9l-7 4z"), head("#f8bbd0"), ...eyes(20, 19),
    svg("ellipse", { cx: 20, cy: 27, rx: 5.5, ry: 4, fill: "#f48fb1", stroke: INK, "stroke-width": 1.2 }),
    svg("circle", { cx: 18, cy: 27, r: 1.1, fill: INK }), svg("circle", { cx: 22, cy: 27, r: 1.1, fill: INK })],
  frog: () => [svg("circle", { cx: 13, cy: 15, r: 5, fill: "#66bb6a", stroke: INK, "stroke-width": 1.2 }),
    svg("circle", { cx: 27, cy: 15, r: 5, fill: "#66bb6a", stroke: INK, "stroke-width": 1.2 }),
    svg("ellipse", { cx: 20, cy: 25, rx: 13, ry: 9, fill: "#66bb6a", stroke: INK, "stroke-width": 1.4 }),
    svg("circle", { cx: 13, cy: 15, r: 2.2, fill: INK }), svg("circle", { cx: 27, cy: 15, r: 2.2, fill: INK }),
    svg("path", { d: "M12 27q8 5 16 0", stroke: INK, "stroke-width": 1.3, fill: "none" })],
  hedgehog: () => [part("#5d4037", "M6 30l1-6l-4-3l5-2l-1-6l5 1l1-6l4 4l3-5l2 5l4-4l1 6l5-2l-1 6l5 1l-4 4l3 4z"),
    part("#d7ccc8", "M12 30q0-9 10-9q9 2 13 7l-4 3z"), svg("circle", { cx: 24, cy: 25, r: 1.4, fill: INK }),
    svg("circle", { cx: 35, cy: 28.5, r: 1.5, fill: INK })],
  worm: () => [svg("path", { d: "M6 31c4-9 8 5 12-2s8-9 12-3s4 2 4-4", stroke: INK, "stroke-width": 6.5,
    fill: "none", "stroke-linecap": "round" }),
  svg("path", { d: "M6 31c4-9 8 5 12-2s8-9 12-3s4 2 4-4", stroke: "#f48fb1", "stroke-width": 4.5,
    fill: "none", "stroke-linecap": "round" }),
  svg("circle", { cx: 33, cy: 21.5, r: 0.9, fill: INK }), svg("circle", { cx: 35.6, cy: 21.5, r: 0.9, fill: INK })],
};

/**
 * The picture of a face of a card (an animal, the poo, the shovel), or of a card's back
 * (`null`); hidden from screen readers, whose card words say the same.
 * @param {Face | null} face
 */
function drawing(face) {
  if (face === null) {
    return picture("0 0 40 40", { className: "bg-picture bg-back-art" },
      svg("ellipse", { cx: 20, cy: 21, rx: 11, ry: 14, fill: "#fff3e0", "fill-opacity": 0.9, stroke: INK, "stroke-width": 1.2 }),
      svg("path", { d: "M11 22l4-3l5 3l5-3l4 3", stroke: "#a1887f", "stroke-width": 2, fill: "none" }));
  }
  if (face === "poo") {
    return picture("0 0 40 40", { className: "bg-picture" },
      part("#6d4c41", "M20 6c2 3 0 5-2 6c5 0 8 2 7 5c4 .5 7 3 6 6.5c3 1 5 4 4 7c-1 3-4 4.5-7 4.5H12c-3 0-6-1.5-7-4.5c-1-3 1-6 4-7c-1-3.5 2-6 6-6.5c-1-3 2-5 5-5.5c1-1.5 1-3 0-5.5z"),
      ...eyes(20, 27, 1.5), svg("path", { d: "M16 31q4 3 8 0", stroke: INK, "stroke-width": 1.2, fill: "none" }));
  }
  if (face === "shovel") {
    return picture("0 0 40 40", { className: "bg-picture" },
      svg("rect", { x: 18.5, y: 3, width: 3, height: 20, fill: "#8d6e63", stroke: INK, "stroke-width": 1 }),
      svg("rect", { x: 15, y: 2, width: 10, height: 3.5, rx: 1.5, fill: "#8d6e63", stroke: INK, "stroke-width": 1 }),
      part("#90a4ae", "M12 22h16v6c0 5-4 9-8 10c-4-1-8-5-8-10z"));
  }
  const parts = ANIMALS[face] ?? (() => [head("#e0e0e0"), ...eyes(20, 22)]);
  return picture("0 0 40 40", { className: "bg-picture bg-animal" }, ...parts());
}

// -- the table ----------------------------------------------------------------------------

/**
 * @param {HTMLElement} root
 * @param {TableContext} ctx
 * @returns {Table}
 */
export function createTable(root, ctx) {
  const facts = /** @type {ByGollyFacts} */ (ctx.facts);
  /** The places' letters, as the terminal and the narration name them (the game's facts). */
  const placeNames = facts.place_names;
  const prompt = h("p", { class: "bg-prompt", id: "bg-prompt", "aria-live": "polite" });
  const hint = h("p", { class: "bg-hint note", id: "bg-hint" });
  const run = h("div", { class: "bg-run", role: "group", "aria-label": t("The chicken run") });
  const runTitle = h("h2", { class: "bg-title" }, t("The chicken run"));
  const laid = h("div", { class: "bg-laid" });
  const counts = h("ul", { class: "bg-counts", "aria-label": t("Cards left") });
  const choices = h("div", { class: "bg-choices buttons", role: "group",
    "aria-labelledby": "bg-prompt" });
  const hand = h("div", { class: "bg-hand", role: "group", "aria-label": t("Your hand") });
  const handTitle = h("h2", { class: "bg-title" }, t("Your hand"));
  fill(root, h("div", { class: "bg" },
    prompt, choices,
    h("div", { class: "bg-board" },
      h("section", { class: "bg-run-box", "aria-labelledby": "bg-run-title" },
        Object.assign(runTitle, { id: "bg-run-title" }), run),
      h("section", { class: "bg-aside", "aria-label": t("The table") }, laid, counts)),
    ctx.seat === null ? null : h("section", { class: "bg-hand-box" }, handTitle, hand),
    hint));

  /** @type {ByGollyView | null} */
  let view = null;
  /** @type {Set<string>} the legal actions now */
  let legal = new Set();
  /** The legal action on each thing it refers to (`update.refers`): a lay by the animal
   * laid, a turn by its place, a draw by the seat drawn from. */
  /** @type {Map<string, string>} */
  let layOf = new Map();
  /** @type {Map<number, string>} */
  let turnOf = new Map();
  /** @type {Map<number, string>} */
  let drawOf = new Map();
  /** @type {TurnMemory | null} */
  let memory = null;
  /** @type {(Face | null)[]} what each place showed face up last time (for the flip) */
  let shownUp = [];
  /** The keys of the hand's animals now, by key. */
  /** @type {Map<string, Animal>} */
  let handByKey = new Map();
  /** An action sent and not yet answered by an update: no second one meanwhile. */
  let waitingSince = -Infinity;

  /**
   * Sends `text` if it is legal now.
   * @param {string} text
   * @param {Event} [event]
   */
  function act(text, event) {
    if (!legal.has(text) || performance.now() - waitingSince < 1500) return false;
    waitingSince = performance.now();
    ctx.act(text, event);
    return true;
  }

  /** @param {number} seat */
  const nameOf = (seat) => (seat === ctx.seat ? t("You") : ctx.names[seat] ?? t("Seat {seat}", { seat }));

  /**
   * Shows what a control will do, before it is pressed.
   * @param {HTMLElement} element
   * @param {string} words
   */
  function hinted(element, words) {
    const show = () => { hint.textContent = words; };
    element.addEventListener("pointerenter", show);
    element.addEventListener("focus", show);
    element.title = words;
    return element;
  }

  /**
   * A button for the action `text` (disabled when it is not legal now).
   * @param {string} text  @param {string} words  @param {string} key  @param {string} label
   */
  function actionButton(text, label, words, key) {
    const button = h("button", { type: "button", class: "bg-choice", "data-action": text,
      "aria-keyshortcuts": key === " " ? "Space" : key, disabled: !legal.has(text) },
    label, h("kbd", { "aria-hidden": "true" }, key === " " ? "space" : key));
    button.addEventListener("click", (event) => act(text, event));
    return hinted(button, words);
  }

  // -- memory of the turn, from the events -----------------------------------------------
  /** @param {GameEvent} event */
  function follow(event) {
    const seat = typeof event.seat === "number" ? event.seat : -1;
    switch (event.event) {
      case "Dealt":
        memory = null;
        break;
      case "Laid":
        if (memory === null || memory.ended || memory.seat !== seat) {
          memory = { seat, seen: new Map(), mixed: new Set(), ended: false };
        }
        break;
      case "TurnedOver":
        if (memory !== null && typeof event.place === "number") {
          memory.seen.set(event.place, /** @type {Face} */ (event.face));
          memory.mixed.delete(event.place);
        }
        break;
      case "Shuffled":
        if (memory !== null && Array.isArray(event.places)) {
          for (const place of event.places) {
            if (typeof place === "number") memory.mixed.add(place);
          }
        }
        break;
      case "TurnEnded":
        if (memory !== null) memory.ended = true;
        break;
      default:
        break;
    }
  }

  /** What each place shows now. @param {ByGollyView} v  @returns {Shown[]} */
  function field(v) {
    return v.run.map((face, place) => {
      if (face !== null) return { how: "up", face };
      if (memory !== null && memory.ended) {
        if (memory.mixed.has(place)) return { how: "mixed" };
        const seen = memory.seen.get(place);
        if (seen !== undefined) return { how: "seen", face: seen };
      }
      return { how: "down" };
    });
  }

  // -- drawing ---------------------------------------------------------------------------
  /** @param {ByGollyView} v */
  function drawRun(v) {
    const shown = field(v);
    const upNow = shown.filter((s) => s.how === "up").length;
    runTitle.textContent = upNow > 0 ? t("The chicken run · {n} face up this turn", { n: upNow })
      : memory !== null && memory.ended && (memory.seen.size > 0 || memory.mixed.size > 0)
        ? t("The chicken run · {name} turned these back", { name: nameOf(memory.seat) }) : t("The chicken run");
    fill(run, shown.map((s, place) => {
      const letter = placeNames[place];
      const text = turnOf.get(place) ?? "";
      const can = text !== "";
      // The card's words are its accessible name: its letter, then what it shows.
      /** @type {(Node | string)[]} */
      let face = [drawing(null), h("span", { class: "sr-only" }, ` ${t("face down")}`)];
      let label = t("{letter}: face down", { letter });
      if (s.how === "up") {
        face = [drawing(s.face),
          h("span", { class: "bg-face-name" }, faceWords(s.face)),
          h("span", { class: "sr-only" }, `, ${t("face up")}`)];
        label = t("{letter}: {card}, face up", { letter, card: faceWords(s.face) });
      } else if (s.how === "seen") {
        face = [h("span", { class: "sr-only" }, ` ${t("face down again,")}`),
          h("span", { class: "bg-was" }, t("was {card}", { card: faceWords(s.face) }))];
        label = t("{letter}: face down again (was {card})", { letter, card: article(s.face) });
      } else if (s.how === "mixed") {
        face = [h("span", { class: "sr-only" }, ` ${t("face down again,")}`),
          h("span", { class: "bg-was" }, t("shuffled"))];
        label = t("{letter}: face down again, shuffled", { letter });
      }
      const flipped = s.how === "up" && shownUp[place] !== s.face;
      const card = h("button", {
        type: "button",
        class: `bg-card bg-${s.how}${s.how === "up" ? ` bg-face-${s.face}` : ""}${flipped ? " bg-flip" : ""}`,
        "data-place": place, "data-letter": letter,
        "aria-keyshortcuts": letter,
        "aria-disabled": can ? null : "true",
      }, h("span", { class: "bg-letter" }, letter), ...face);
      card.addEventListener("click", (event) => act(text, event));
      return hinted(card, can ? t("Turn over the card at {letter}", { letter }) : label);
    }));
    shownUp = v.run.slice();
  }

  /** @param {ByGollyView} v */
  function drawAside(v) {
    const onTurn = v.phase === "over" ? null : v.current;
    fill(laid, v.laid === null ? h("p", { class: "note" },
      tn("Out for good: {n} card", "Out for good: {n} cards", v.discarded)) : [
      h("p", {}, t("{name} laid:", { name: nameOf(v.current) })),
      h("div", { class: "bg-card bg-up bg-laid-card", role: "img",
        "aria-label": t("{card}, laid by {name}", { card: article(v.laid), name: nameOf(v.current) }) },
      drawing(v.laid), h("span", { class: "bg-face-name" }, faceWords(v.laid))),
      h("p", { class: "note" }, t("Out for good: {n}", { n: v.discarded })),
    ]);
    fill(counts, v.hands.map((held, seat) => h("li", { class: seat === onTurn ? "bg-on-turn" : null },
      h("span", { class: "bg-mark", "aria-hidden": "true" }, seat === onTurn ? "▶" : ""),
      h("span", { class: "bg-who" }, nameOf(seat)),
      h("span", { class: "bg-count" }, t("{hand} in hand · {stack} in stack", { hand: held, stack: v.stacks[seat] })),
      seat === onTurn ? h("span", { class: "sr-only" }, t("(on turn)")) : null)));
  }

  /** @param {ByGollyView} v */
  function drawHand(v) {
    const animals = [...new Set(v.hand ?? [])];
    handByKey = new Map(animals.map((animal, i) => [HAND_KEYS[i] ?? "", animal]));
    handTitle.textContent = tn("Your hand · {n} card", "Your hand · {n} cards", v.hand?.length ?? 0);
    fill(hand, animals.length === 0 ? h("p", { class: "note" }, t("Your hand is empty."))
      : animals.map((animal, i) => {
        const copies = (v.hand ?? []).filter((a) => a === animal).length;
        const text = layOf.get(animal) ?? "";
        const can = text !== "";
        const key = HAND_KEYS[i] ?? "";
        const button = h("button", {
          type: "button", class: "bg-card bg-hand-card", "data-action": text,
          "aria-keyshortcuts": key || null, "aria-disabled": can ? null : "true",
        },
        h("span", { class: "bg-letter" }, key),
        drawing(animal),
        h("span", { class: "bg-face-name" }, faceWords(animal)),
        copies > 1 ? h("span", { class: "bg-copies" }, `×${copies}`) : null);
        button.addEventListener("click", (event) => act(text, event));
        return hinted(button, can ? t("Lay {card} and look for its twin", { card: article(animal) }) : faceWords(animal));
      }));
  }

  /** The turn's decisions, as the legal actions allow them. @param {ByGollyView} v */
  function drawChoices(v) {
    /** @type {HTMLElement[]} */
    const buttons = [];
    for (let seat = 0; seat < v.players; seat += 1) {
      const draw = drawOf.get(seat);
      if (draw !== undefined) {
        const name = nameOf(seat);
        buttons.push(actionButton(draw, v.hands[seat] > 0
          ? t("Draw from {name} ({n} in hand)", { name, n: v.hands[seat] })
          : t("Draw from {name} (from the stack)", { name }),
        t("Draw a card blindly from {name}", { name }), String(seat)));
      }
    }
    if (legal.has("shuffle") || legal.has("keep")) {
      buttons.push(actionButton("shuffle", t("Shuffle them"), t("Shuffle the cards you turned over among their places"), "y"));
      buttons.push(actionButton("keep", t("Keep them"), t("Leave the cards you turned over where they lie"), "n"));
    }
    if (legal.has("end")) {
      buttons.push(actionButton("end", t("Turn the cards back"), t("Turn the cards face down: your turn is over"), " "));
    }
    fill(choices, buttons);
    choices.hidden = buttons.length === 0;
  }

  /** What is happening, in words. @param {ByGollyView} v  @param {boolean} mine */
  function promptText(v, mine) {
    const n = v.draws_left;
    if (v.phase === "over") {
      return v.winner === undefined || v.winner === null ? t("The game is over.")
        : v.winner === ctx.seat ? t("You win: no cards left!")
          : t("{name} wins: no cards left!", { name: nameOf(v.winner) });
    }
    if (mine) {
      switch (v.phase) {
        case "lay": return t("Your turn: lay an animal from your hand.");
        case "turn": return t("Turn over a card of the chicken run to find its twin.");
        case "second": return t("Chicken poo! Turn over a second card at once.");
        case "mess": return tn("You are in the mess: draw {n} more card. From whom?",
          "You are in the mess: draw {n} more cards. From whom?", n);
        case "shuffle": return t("Shuffle the cards you turned over, or keep them where they lie?");
        case "end": return t("Your turn is over: turn the cards back face down.");
        default: return "";
      }
    }
    const who = { name: nameOf(v.current) };
    switch (v.phase) {
      case "lay": return t("{name} lays an animal…", who);
      case "turn": return t("{name} turns over a card…", who);
      case "second": return t("Chicken poo! {name} turns over a second card…", who);
      case "mess": case "draw": return tn("{name} is in the mess: {n} more card to draw.",
        "{name} is in the mess: {n} more cards to draw.", n, who);
      case "shuffle": case "shuffling": return v.shuffling ? t("{name} shuffles the cards turned over.", who)
        : t("{name} may shuffle the cards turned over.", who);
      case "end": return t("{name} turns the cards back…", who);
      default: return t("{name}'s turn.", who);
    }
  }

  onTableKey(root, (key, event) => {
    if (view === null) return false;
    // A key means what the phase allows: n keeps the cards after the mess, and turns
    // over the card at n otherwise.
    if ((key === " " || key === "Enter") && legal.has("end")) return act("end", event);
    if (key === "y" && legal.has("shuffle")) return act("shuffle", event);
    if (key === "n" && legal.has("keep")) return act("keep", event);
    const turn = key.length === 1 ? turnOf.get(placeNames.indexOf(key)) : undefined;
    if (turn !== undefined) return act(turn, event);
    const draw = /^[0-9]$/.test(key) ? drawOf.get(Number(key)) : undefined;
    if (draw !== undefined) return act(draw, event);
    const animal = handByKey.get(key);
    const lay = animal === undefined ? undefined : layOf.get(animal);
    if (lay !== undefined) return act(lay, event);
    return false;
  });

  return {
    /** @param {Update} update */
    update(update) {
      const v = /** @type {ByGollyView} */ (/** @type {unknown} */ (update.view));
      view = v;
      waitingSince = -Infinity;
      if (update.fresh) memory = null;
      for (const event of update.events) follow(event);
      const mine = ctx.seat !== null && update.acting.seats.includes(ctx.seat)
        && update.legal_count > 0;
      const texts = mine ? update.legal ?? [] : [];
      legal = new Set(texts);
      layOf = new Map();
      turnOf = new Map();
      drawOf = new Map();
      texts.forEach((text, i) => {
        const face = update.refers?.face?.[i];
        const place = update.refers?.place?.[i];
        const seat = update.refers?.seat?.[i];
        if (face != null) layOf.set(face, text);
        if (place != null) turnOf.set(place, text);
        if (seat != null) drawOf.set(seat, text);
      });
      prompt.textContent = promptText(v, mine);
      root.dataset.phase = v.phase;
      drawChoices(v);
      drawRun(v);
      drawAside(v);
      if (ctx.seat !== null) drawHand(v);
    },
  };
}
