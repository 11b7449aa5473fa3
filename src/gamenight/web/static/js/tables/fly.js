// The FLY table: the 9 x 3 table of cards drawn to scale in SVG (one unit is an inch),
// a ghost swatter the player drags and turns over it, every seat's pile of flies, and
// each drop told as it happened: the swatter falls with its flutter, the flies it covered
// light up, their cards fly to the player's pile, and the table closes up.
//
// Drawn from the update only.  The view (games/fly/views.py, FlyView) gives every card on
// the table with its fly's place, colour and symbol, the swatter's size, the flies'
// diameter, the piles and the last drop (the table as the swatter landed on it, the cards
// it covered, the consolidation moves); `legal` gives the aims the server offers and
// `refers` the point and angle of each (no action text is read or composed here), and
// the ghost only ever rests on one of them: dragging snaps it to the nearest,
// turning picks the nearest aim at the next angle.  The flies the aim would cover are
// lit as a hint, worked out from the view's own geometry (geometry.py: a fly is covered
// when its whole round footprint lies inside the swatter's rectangle, centred on the aim
// and turned clockwise); where it lands is chance (the flutter), so the hint says "if it
// lands true".  The animations are decoration over the table as the view has it now: a
// newer update cancels them, and a fresh update (a reload) plays none.
//
// Keys, as at the terminal: the arrow keys move the ghost to the next aim that way, r or
// e turns it clockwise, R or q back, Enter or Space drops it; Esc (or aiming) cuts the
// story of the last drop short.  The mouse wheel turns it, and on a touch screen two
// fingers turn it.

import { h, fill } from "../dom.js";
import { onTableKey } from "../keys.js";
import { t, tn, word } from "../i18n.js";

/** @typedef {import("../types/protocol").Update} Update */
/** @typedef {import("../types/protocol").GameEvent} GameEvent */
/** @typedef {import("../table.js").TableContext} TableContext */
/** @typedef {import("../table.js").Table} Table */

/**
 * What every seat sees of a FLY table: the view, generated from views.py
 * (types/fly.d.ts).  A card face up has a fly's colour, symbol and place on its card
 * (inches from the card's top-left corner), a blank none; a card on the table also its
 * place (0-26, reading order from the box) and its fly's centre on the table (null for
 * a blank).
 * @typedef {import("../types/fly").View} FlyView
 * @typedef {import("../types/fly").CardView} CardView
 * @typedef {import("../types/fly").TableCardView} TableCardView
 */

/**
 * An aim the server offers: its text and what it says.
 * @typedef {object} Aim
 * @property {string} text
 * @property {number} x
 * @property {number} y
 * @property {number} angle
 */

// -- the table's measures (inches, as in the view) -------------------------------------------
/** Cards per row; a card is 1 x 3 inches, standing upright (cards.py). */
const COLUMNS = 9;
const CARD_WIDTH = 1;
const CARD_HEIGHT = 3;
/** The table's full size, before any card is collected. */
const TABLE_WIDTH = COLUMNS * CARD_WIDTH;
const TABLE_LENGTH = 3 * CARD_HEIGHT;
/** What the board shows: the table and the room around it for a swatter hanging over
 * its edges. */
const VIEW = { x: -1.05, y: -0.6, width: TABLE_WIDTH + 2.1, height: TABLE_LENGTH + 1.2 };
/** Float slack in favour of covering, as geometry.EPSILON. */
const EPSILON = 1e-9;

/** Each fly colour's paint, and whether its symbol is inked dark on it. */
/** @type {Record<string, {fill: string, dark: boolean}>} */
const PAINT = {
  red: { fill: "#c62828", dark: false },
  yellow: { fill: "#fdd835", dark: true },
  blue: { fill: "#1565c0", dark: false },
  green: { fill: "#2e7d32", dark: false },
  purple: { fill: "#6a1b9a", dark: false },
};
/** Each symbol's mark (colour is never the only signal). */
/** @type {Record<string, string>} */
const MARK = { star: "★", circle: "●", diamond: "◆", triangle: "▲", heart: "♥" };

/** How long each part of a drop's story takes, in milliseconds. */
const FALL_MS = 600;
const LIT_MS = 450;
const GATHER_MS = 550;
const MOVE_MS = 320;
const MOVE_GAP_MS = 60;

const SVG = "http://www.w3.org/2000/svg";
/** The keys that move or turn the ghost. */
const AIM_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "r", "R", "e", "q"]);

/**
 * An SVG element with its attributes (numbers are written as they are).
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | null>} [attrs]
 * @param {...(Node | string)} children
 * @returns {SVGElementTagNameMap[K]}
 */
function svg(tag, attrs = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null) element.setAttribute(name, String(value));
  }
  element.append(...children);
  return element;
}

/**
 * The legal aims of an update: each drop the server offers, with the point and angle it
 * refers to (`update.refers`), never read out of the action's text.
 * @param {Update} update
 * @returns {Aim[]}
 */
function aimsOf(update) {
  /** @type {Aim[]} */
  const out = [];
  (update.legal ?? []).forEach((text, i) => {
    const x = update.refers?.x?.[i];
    const y = update.refers?.y?.[i];
    const angle = update.refers?.angle?.[i];
    if (x != null && y != null && angle != null) out.push({ text, x, y, angle });
  });
  return out;
}

/**
 * A card's name in the page's language: its English ("red star", "blank card") is the
 * message, which the game marks (games/fly/terms.py).
 * @param {CardView} card
 */
const cardName = (card) => word(card.blank ? "blank card" : `${card.colour ?? ""} ${card.symbol ?? ""}`);

/** The top-left corner of a card place. @param {number} slot  @returns {[number, number]} */
function origin(slot) {
  return [(slot % COLUMNS) * CARD_WIDTH, Math.floor(slot / COLUMNS) * CARD_HEIGHT];
}

/**
 * The cards on the table whose fly lies wholly under a swatter at `aim`, as the view's
 * geometry says: in the swatter's frame (u across it, v along it, turned clockwise by
 * the angle) the fly's centre lies within the half-sizes less the fly's radius.
 * @param {{x: number, y: number, angle: number}} aim
 * @param {FlyView} v
 * @returns {TableCardView[]}
 */
function coveredBy(aim, v) {
  const a = (aim.angle * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const radius = v.fly_diameter / 2;
  const reachU = v.swatter.width / 2 - radius + EPSILON;
  const reachV = v.swatter.length / 2 - radius + EPSILON;
  return v.table.filter((card) => {
    if (card.fly === null) return false;
    const dx = card.fly[0] - aim.x;
    const dy = card.fly[1] - aim.y;
    return Math.abs(dx * cos + dy * sin) <= reachU && Math.abs(dy * cos - dx * sin) <= reachV;
  });
}

/**
 * Names in a row: "the red star, the blue heart and the green circle".
 * @param {string[]} names
 */
function listed(names) {
  const the = names.map((card) => t("the {card}", { card }));
  return the.length <= 1 ? the.join("")
    : t("{cards} and {card}", { cards: the.slice(0, -1).join(", "), card: the[the.length - 1] });
}

/** Whether the person asked their system for less motion. */
const lessMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// -- pictures -------------------------------------------------------------------------------

/**
 * A card as it lies on the table: the checkered cloth, its fly (a round body in its
 * colour with its symbol's mark, and wings) or the word "blank".
 * @param {CardView} card
 * @param {number} diameter
 * @returns {SVGGElement}
 */
function cardPicture(card, diameter) {
  const g = svg("g", { class: `fly-card${card.blank ? " fly-blank" : ""}`, "data-card": card.id });
  g.append(svg("rect", { class: "fly-cloth", x: 0.02, y: 0.02, width: CARD_WIDTH - 0.04,
    height: CARD_HEIGHT - 0.04, rx: 0.06 }));
  if (card.blank || card.place === undefined) {
    g.append(svg("text", { class: "fly-blank-word", x: 0.5, y: 1.5, transform: "rotate(-90 0.5 1.5)" }, "blank"));
    return g;
  }
  const [px, py] = card.place;
  const r = diameter / 2;
  const paint = PAINT[card.colour ?? ""] ?? { fill: "#616161", dark: false };
  const fly = svg("g", { class: "fly-fly", transform: `translate(${px} ${py})`,
    "data-colour": card.colour ?? "", "data-symbol": card.symbol ?? "" });
  fly.append(
    svg("ellipse", { class: "fly-wing", cx: -r * 0.55, cy: -r * 0.75, rx: r * 0.45, ry: r * 0.28, transform: `rotate(-30 ${-r * 0.55} ${-r * 0.75})` }),
    svg("ellipse", { class: "fly-wing", cx: r * 0.55, cy: -r * 0.75, rx: r * 0.45, ry: r * 0.28, transform: `rotate(30 ${r * 0.55} ${-r * 0.75})` }),
    // Six legs, and a head with two big eyes over the body (as js/draw.js's fly): what
    // a swatter covers is still the body's circle alone.
    svg("path", { class: "fly-legs", d: [[-1, -0.35], [-1.1, 0.2], [-0.8, 0.8], [1, -0.35], [1.1, 0.2], [0.8, 0.8]]
      .map(([x, y]) => `M${x * r * 0.55} ${y * r * 0.5}L${x * r * 1.25} ${y * r * 1.05}`).join("") }),
    svg("circle", { class: "fly-ring", r: r + 0.07 }),
    svg("circle", { class: "fly-body", r, fill: paint.fill }),
    svg("circle", { class: "fly-head", cy: -r * 1.02, r: r * 0.34 }),
    svg("circle", { class: "fly-eye", cx: -r * 0.2, cy: -r * 1.1, r: r * 0.17 }),
    svg("circle", { class: "fly-eye", cx: r * 0.2, cy: -r * 1.1, r: r * 0.17 }),
    svg("text", { class: `fly-mark${paint.dark ? " fly-mark-dark" : ""}`, "font-size": r * 1.15, dy: "0.05em" },
      MARK[card.symbol ?? ""] ?? (card.symbol ?? "?").charAt(0).toUpperCase()),
  );
  g.append(fly);
  return g;
}

/**
 * The swatter card centred on the origin, upright (the ghost's and the landing's shape):
 * its card, a mesh and a handle drawn on it.
 * @param {number} width
 * @param {number} length
 * @param {string} kind  "fly-ghost" or "fly-landed"
 */
function swatterPicture(width, length, kind) {
  const g = svg("g", { class: `fly-swatter ${kind}` });
  g.append(
    svg("rect", { class: "fly-swatter-card", x: -width / 2, y: -length / 2, width, height: length, rx: 0.06 }),
    svg("rect", { class: "fly-swatter-edge", x: -width / 2, y: -length / 2, width, height: length, rx: 0.06 }),
    svg("rect", { class: "fly-swatter-mesh", x: -width * 0.38, y: -length * 0.45, width: width * 0.76, height: length * 0.42, rx: 0.08 }),
    svg("line", { class: "fly-swatter-handle", x1: 0, y1: length * 0.1, x2: 0, y2: length * 0.44 }),
  );
  return g;
}

/**
 * Where a falling swatter is drawn: the point (x, y) moved just enough that the
 * swatter there, drawn `scale` times its size at any angle, lies inside the board's
 * view, so that it falls over the board and never over the words around it.  Any angle:
 * between two moments of the fall the angle turns and the size shrinks as the point
 * moves, and a bound that holds at both moments for every angle holds in between.
 * @param {number} x  @param {number} y  @param {number} scale
 * @param {number} width  @param {number} length  the swatter's size
 * @returns {[number, number]}
 */
function insideBoard(x, y, scale, width, length) {
  const half = (scale * Math.hypot(width, length)) / 2; // half its diagonal
  /** @param {number} v @param {number} lo @param {number} hi */
  const clamp = (v, lo, hi) => (lo > hi ? (lo + hi) / 2 : Math.min(Math.max(v, lo), hi));
  return [clamp(x, VIEW.x + half, VIEW.x + VIEW.width - half),
    clamp(y, VIEW.y + half, VIEW.y + VIEW.height - half)];
}

/**
 * A collected card in a pile: its fly's mark on its colour, named for screen readers.
 * @param {CardView} card
 */
function chip(card) {
  const paint = PAINT[card.colour ?? ""] ?? { fill: "#616161", dark: false };
  const made = h("span", { class: `fly-chip${paint.dark ? " fly-chip-dark" : ""}`, role: "img",
    "aria-label": cardName(card), title: cardName(card), "data-card": card.id },
  MARK[card.symbol ?? ""] ?? "?");
  // Through the style object: the page's policy refuses style attributes.
  made.style.background = paint.fill;
  return made;
}

// -- the table ----------------------------------------------------------------------------

/**
 * @param {HTMLElement} root
 * @param {TableContext} ctx
 * @returns {Table}
 */
export function createTable(root, ctx) {
  const prompt = h("p", { class: "fly-prompt", id: "fly-prompt", "aria-live": "polite" });
  const status = h("p", { class: "fly-status note" });
  const board = svg("svg", {
    // Room around the table for a swatter hanging over its edges (1.5 in at most).
    class: "fly-board", viewBox: `${VIEW.x} ${VIEW.y} ${VIEW.width} ${VIEW.height}`,
    role: "img", "aria-labelledby": "fly-board-title", "aria-describedby": "fly-hint",
  });
  const boardTitle = svg("title", { id: "fly-board-title" }, t("The table"));
  const cloth = svg("pattern", { id: "fly-cloth", width: 0.5, height: 0.5, patternUnits: "userSpaceOnUse" },
    svg("rect", { width: 0.5, height: 0.5, fill: "#f4f1ea" }),
    svg("rect", { width: 0.25, height: 0.25, fill: "#c0392b" }),
    svg("rect", { x: 0.25, y: 0.25, width: 0.25, height: 0.25, fill: "#c0392b" }));
  const places = svg("g", { class: "fly-places" });
  const cards = svg("g", { class: "fly-cards" });
  const story = svg("g", { class: "fly-story" });
  const ghost = svg("g", { class: "fly-ghost-at", "data-aim": "" });
  // The hint's rings lie over the ghost, so the flies under it stay in sight.
  const rings = svg("g", { class: "fly-hint-rings" });
  board.append(boardTitle, svg("defs", {}, cloth),
    // The box stands at the left of row 1: the cards slide toward it.
    svg("g", { class: "fly-box" },
      svg("rect", { x: -0.62, y: 0.05, width: 0.5, height: 2.9, rx: 0.05 }),
      svg("text", { x: -0.37, y: 1.5, transform: "rotate(-90 -0.37 1.5)" }, t("BOX"))),
    places, cards, story, ghost, rings);

  const hint = h("p", { class: "fly-hint", id: "fly-hint", "aria-live": "polite" });
  const turnBack = h("button", { type: "button", class: "fly-turn", "aria-label": t("Turn the swatter back (q)"),
    "aria-keyshortcuts": "q", title: t("Turn the swatter back (q, or the mouse wheel)") }, "↺");
  const turnOn = h("button", { type: "button", class: "fly-turn", "aria-label": t("Turn the swatter (e)"),
    "aria-keyshortcuts": "e", title: t("Turn the swatter (e, or the mouse wheel)") }, "↻");
  const dropButton = h("button", { type: "button", class: "primary fly-drop", "aria-keyshortcuts": "Enter" }, t("Drop"));
  const controls = h("div", { class: "fly-controls buttons", role: "group", "aria-label": t("Your swatter") },
    turnBack, turnOn, dropButton);
  const keys = h("p", { class: "fly-keys note" },
    // A legend of keys, each with its word (not a sentence: its pieces are labels).
    `${t("Keys:")} `, h("kbd", {}, "←↑↓→"), ` ${t("move")} · `, h("kbd", {}, "r"), "/", h("kbd", {}, "e"),
    ` ${t("turn")} · `, h("kbd", {}, "R"), "/", h("kbd", {}, "q"), ` ${t("turn back")} · `,
    h("kbd", {}, "Enter"), ` ${t("drop")} · `, h("kbd", {}, "Esc"), ` ${t("skip the story")}`);
  const piles = h("ul", { class: "fly-piles", "aria-label": t("The players' flies") });
  const lastLine = h("p", { class: "fly-last note" });
  fill(root, h("div", { class: "fly" },
    prompt, status,
    h("div", { class: "fly-layout" },
      h("div", { class: "fly-board-box" }, board, controls, hint, keys),
      // On a phone the piles scroll in their own box under the board (app.css,
      // .table-more), focusable so that keys can scroll it too.
      h("section", { class: "fly-aside table-more", "aria-labelledby": "fly-piles-title", tabindex: 0 },
        h("h2", { id: "fly-piles-title", class: "fly-title" }, t("Flies swatted")), piles, lastLine))));

  /** @type {FlyView | null} */
  let view = null;
  /** @type {Aim[]} the aims the server offers now (none when it is not this seat's drop) */
  let aims = [];
  /** @type {Aim | null} where the ghost rests */
  let aim = null;
  /** Where the person last put the ghost: kept across updates, snapped to the new aims. */
  let wanted = { x: TABLE_WIDTH / 2, y: 1.5, angle: 0 };
  /** An action sent and not yet answered: no second one meanwhile. */
  let waitingSince = -Infinity;
  /** The card pictures on the table now, by card id. */
  /** @type {Map<number, SVGGElement>} */
  let pictures = new Map();
  /** What a drop's story runs: to stop it when a newer update comes. */
  /** @type {Animation[]} */
  let running = [];
  /** @type {number[]} */
  let timers = [];

  /** @param {number} seat */
  const nameOf = (seat) => (seat === ctx.seat ? t("You") : ctx.names[seat] ?? t("Seat {seat}", { seat: seat + 1 }));

  // -- choosing the aim ------------------------------------------------------------------
  /** @param {Aim} chosen */
  function choose(chosen) {
    aim = chosen;
    wanted = { x: chosen.x, y: chosen.y, angle: chosen.angle };
    drawAim();
  }

  /**
   * The offered aim nearest to (x, y) at `angle` (at any angle if none is at that one).
   * @param {number} x  @param {number} y  @param {number} angle
   */
  function nearest(x, y, angle) {
    const same = aims.filter((a) => a.angle === angle);
    let best = null;
    let bestD = Infinity;
    for (const a of same.length > 0 ? same : aims) {
      const d = (a.x - x) ** 2 + (a.y - y) ** 2;
      if (d < bestD) { best = a; bestD = d; }
    }
    return best;
  }

  /** Turns the ghost to the next angle offered, clockwise (+1) or back (-1). @param {number} way */
  function turn(way) {
    if (aim === null) return false;
    const angles = [...new Set(aims.map((a) => a.angle))].sort((p, q) => p - q);
    const at = angles.indexOf(aim.angle);
    const next = angles[(at + way + angles.length) % angles.length];
    const found = next === undefined ? null : nearest(aim.x, aim.y, next);
    if (found !== null) choose(found);
    return true;
  }

  /** Moves the ghost to the next aim at its angle that way. @param {number} dx  @param {number} dy */
  function step(dx, dy) {
    if (aim === null) return false;
    const from = aim;
    let best = null;
    let bestCost = Infinity;
    for (const a of aims) {
      if (a.angle !== from.angle) continue;
      const along = (a.x - from.x) * dx + (a.y - from.y) * dy;
      const across = Math.abs((a.x - from.x) * dy - (a.y - from.y) * dx);
      if (along <= 0.01) continue;
      const cost = along + 3 * across;
      if (cost < bestCost) { best = a; bestCost = cost; }
    }
    if (best !== null) choose(best);
    return true;
  }

  /** @param {Event} [event] */
  function drop(event) {
    if (aim === null || performance.now() - waitingSince < 1500) return false;
    waitingSince = performance.now();
    ctx.act(aim.text, event);
    return true;
  }

  // -- pointer: drag with one finger or the mouse, turn with two fingers or the wheel ------
  /** @type {Map<number, DOMPoint>} */
  const pointers = new Map();
  /** The angle between two fingers when the ghost last turned. */
  let fingersAngle = 0;

  /** @param {PointerEvent} event */
  function onBoard(event) {
    const matrix = board.getScreenCTM();
    return matrix === null ? new DOMPoint(0, 0)
      : new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  }
  const fingers = () => {
    const [a, b] = [...pointers.values()];
    return a === undefined || b === undefined ? 0
      : (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  };

  board.addEventListener("pointerdown", (event) => {
    if (aim === null || event.button !== 0) return;
    event.preventDefault();
    stopStory(); // the person is aiming: the table as it is now, as at the terminal
    pointers.set(event.pointerId, onBoard(event));
    board.setPointerCapture(event.pointerId);
    if (pointers.size === 1) {
      const p = onBoard(event);
      const found = nearest(p.x, p.y, aim.angle);
      if (found !== null) choose(found);
    } else {
      fingersAngle = fingers();
    }
  });
  board.addEventListener("pointermove", (event) => {
    if (aim === null || !pointers.has(event.pointerId)) return;
    const p = onBoard(event);
    pointers.set(event.pointerId, p);
    if (pointers.size === 1) {
      const found = nearest(p.x, p.y, aim.angle);
      if (found !== null && found !== aim) choose(found);
      return;
    }
    // Two fingers: every 20 degrees they turn, the ghost turns to the next angle.
    let turned = fingers() - fingersAngle;
    turned = ((turned + 540) % 360) - 180;
    if (Math.abs(turned) >= 20) {
      turn(turned > 0 ? 1 : -1);
      fingersAngle = fingers();
    }
  });
  /** @param {PointerEvent} event */
  const lift = (event) => { pointers.delete(event.pointerId); };
  board.addEventListener("pointerup", lift);
  board.addEventListener("pointercancel", lift);

  let wheeled = 0;
  board.addEventListener("wheel", (event) => {
    if (aim === null) return;
    event.preventDefault();
    // A mouse's notch is about 100; a touchpad's small steps add up to one.
    wheeled += event.deltaY + event.deltaX;
    if (Math.abs(wheeled) >= 80) {
      turn(wheeled > 0 ? 1 : -1);
      wheeled = 0;
    }
  }, { passive: false });

  turnBack.addEventListener("click", () => turn(-1));
  turnOn.addEventListener("click", () => turn(1));
  dropButton.addEventListener("click", (event) => drop(event));

  onTableKey(root, (key, event) => {
    if (key === "Escape" && story.firstChild !== null) {
      stopStory(); // the table as it is now
      return true;
    }
    if (aim === null) return false;
    // Aiming cuts the story of the last drop short, as at the terminal.
    if (AIM_KEYS.has(key)) stopStory();
    switch (key) {
      case "ArrowLeft": return step(-1, 0);
      case "ArrowRight": return step(1, 0);
      case "ArrowUp": return step(0, -1);
      case "ArrowDown": return step(0, 1);
      case "r": case "e": return turn(1);
      case "R": case "q": return turn(-1);
      case "Enter": case " ": return event.repeat ? true : drop(event);
      default: return false;
    }
  });

  // -- drawing -----------------------------------------------------------------------------
  /** Words for an angle. @param {number} angle */
  function angleWords(angle) {
    if (angle === 0) return t("upright");
    if (angle === 90) return t("across the row");
    return t("turned {angle}°", { angle });
  }

  /** Where an aim is, in a person's words: the card place under its centre. @param {Aim} a */
  function placeWords(a) {
    const column = Math.min(COLUMNS, Math.floor(a.x / CARD_WIDTH) + 1);
    const row = Math.floor(a.y / CARD_HEIGHT) + 1;
    return t("row {row}, card {column}", { row, column });
  }

  /** The ghost at the aim, the flies it would cover lit, the hint and the Drop button. */
  function drawAim() {
    const v = view;
    for (const picture of pictures.values()) picture.classList.remove("fly-hinted");
    if (v === null || aim === null) {
      fill(ghost);
      fill(rings);
      ghost.dataset.aim = "";
      board.dataset.hinted = "0";
      hint.textContent = "";
      dropButton.disabled = true;
      dropButton.removeAttribute("data-action");
      dropButton.setAttribute("aria-label", t("Drop the swatter (when it is your turn)"));
      return;
    }
    if (ghost.firstChild === null) ghost.append(swatterPicture(v.swatter.width, v.swatter.length, "fly-ghost"));
    ghost.setAttribute("transform", `translate(${aim.x} ${aim.y}) rotate(${aim.angle})`);
    ghost.dataset.aim = aim.text;
    ghost.dataset.angle = String(aim.angle);
    const covered = coveredBy(aim, v);
    for (const card of covered) pictures.get(card.id)?.classList.add("fly-hinted");
    fill(rings, covered.map((card) => svg("circle", { class: "fly-hint-ring",
      cx: card.fly?.[0] ?? 0, cy: card.fly?.[1] ?? 0, r: v.fly_diameter / 2 + 0.08 })));
    board.dataset.hinted = String(covered.length);
    const steady = v.flutter.sigma_pos === 0 && v.flutter.sigma_angle === 0;
    const where = { place: placeWords(aim), angle: angleWords(aim.angle) };
    const cards = listed(covered.map(cardName));
    hint.textContent = covered.length === 0
      ? t("Aim: {place}, {angle}. It covers no fly completely there.", where)
      : steady ? t("Aim: {place}, {angle}. It covers {cards}.", { ...where, cards })
        : t("Aim: {place}, {angle}. It covers {cards} if it lands true: it flutters as it falls.",
          { ...where, cards });
    dropButton.disabled = false;
    dropButton.dataset.action = aim.text;
    dropButton.setAttribute("aria-label", t("Drop the swatter: {place}, {angle}", where));
  }

  /** The cards as the view has them, each at its place, and the places left empty. @param {FlyView} v */
  function drawTable(v) {
    pictures = new Map();
    const filled = new Set(v.table.map((c) => c.slot));
    fill(places, Array.from({ length: COLUMNS * 3 }, (_, slot) => {
      if (filled.has(slot)) return null;
      const [x, y] = origin(slot);
      return svg("rect", { class: "fly-empty", x: x + 0.04, y: y + 0.04, width: CARD_WIDTH - 0.08,
        height: CARD_HEIGHT - 0.08, rx: 0.06 });
    }));
    fill(cards, v.table.map((card) => {
      const picture = cardPicture(card, v.fly_diameter);
      const [x, y] = origin(card.slot);
      picture.style.transform = `translate(${x}px, ${y}px)`;
      pictures.set(card.id, picture);
      return picture;
    }));
    const flies = v.table.filter((c) => !c.blank);
    boardTitle.textContent = t("The table: {cards}, {flies}: {names}", {
      cards: tn("{n} card", "{n} cards", v.table.length),
      flies: tn("{n} fly", "{n} flies", flies.length), names: flies.map(cardName).join(", ") });
  }

  /** Every seat's pile and points, the swatter's holder marked. @param {FlyView} v */
  function drawPiles(v) {
    const holder = v.phase === "over" ? null : v.current;
    fill(piles, v.collected.map((mine, seat) => h("li", {
      class: `fly-seat${seat === holder ? " fly-holder" : ""}`, "data-seat": seat },
    h("div", { class: "fly-seat-head" },
      h("span", { class: "fly-mark-turn", "aria-hidden": "true" }, seat === holder ? "▶" : ""),
      h("span", { class: "fly-who" }, nameOf(seat)),
      seat === holder ? h("span", { class: "fly-holds" },
        seat === ctx.seat ? t("you hold the swatter") : t("holds the swatter")) : null,
      h("span", { class: "fly-score" },
        `${tn("{n} point", "{n} points", v.scores[seat] ?? 0)} · ${tn("{n} fly", "{n} flies", mine.length)}`)),
    h("div", { class: "fly-pile", "data-pile": seat }, mine.map(chip)))));
  }

  /** @param {FlyView} v  @param {boolean} mine */
  function promptText(v, mine) {
    if (v.phase === "over") {
      const out = v.outcome;
      if (out === undefined) return t("The game is over.");
      if (out.reason === "cap") return t("The safety cap on drops ended the game.");
      if (out.winners.length === 1 && out.winners[0] === ctx.seat) {
        return t("Only the two blank cards are left: you win!");
      }
      const winners = out.winners.map(nameOf);
      const named = winners.length <= 1 ? winners.join("")
        : t("{cards} and {card}", { cards: winners.slice(0, -1).join(", "), card: winners[winners.length - 1] });
      return tn("Only the two blank cards are left: {names} wins!",
        "Only the two blank cards are left: {names} win!", winners.length, { names: named });
    }
    if (mine) return t("Your drop: drag the swatter over the flies (or use the arrow keys), turn it, then drop it.");
    if (ctx.seat === null) return t("{name} holds the swatter. You are watching.", { name: nameOf(v.current) });
    return v.current === ctx.seat ? t("You hold the swatter.")
      : t("{name} holds the swatter.", { name: nameOf(v.current) });
  }

  /** The last drop, in words. @param {FlyView} v */
  function lastWords(v) {
    const last = v.last_drop;
    if (last === null) return "";
    const byId = new Map(v.collected.flat().map((c) => [c.id, c]));
    const names = last.covered.map((id) => { const c = byId.get(id); return c === undefined ? t("card {id}", { id }) : cardName(c); });
    const who = nameOf(last.seat);
    return names.length === 0 ? t("Last drop: {name} covered no fly completely.", { name: who })
      : t("Last drop: {name} swatted {cards}.", { name: who, cards: listed(names) });
  }

  // -- a drop's story ---------------------------------------------------------------------
  function stopStory() {
    for (const animation of running) animation.cancel();
    for (const timer of timers) window.clearTimeout(timer);
    running = [];
    timers = [];
    fill(story);
    cards.style.visibility = "";
    for (const picture of pictures.values()) picture.classList.remove("fly-moving");
    for (const c of piles.querySelectorAll(".fly-new")) c.classList.remove("fly-new");
    board.classList.remove("fly-telling");
  }

  /**
   * @param {Element} element
   * @param {Keyframe[]} frames
   * @param {KeyframeAnimationOptions} timing
   */
  function play(element, frames, timing) {
    const animation = element.animate(frames, { fill: "both", easing: "ease-in-out", ...timing });
    running.push(animation);
    return animation;
  }

  /** @param {() => void} then  @param {number} ms */
  function later(then, ms) {
    timers.push(window.setTimeout(then, ms));
  }

  /**
   * The point on the board at the middle of a seat's pile (the collected cards fly there).
   * @param {number} seat
   */
  function pileOnBoard(seat) {
    const pile = piles.querySelector(`[data-pile="${seat}"]`);
    const matrix = board.getScreenCTM();
    if (pile === null || matrix === null) return new DOMPoint(TABLE_WIDTH + 1, TABLE_LENGTH / 2);
    const box = pile.getBoundingClientRect();
    return new DOMPoint(box.left + Math.min(box.width, 40) / 2, box.top + box.height / 2)
      .matrixTransform(matrix.inverse());
  }

  /**
   * Tells the last drop over the table as it is now: the swatter falls and flutters to
   * where it landed, the covered flies light up, their cards fly to the pile, and the
   * cards that moved close the table up from where they lay.
   * @param {FlyView} v
   */
  function tellDrop(v) {
    const last = v.last_drop;
    if (last === null) return;
    const quiet = lessMotion();
    board.classList.add("fly-telling");
    const land = last.landing;
    const swatter = swatterPicture(v.swatter.width, v.swatter.length, "fly-landed");
    swatter.classList.add("fly-falling");
    story.append(swatter);
    const at = `translate(${land.x}px, ${land.y}px) rotate(${land.angle}deg)`;
    swatter.style.transform = at;
    const lit = new Set(last.covered);
    // The covered cards, where they lay when the swatter landed (they are off the table now).
    const cardOf = new Map(v.collected.flat().map((c) => [c.id, c]));
    const taken = last.before.flatMap((id, slot) => {
      const card = cardOf.get(id);
      if (!lit.has(id) || card === undefined) return [];
      const picture = cardPicture(card, v.fly_diameter);
      const [x, y] = origin(slot);
      picture.style.transform = `translate(${x}px, ${y}px)`;
      picture.classList.add("fly-taken");
      story.insertBefore(picture, swatter);
      return [{ picture, x, y }];
    });
    const newChips = last.covered.map((id) => piles.querySelector(`[data-pile="${last.seat}"] [data-card="${id}"]`))
      .filter((e) => e !== null);
    const told = FALL_MS + LIT_MS + GATHER_MS;
    if (quiet) {
      // No motion: the table as the swatter landed on it, the covered flies lit, for a
      // moment; then the table as it is now.
      for (const t of taken) t.picture.classList.add("fly-lit");
      for (const c of newChips) c.classList.add("fly-new");
      const onTable = new Map(v.table.map((c) => [c.id, c]));
      last.before.forEach((id, slot) => {
        const card = onTable.get(id);
        if (card === undefined) return;
        const picture = cardPicture(card, v.fly_diameter);
        const [x, y] = origin(slot);
        picture.style.transform = `translate(${x}px, ${y}px)`;
        story.insertBefore(picture, swatter);
      });
      cards.style.visibility = "hidden";
      later(() => stopStory(), told);
      return;
    }
    // The fall: from above and off to one side, fluttering, to the landing; it stays
    // while the flies light up, and fades as their cards are taken.
    const drift = Math.max(0.3, v.flutter.sigma_pos * 2);
    const twist = Math.max(12, v.flutter.sigma_angle);
    const landed = FALL_MS / told;
    /**
     * A moment of the fall: the swatter off its landing by (dx, dy), turned by `dangle`
     * more and `scale` times its size (nearer the eye), kept over the board.
     * @param {number} dx @param {number} dy @param {number} dangle @param {number} scale
     */
    const falling = (dx, dy, dangle, scale) => {
      const angle = land.angle + dangle;
      const [x, y] = insideBoard(land.x + dx, land.y + dy, scale, v.swatter.width, v.swatter.length);
      return `translate(${x}px, ${y}px) rotate(${angle}deg) scale(${scale})`;
    };
    play(swatter, [
      { transform: falling(-drift, -drift * 2, -twist, 1.5), opacity: 0.15 },
      { offset: landed * 0.35, transform: falling(drift, -drift, twist * 0.6, 1.3), opacity: 0.45 },
      { offset: landed * 0.7, transform: falling(-drift * 0.3, -drift * 0.2, -twist * 0.25, 1.08), opacity: 0.7 },
      { offset: landed, transform: at, opacity: 0.85 },
      { offset: (FALL_MS + LIT_MS) / told, transform: at, opacity: 0.85 },
      { transform: at, opacity: 0 },
    ], { duration: told, easing: "linear" });
    later(() => { for (const t of taken) t.picture.classList.add("fly-lit"); }, FALL_MS);
    // The covered cards fly to the player's pile; their chips arrive there.
    const pile = pileOnBoard(last.seat);
    taken.forEach((t, i) => {
      play(t.picture, [
        { transform: `translate(${t.x}px, ${t.y}px) scale(1)`, opacity: 1 },
        { transform: `translate(${pile.x - 0.1}px, ${pile.y - 0.3}px) scale(0.2)`, opacity: 0.2 },
      ], { delay: FALL_MS + LIT_MS + i * 90, duration: GATHER_MS, easing: "ease-in" });
    });
    for (const c of newChips) {
      c.classList.add("fly-new");
      play(c, [{ transform: "scale(0.2)", opacity: 0 }, { transform: "scale(1)", opacity: 1 }],
        { delay: told * 0.9, duration: 300 });
    }
    // The table closes up: each card that moved goes from where it lay, through each of
    // its moves in turn (a card may slide, then move up), to where it lies now.
    const closeAt = FALL_MS + LIT_MS + GATHER_MS * 0.6;
    /** @type {Map<number, {first: number, stops: string[]}>} */
    const paths = new Map();
    last.moves.forEach((move, i) => {
      const [fromRow = 0, fromCol = 0] = move.from;
      const [toRow = 0, toCol = 0] = move.to;
      const path = paths.get(move.card)
        ?? { first: i, stops: [`translate(${fromCol * CARD_WIDTH}px, ${fromRow * CARD_HEIGHT}px)`] };
      path.stops.push(`translate(${toCol * CARD_WIDTH}px, ${toRow * CARD_HEIGHT}px)`);
      paths.set(move.card, path);
    });
    let end = told;
    for (const [card, path] of paths) {
      const picture = pictures.get(card);
      if (picture === undefined) continue;
      const delay = closeAt + path.first * MOVE_GAP_MS;
      later(() => picture.classList.add("fly-moving"), delay);
      const duration = MOVE_MS * (path.stops.length - 1);
      play(picture, path.stops.map((transform) => ({ transform })), { delay, duration });
      end = Math.max(end, delay + duration);
    }
    later(() => stopStory(), end + 150);
  }

  return {
    /** @param {Update} update */
    update(update) {
      const v = /** @type {FlyView} */ (/** @type {unknown} */ (update.view));
      view = v;
      waitingSince = -Infinity;
      stopStory();
      const mine = ctx.seat !== null && update.acting.seats.includes(ctx.seat)
        && update.legal_count > 0 && v.phase === "aim";
      aims = mine ? aimsOf(update) : [];
      aim = aims.length > 0 ? nearest(wanted.x, wanted.y, wanted.angle) : null;
      root.dataset.phase = v.phase;
      board.classList.toggle("fly-aiming", aim !== null);
      controls.hidden = aim === null;
      hint.hidden = aim === null;
      keys.hidden = aim === null;
      const flies = v.table.filter((c) => !c.blank).length;
      prompt.textContent = promptText(v, aim !== null);
      status.textContent = `${tn("{n} drop so far", "{n} drops so far", v.drops)} · `
        + tn("{n} fly on the table", "{n} flies on the table", flies);
      drawTable(v);
      drawPiles(v);
      lastLine.textContent = lastWords(v);
      drawAim();
      if (!update.fresh && update.events.some((e) => e.event === "SwatterLanded")) tellDrop(v);
    },
  };
}
