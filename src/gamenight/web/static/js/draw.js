// Drawings: small inline SVG pictures made here, in the page (nothing fetched, no markup
// parsed: every element is made with createElementNS, and any text is a text node).
//
// Generic pieces only, which any table may use: an insect (a housefly) in a colour, a die with its pips, a
// letter tile, a swatter, and the shapes that stand beside a colour so that colour is
// never the only signal (which shape goes with which colour is the table's choice,
// keyed by the colour names its game's facts give).
//
// A picture is either a named image (`role="img"` and an `aria-label`: pass `label`) or
// decoration beside words that say the same (`aria-hidden`: leave `label` out).

const NS = "http://www.w3.org/2000/svg";

/**
 * @typedef {Record<string, string | number | null | undefined>} SvgAttrs
 * @typedef {{label?: string, className?: string}} PictureOptions
 */

/**
 * An SVG element `tag` with `attrs` (null or undefined leave one out) and `children`
 * (a string becomes a text node).
 * @param {string} tag @param {SvgAttrs} [attrs] @param {...(SVGElement | string | null)} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs = {}, ...children) {
  const element = /** @type {SVGElement} */ (document.createElementNS(NS, tag));
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    element.setAttribute(name, String(value));
  }
  for (const child of children) {
    if (child !== null) element.append(child);
  }
  return element;
}

/**
 * A whole picture: an `<svg>` of `viewBox` with `children`; named when `label` is given,
 * else hidden from screen readers (decoration beside words).
 * @param {string} viewBox @param {PictureOptions} options
 * @param {...(SVGElement | null)} children
 * @returns {SVGSVGElement}
 */
export function picture(viewBox, options, ...children) {
  const { label, className } = options;
  const root = /** @type {SVGSVGElement} */ (svg("svg", {
    viewBox, class: className, focusable: "false",
    role: label ? "img" : null, "aria-label": label ?? null, "aria-hidden": label ? null : "true",
  }, ...children));
  return root;
}

const INK = "#1b1b1b";

/**
 * An insect (a housefly) seen from above: two wings, a body in `fill`, a head with two big eyes, six legs.
 * @param {string} fill the body's colour (any CSS colour)
 * @param {PictureOptions} [options]
 */
export function insect(fill, options = {}) {
  /** @type {SVGElement[]} */
  const legs = [];
  for (const [x1, y1, x2, y2] of [[17, 20, 9, 17], [17, 24, 8, 25], [17, 27, 10, 33],
    [23, 20, 31, 17], [23, 24, 32, 25], [23, 27, 30, 33]]) {
    legs.push(svg("line", { x1, y1, x2, y2, stroke: INK, "stroke-width": 1.4,
      "stroke-linecap": "round" }));
  }
  return picture("0 0 40 40", { ...options, className: `draw-insect ${options.className ?? ""}`.trim() },
    ...legs,
    svg("ellipse", { class: "draw-wing", cx: 12, cy: 21, rx: 10, ry: 5.5,
      transform: "rotate(-30 12 21)", fill: "#e3f2fd", "fill-opacity": 0.85,
      stroke: INK, "stroke-width": 1.2 }),
    svg("ellipse", { class: "draw-wing", cx: 28, cy: 21, rx: 10, ry: 5.5,
      transform: "rotate(30 28 21)", fill: "#e3f2fd", "fill-opacity": 0.85,
      stroke: INK, "stroke-width": 1.2 }),
    svg("ellipse", { class: "draw-body", cx: 20, cy: 25, rx: 5.5, ry: 10, fill,
      stroke: INK, "stroke-width": 1.5 }),
    svg("path", { d: "M15.5 24h9M15.5 28h9", stroke: INK, "stroke-width": 1, fill: "none",
      "stroke-opacity": 0.6 }),
    svg("circle", { class: "draw-head", cx: 20, cy: 12.5, r: 4.5, fill: INK }),
    svg("circle", { class: "draw-eye", cx: 16.8, cy: 10.5, r: 3, fill: "#c62828",
      stroke: INK, "stroke-width": 0.8 }),
    svg("circle", { class: "draw-eye", cx: 23.2, cy: 10.5, r: 3, fill: "#c62828",
      stroke: INK, "stroke-width": 0.8 }));
}

/** Where a die's pips lie, by face (on a 0-24 square). */
const PIPS = /** @type {Record<number, [number, number][]>} */ ({
  1: [[12, 12]],
  2: [[6.5, 6.5], [17.5, 17.5]],
  3: [[6.5, 6.5], [12, 12], [17.5, 17.5]],
  4: [[6.5, 6.5], [17.5, 6.5], [6.5, 17.5], [17.5, 17.5]],
  5: [[6.5, 6.5], [17.5, 6.5], [12, 12], [6.5, 17.5], [17.5, 17.5]],
  6: [[6.5, 6], [17.5, 6], [6.5, 12], [17.5, 12], [6.5, 18], [17.5, 18]],
});

/**
 * A die showing `face`: its pips (a face without pips, its number).
 * @param {number} face @param {PictureOptions} [options]
 */
export function die(face, options = {}) {
  const pips = PIPS[face];
  return picture("0 0 24 24", { ...options, className: `draw-die ${options.className ?? ""}`.trim() },
    svg("rect", { x: 1, y: 1, width: 22, height: 22, rx: 4.5, fill: "#ffffff", stroke: INK,
      "stroke-width": 1.6 }),
    ...(pips ? pips.map(([cx, cy]) => svg("circle", { class: "draw-pip", cx, cy, r: 2.3, fill: INK }))
      : [svg("text", { x: 12, y: 16.5, "text-anchor": "middle", "font-size": 13,
        "font-weight": 700, fill: INK }, String(face))]));
}

/** The shapes a table may set beside a colour. */
export const SHAPES = /** @type {const} */ (["circle", "square", "triangle", "diamond", "star", "hexagon"]);
/** @typedef {typeof SHAPES[number]} Shape */

/**
 * How a colour is drawn, by its plain name (the names the games' facts give): the fill,
 * and the shape that goes beside it so that colour is never the only signal.  The one
 * table of colours every table shares; a colour not listed is drawn grey with no shape.
 * @type {Record<string, {fill: string, shape: Shape}>}
 */
export const COLOUR_LOOKS = {
  red: { fill: "#c62828", shape: "triangle" },
  orange: { fill: "#ef6c00", shape: "diamond" },
  yellow: { fill: "#fdd835", shape: "star" },
  green: { fill: "#2e7d32", shape: "square" },
  blue: { fill: "#1565c0", shape: "circle" },
  purple: { fill: "#6a1b9a", shape: "hexagon" },
};

/**
 * The outline of `shape` on a 0-24 square, as a path.
 * @param {Shape} shape @returns {string}
 */
function shapePath(shape) {
  switch (shape) {
    case "circle": return "M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18z";
    case "square": return "M4 4h16v16h-16z";
    case "triangle": return "M12 2.5l10 18h-20z";
    case "diamond": return "M12 1.5l10 10.5l-10 10.5l-10-10.5z";
    case "hexagon": return "M7 3h10l5 9l-5 9h-10l-5-9z";
    case "star": {
      const points = [];
      for (let i = 0; i < 10; i += 1) {
        const r = i % 2 === 0 ? 11 : 4.6;
        const angle = (Math.PI / 5) * i - Math.PI / 2;
        points.push(`${(12 + r * Math.cos(angle)).toFixed(2)} ${(12.5 + r * Math.sin(angle)).toFixed(2)}`);
      }
      return `M${points.join("L")}z`;
    }
    default: return "";
  }
}

/**
 * A shape, filled with `fill` (by default the ink) and outlined in the ink; set beside a
 * colour so that colour is never the only signal.
 * @param {Shape} shape @param {PictureOptions & {fill?: string}} [options]
 */
export function symbol(shape, options = {}) {
  return picture("0 0 24 24", { ...options, className: `draw-symbol ${options.className ?? ""}`.trim() },
    svg("path", { d: shapePath(shape), fill: options.fill ?? INK, stroke: INK,
      "stroke-width": 1.5, "stroke-linejoin": "round", "data-shape": shape }));
}

/**
 * A swatter (for flies): a netted head on a handle, in `fill`.
 * @param {string} fill @param {PictureOptions} [options]
 */
export function swatter(fill, options = {}) {
  /** @type {SVGElement[]} */
  const net = [];
  for (let i = 1; i < 4; i += 1) {
    net.push(svg("path", { d: `M${5 + 3.5 * i} 3v13M5 ${3 + 3.25 * i}h14`, stroke: INK,
      "stroke-width": 0.7, "stroke-opacity": 0.55 }));
  }
  return picture("0 0 24 32", { ...options, className: `draw-swatter ${options.className ?? ""}`.trim() },
    svg("rect", { class: "draw-handle", x: 10.5, y: 15, width: 3, height: 16, rx: 1.5, fill: INK,
      stroke: INK, "stroke-width": 0.8 }),
    svg("rect", { x: 5, y: 3, width: 14, height: 13, rx: 3, fill, stroke: INK, "stroke-width": 1.5 }),
    ...net);
}

/**
 * A letter tile: a square with `letter` in the middle and, where given, a small number in
 * its corner.
 * @param {string} letter @param {PictureOptions & {corner?: string}} [options]
 */
export function tile(letter, options = {}) {
  return picture("0 0 32 32", { ...options, className: `draw-tile ${options.className ?? ""}`.trim() },
    svg("rect", { x: 1.5, y: 1.5, width: 29, height: 29, rx: 4, fill: "#f7e7c1", stroke: "#6d4c2f",
      "stroke-width": 1.8 }),
    svg("text", { x: options.corner ? 14.5 : 16, y: options.corner ? 20.5 : 22.5, "text-anchor": "middle",
      "font-size": letter.length > 1 ? 9 : 17, "font-weight": 800, fill: INK,
      "font-family": "system-ui, sans-serif" }, letter),
    options.corner ? svg("text", { x: 28.5, y: 28.5, "text-anchor": "end", "font-size": 9,
      "font-weight": 700, fill: INK, "font-family": "system-ui, sans-serif" }, options.corner) : null);
}
