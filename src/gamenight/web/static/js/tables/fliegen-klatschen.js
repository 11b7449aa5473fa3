// @ts-check
/**
 * The Fliegen klatschen table in the browser.
 *
 * Everything drawn comes from the latest update: the seat's view (`views.py`: piles, won
 * flies, the centre, the card turned last, the hunt and its hands), who acts, the seat's
 * legal actions, the events (what to animate: a hand landing, a fly won, a wrong slap's
 * penalty), and the hunt told in words (the update's `told`: its story, and each seat's
 * news of it, "+ red 3", in the page's language).  The table never works out a rule: it
 * never marks which colours may be hit (seeing the leading colour fast is the game), it
 * composes no sentence of the rules' results (the server tells them), and what a click
 * does is always one of `update.legal`: the slap of a fly is the legal action that
 * `update.refers` says refers to its card, never a text composed here.
 *
 * Timing is the shell's: a slap is made on `pointerdown` (or the key's `keydown`) and the
 * input event goes to `ctx.act`, which sends the window and the reaction measured from the
 * frame that painted the hunt.  So nothing that shows a card may be delayed by an
 * animation: a card appears whole on the frame its update is drawn, and only decorations
 * (a ring, a hand popping down) move afterwards.
 *
 * Its looks are static/css/fliegen-klatschen.css, which the page links with the module
 * (tables/index.js).
 *
 * Keys, as at the terminal table: space or Enter reveals the top card of your pile; in a
 * hunt 1-9, then a-z (not p or q), then A-Z slap the centre's flies in order; p passes.
 */

import { h } from "../dom.js";
import { COLOUR_LOOKS, insect, swatter, symbol } from "../draw.js";
import { onTableKey } from "../keys.js";
import { namedSeats } from "../log.js";
import { onPress } from "../press.js";
import { t, tn, word } from "../i18n.js";

/** @typedef {import("../types/protocol").Update} Update */
/** @typedef {import("../table.js").TableContext} TableContext */
/** @typedef {import("../table.js").Table} Table */

/**
 * The view and the events, generated from views.py and events.py
 * (types/fliegen-klatschen.d.ts): a seat's view (`seat` a number, with `my_won`) or a
 * spectator's (`seat` null), and the events as the update carries them.
 * @typedef {import("../types/fliegen-klatschen").View} FliegenKlatschenView
 * @typedef {import("../types/fliegen-klatschen").Event} FkEvent
 * @typedef {import("../types/fliegen-klatschen").FlyCard} FlyCard
 * @typedef {import("../types/fliegen-klatschen").SwatterCard} SwatterCard
 * @typedef {import("../types/fliegen-klatschen").Hand} Hand
 * @typedef {FlyCard | SwatterCard} Card
 * @typedef {FlyCard["colour"]} Colour
 */
/**
 * The hunt told in words to this seat, beside the view (the update's `told`), the
 * kinds of verdict it gives a hand, and each seat's news of it.
 * @typedef {import("../types/fliegen-klatschen").Told} FkTold
 * @typedef {import("../types/fliegen-klatschen").VerdictView["kind"]} VerdictKind
 * @typedef {import("../types/fliegen-klatschen").NewsView} NewsView
 */

/**
 * How a verdict looks: a fly won as a seat's win is drawn, a penalty as its penalty.
 * @type {Record<VerdictKind, string>}
 */
const VERDICT_LOOKS = {
  "won": " fk-news-win",
  "penalty": " fk-news-penalty",
  "penalty-nothing": " fk-news-penalty",
  "underneath": "",
};

/**
 * How a seat's news looks: a fly won as a win, a penalty (with a fly lost or none) as a
 * penalty; a seat told both, as both ("mixed").
 * @type {Record<NewsView["kind"], "win" | "penalty">}
 */
const NEWS_LOOKS = {
  "won": "win",
  "penalty": "penalty",
  "penalty-nothing": "penalty",
};

/**
 * A colour's letter: with the pattern, what tells colours apart without seeing colour.
 * @param {string} colour
 */
const letterOf = (colour) => colour.charAt(0).toUpperCase();

/** The slap keys of the centre's flies in order, as at the terminal table (p and q free). */
const LETTERS = "abcdefghijklmnorstuvwxyz";
const KEY_LABELS = [..."123456789", ...LETTERS, ...LETTERS.toUpperCase()];

const SVG = "http://www.w3.org/2000/svg";

/**
 * A new element with a class and, optionally, its text (always as text: names are never markup).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {string} className @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, className, text) {
  return h(tag, {class: className}, text);
}

/** How each colour is drawn: the one table every table shares (draw.js). */
const LOOKS = COLOUR_LOOKS;

/** @param {string} colour @returns {SVGSVGElement | null} the colour's shape (decoration) */
function shapeOf(colour) {
  const look = LOOKS[colour];
  return look ? symbol(look.shape, { className: "fk-symbol" }) : null;
}

/** The fly drawn in its colour (decoration: the card's words say what it is). @param {string} colour */
function flyIcon(colour) {
  return insect(LOOKS[colour]?.fill ?? "#9e9e9e", { className: "fk-icon fk-fly-art" });
}

/** A swatter drawn (decoration). */
function swatterIcon() {
  return swatter("#ffffff", { className: "fk-icon" });
}

/** A flat hand drawn inline (decoration: the text beside it names whose it is). */
function handIcon() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("class", "fk-hand-icon");
  svg.setAttribute("aria-hidden", "true");
  // A palm, four fingers and a thumb.
  const parts = [[5, 9, 10, 9, 3], [5, 2, 2.2, 9, 1.1], [7.7, 1, 2.2, 10, 1.1],
    [10.4, 1.5, 2.2, 9.5, 1.1], [13.1, 3, 2, 8, 1], [1.5, 8, 5, 2.4, 1.2]];
  for (const [x, y, width, height, r] of parts) {
    const part = document.createElementNS(SVG, "rect");
    part.setAttribute("x", String(x));
    part.setAttribute("y", String(y));
    part.setAttribute("width", String(width));
    part.setAttribute("height", String(height));
    part.setAttribute("rx", String(r));
    part.setAttribute("transform", x === 1.5 ? "rotate(35 4 9)" : "");
    svg.append(part);
  }
  return svg;
}

/**
 * A time in whole milliseconds as the log writes it (Python's "{:.0f}": a half goes to
 * the even number), so the story and the log agree.
 * @param {number} time @returns {string}
 */
function ms(time) {
  const down = Math.floor(time);
  const rest = time - down;
  return `${rest > 0.5 || (rest === 0.5 && down % 2 === 1) ? down + 1 : down} ms`;
}

/**
 * @param {Card} card @returns {string} "red 3" or "swatter", as the game names cards, in
 * the page's language (the English is the message: games/fliegen_klatschen/terms.py).
 */
function cardName(card) {
  return card.kind === "swatter" ? t("swatter") : word(`${card.colour} {value}`, { value: card.value });
}

/**
 * A card's face: its colour as a colour AND a pattern AND a letter, and its value.
 * @param {HTMLElement} node the element to fill (a button for a centre fly)
 * @param {Card} card
 */
function paintFace(node, card) {
  node.classList.add("fk-card");
  node.replaceChildren();
  if (card.kind === "swatter") {
    node.classList.add("fk-swatter");
    node.append(swatterIcon(), el("span", "fk-label", t("SWATTER")));
    return;
  }
  node.classList.add(`fk-${card.colour}`);
  node.dataset.colour = card.colour;
  const colour = el("span", "fk-label");
  colour.append(el("b", "fk-letter", letterOf(card.colour)), ` ${word(card.colour)}`);
  // The colour's shape in the card's corner, white on the colour.
  const shape = LOOKS[card.colour]
    ? symbol(LOOKS[card.colour].shape, { className: "fk-symbol fk-corner", fill: "#ffffff" }) : null;
  node.append(el("span", "fk-value", String(card.value)), flyIcon(card.colour), colour);
  if (shape) node.append(shape);
}

/** @param {Card} card @returns {HTMLElement} a small chip: "R3" on its colour and pattern. */
function chip(card) {
  const node = el("span", "fk-chip");
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", cardName(card));
  node.title = cardName(card);
  if (card.kind === "swatter") {
    node.classList.add("fk-swatter");
    // Translators: the swatter card's face on a small chip, two letters.
    node.textContent = t("SW");
  } else {
    node.classList.add(`fk-${card.colour}`);
    const text = el("span", "fk-chip-text", `${letterOf(card.colour)}${card.value}`);
    const shape = shapeOf(card.colour);
    if (shape) text.prepend(shape);
    node.append(text);
  }
  return node;
}

/**
 * @param {HTMLElement} root where the table is drawn (the room page's table area)
 * @param {TableContext} ctx the seat, the names, and `act`
 * @returns {Table}
 */
export function createTable(root, ctx) {
  root.replaceChildren();
  const table = el("section", "fk");
  table.setAttribute("aria-label", t("Fliegen klatschen table"));

  // Not a live region: the page's log already reads each reveal and slap out.
  const status = el("p", "fk-status");

  const seats = el("ol", "fk-seats");
  seats.setAttribute("aria-label", t("Players"));

  const middle = el("div", "fk-middle");
  const reveal = el("div", "fk-reveal");
  const revealWho = el("p", "fk-reveal-who");
  const revealCard = el("div", "fk-reveal-card");
  reveal.append(revealWho, revealCard);

  const actions = el("div", "fk-actions");
  const revealButton = el("button", "primary fk-button fk-reveal-button");
  revealButton.type = "button";
  revealButton.append(`${t("Reveal")} `, el("kbd", "", t("space")));
  revealButton.setAttribute("aria-keyshortcuts", "Space Enter");
  const passButton = el("button", "fk-button fk-pass-button");
  passButton.type = "button";
  passButton.append(`${t("Pass")} `, el("kbd", "", "p"));
  passButton.setAttribute("aria-keyshortcuts", "P");
  actions.append(revealButton, passButton);
  middle.append(reveal, actions);

  const countdown = el("div", "fk-countdown");
  const bar = el("div", "fk-bar");
  const fill = el("div", "fk-bar-fill");
  bar.append(fill);
  // The seconds left are the shell's countdown (role timer); this bar shows the same
  // time running out beside the centre, for the eye only.
  bar.setAttribute("aria-hidden", "true");
  countdown.append(el("b", "fk-hunt-word", t("HUNT!")), bar);

  const centreBox = el("div", "fk-centre-box");
  const centreTitle = el("h3", "fk-centre-title", t("Centre"));
  const centre = el("div", "fk-centre");
  centre.setAttribute("role", "group");
  centre.setAttribute("aria-label", t("Centre flies"));
  const hint = el("p", "fk-hint");
  hint.setAttribute("aria-live", "off");
  centreBox.append(centreTitle, centre, hint);

  const story = el("div", "fk-story");
  const mine = el("div", "fk-mine");
  const results = el("div", "fk-results");

  // The last hunt's story and the flies won: on a phone they scroll in their own box
  // under the centre (app.css, .table-more), focusable so that keys can scroll it too.
  const more = el("section", "fk-more table-more");
  more.setAttribute("aria-label", t("The last hunt and your flies"));
  more.tabIndex = 0;
  more.append(story, mine);

  table.append(status, seats, middle, countdown, centreBox, more, results);
  root.append(table);

  /** @type {Update | null} */
  let latest = null;
  /** @type {FliegenKlatschenView | null} */
  let view = null;
  /** The server's words for each seat about what the last hunt did to it (won,
   * penalised), in the order the rules judged them (the update's `told.news`).
   * @type {Map<number, NewsView[]>} */
  let news = new Map();
  /** Hands that landed in the latest update, "seat:card", to pop them down. @type {Set<string>} */
  let landed = new Set();
  /** Seats told something in the latest update, to draw the eye to it once. @type {Set<number>} */
  let told = new Set();
  /** Actions already sent for this turn or window, so a double input sends once. */
  let sentFor = "";
  /** @type {Set<string>} */
  let sent = new Set();
  /** The flies slapped in this turn or window, by card id. @type {Set<number>} */
  let slapped = new Set();
  /** The legal slap of each centre fly, by card id (what `update.refers` says each of
   * `update.legal` refers to). @type {Map<number, string>} */
  let slaps = new Map();
  /** The centre's buttons by card id, kept across updates so focus stays put.
   * @type {Map<number, HTMLButtonElement>} */
  const flyButtons = new Map();
  /** The fly whose hint is shown (under the pointer, or focused).
   * @type {HTMLButtonElement | null} */
  let hovered = null;
  /** The window the countdown bar runs for. */
  let countdownWindow = -1;

  /** @param {number} seat @returns {string} */
  function nameOf(seat) {
    const name = ctx.names[seat] || t("Seat {seat}", { seat });
    return seat === ctx.seat ? t("{name} (you)", { name }) : name;
  }

  /** @param {string} action @returns {boolean} whether it is legal for this seat now */
  function legal(action) {
    return latest !== null && latest.legal !== null && latest.legal.includes(action);
  }

  /**
   * The legal slap of the fly with this id, as the update lists it ("" for none).
   * @param {number} id
   */
  function slapOf(id) {
    return slaps.get(id) ?? "";
  }

  /** @returns {boolean} whether this seat may act now */
  function acting() {
    return latest !== null && ctx.seat !== null && latest.acting.seats.includes(ctx.seat)
      && latest.legal_count > 0;
  }

  /**
   * Sends an action (once per turn or window), with the input event for its timing.
   * @param {string} action @param {Event} event
   */
  function send(action, event) {
    if (!legal(action)) return;
    const key = sentKey();
    if (key !== sentFor) {
      sentFor = key;
      sent = new Set();
      slapped = new Set();
    }
    if (sent.has(action)) return;
    sent.add(action);
    ctx.act(action, event);
    for (const [id, slap] of slaps) {
      if (slap !== action) continue;
      slapped.add(id);
      flyButtons.get(id)?.classList.add("fk-sent");
    }
  }

  function sentKey() {
    if (latest === null) return "";
    return latest.window ? `w${latest.window.id}` : `s${latest.game}:${latest.step}`;
  }

  /** What the events show moving: the hands just landed, and the seats just told
   * something (a fly won, a penalty), to draw the eye. @param {FkEvent[]} events */
  function readEvents(events) {
    for (const event of events) {
      switch (event.event) {
        case "Slapped":
          landed.add(`${event.seat}:${event.card}`);
          break;
        case "FlyWon":
        case "Penalty":
          told.add(event.seat);
          break;
        default:
          break;
      }
    }
  }

  /** Each seat's news as the server tells it to this page (none before the first hunt). */
  function readNews() {
    news = new Map();
    const said = /** @type {FkTold | undefined} */ (latest?.told);
    for (const item of said?.news ?? []) {
      news.set(item.seat, [...(news.get(item.seat) ?? []), item]);
    }
  }

  function drawStatus() {
    if (!view || !latest) return;
    const v = view;
    let text;
    if (v.phase === "over") {
      text = ""; // the page says so above, with the result
    } else if (v.hunt) {
      const words = { name: nameOf(v.hunt.revealer) };
      const swatter = v.hunt.trigger.kind === "swatter";
      if (ctx.seat !== null && v.hunt.pending.includes(ctx.seat)) {
        text = swatter ? t("HUNT! {name} revealed a swatter: slap a fly, or pass.", words)
          : t("HUNT! {name} revealed a fifth colour: slap a fly, or pass.", words);
      } else if (ctx.seat === null) {
        text = swatter ? t("HUNT! {name} revealed a swatter.", words)
          : t("HUNT! {name} revealed a fifth colour.", words);
      } else {
        text = swatter ? t("HUNT! {name} revealed a swatter. You are done: waiting for the others.", words)
          : t("HUNT! {name} revealed a fifth colour. You are done: waiting for the others.", words);
      }
    } else if (legal("reveal")) {
      text = t("Your turn: reveal the top card of your pile (space).");
    } else {
      text = t("{name} reveals next.", { name: nameOf(v.current) });
    }
    status.textContent = text;
    status.hidden = text === "";
  }

  function drawSeats() {
    if (!view) return;
    const v = view;
    const rows = [];
    const inPlay = v.deciding ? v.deciding.seats : null;
    for (let seat = 0; seat < v.players; seat++) {
      const row = el("li", "fk-seat");
      if (seat === ctx.seat) row.classList.add("fk-me");
      const turn = v.phase === "reveal" && v.current === seat;
      if (turn) {
        row.classList.add("fk-turn");
        row.setAttribute("aria-current", "true");
      }
      const top = el("div", "fk-seat-top");
      top.append(el("span", "fk-turn-mark", turn ? "▶" : ""),
        el("span", "fk-name", nameOf(seat)));
      row.append(top);
      const counts = el("div", "fk-counts");
      counts.append(el("span", "fk-pile", t("pile {n}", { n: v.piles[seat] })),
        el("span", "fk-won", tn("won {n} fly", "won {n} flies", v.won[seat])));
      row.append(counts);
      let role = "";
      if (inPlay && !inPlay.includes(seat)) role = t("sits out the deciding game");
      else if (v.hunt && v.hunt.revealer === seat) role = t("revealed: hunt!");
      else if (turn) role = t("reveals next");
      if (v.hunt) {
        const hands = v.hunt.hands.filter((h) => h.seat === seat).length;
        const left = v.hunt.pending.includes(seat) ? v.hands_per_player - hands : 0;
        const handsLeft = el("span", left > 0 ? "fk-hands-left" : "fk-hands-left fk-done");
        if (left > 0) {
          for (let i = 0; i < left; i++) handsLeft.append(handIcon());
          handsLeft.append(` ${tn("{n} hand free", "{n} hands free", left)}`);
        } else {
          handsLeft.append(t("done"));
        }
        row.append(handsLeft);
      }
      if (role) row.append(el("span", "fk-role", role));
      const said = news.get(seat);
      if (said) {
        // A seat may win one fly and pay for another in the same hunt: both are told,
        // each in its own words, in one note.
        const looks = new Set(said.map((item) => NEWS_LOOKS[item.kind]));
        const look = looks.size > 1 ? "mixed" : [...looks][0];
        const note = el("span", `fk-news fk-news-${look}`);
        said.forEach((item, i) => note.append(...(i ? [" "] : []), item.text));
        row.append(note);
        if (told.has(seat)) row.classList.add(look === "win" ? "fk-told" : "fk-told-penalty");
      }
      rows.push(row);
    }
    seats.replaceChildren(...rows);
  }

  /** @param {boolean} fresh */
  function drawReveal(fresh) {
    if (!view) return;
    const last = view.last_reveal;
    if (!last) {
      revealWho.textContent = t("No card revealed yet.");
      revealCard.replaceChildren();
      revealCard.className = "fk-reveal-card fk-empty";
      return;
    }
    revealWho.textContent = t("{name} revealed:", { name: nameOf(last.seat) });
    const was = revealCard.dataset.card;
    revealCard.className = "fk-reveal-card";
    paintFace(revealCard, last.card);
    revealCard.dataset.card = String(last.card.id);
    revealCard.setAttribute("role", "img");
    revealCard.setAttribute("aria-label", t("{name} revealed {card}", { name: nameOf(last.seat), card: cardName(last.card) }));
    if (view.hunt) revealCard.classList.add("fk-trigger");
    // A ring around a newly turned card; the card itself shows at once (see the top).
    if (!fresh && was !== String(last.card.id)) revealCard.classList.add("fk-new");
  }

  function drawActions() {
    const canReveal = legal("reveal");
    revealButton.hidden = !canReveal;
    revealButton.disabled = !canReveal;
    const canPass = legal("pass");
    passButton.hidden = !view?.hunt || ctx.seat === null;
    passButton.disabled = !canPass;
  }

  function drawCountdown() {
    if (!view || !latest) return;
    const open = view.hunt && latest.window;
    table.classList.toggle("fk-hunting", Boolean(view.hunt));
    countdown.hidden = !view.hunt;
    if (!open || !latest.window) {
      countdownWindow = -1;
      return;
    }
    if (latest.window.id === countdownWindow) return;
    countdownWindow = latest.window.id;
    const deadline = latest.acting.deadline_ms ?? view.hunt?.deadline_ms ?? 0;
    const left = Math.max(0, deadline - latest.window.elapsed_ms);
    const endsAt = performance.now() + left;
    const id = countdownWindow;
    // Redrawn each frame rather than left to a CSS transition: a transition would run for
    // the whole hunt, and the page is "still moving" until it ends (screenshots wait).
    /** @param {number} now */
    const frame = (now) => {
      if (countdownWindow !== id || !table.isConnected) return;
      const share = deadline > 0 ? Math.max(0, endsAt - now) / deadline : 0;
      fill.style.transform = `scaleX(${share})`;
      if (share > 0) requestAnimationFrame(frame);
    };
    frame(performance.now());
  }

  /** The slap key of each centre fly in a hunt, by card id. @returns {Map<number, string>} */
  function keys() {
    /** @type {Map<number, string>} */
    const out = new Map();
    if (!view?.hunt) return out;
    view.centre.forEach((card, i) => {
      if (i < KEY_LABELS.length) out.set(card.id, KEY_LABELS[i]);
    });
    return out;
  }

  /** @param {boolean} fresh */
  function drawCentre(fresh) {
    if (!view) return;
    const v = view;
    const labels = keys();
    const count = v.centre.length;
    centreTitle.textContent = tn("Centre ({n} fly)", "Centre ({n} flies)", count);
    /** @type {Map<number, Hand[]>} */
    const handsOn = new Map();
    for (const hand of v.hunt?.hands ?? []) {
      handsOn.set(hand.card, [...(handsOn.get(hand.card) ?? []), hand]);
    }
    const ids = new Set(v.centre.map((c) => c.id));
    for (const [id, button] of flyButtons) {
      if (!ids.has(id)) {
        button.remove();
        flyButtons.delete(id);
      }
    }
    v.centre.forEach((card) => {
      let button = flyButtons.get(card.id);
      if (!button) {
        button = makeFlyButton(card);
        flyButtons.set(card.id, button);
      }
      const key = labels.get(card.id);
      const can = v.hunt !== null && slapOf(card.id) !== "";
      const hands = handsOn.get(card.id) ?? [];
      button.className = "fk-card";
      paintFace(button, card);
      if (key) button.prepend(el("kbd", "fk-key", key));
      if (hands.length) button.append(handsList(card.id, hands, fresh));
      button.disabled = !can;
      button.classList.toggle("fk-slappable", can);
      // Sent but not yet shown back: pressed, so a person sees the slap was taken.
      if (sentFor === sentKey() && slapped.has(card.id) && !hands.some((h) => h.seat === ctx.seat)) {
        button.classList.add("fk-sent");
      }
      // What a screen reader says: the face drawn above is hidden from it, and this
      // sentence says the same (a label of its own would not match the text seen).
      for (const part of button.children) part.setAttribute("aria-hidden", "true");
      const whose = hands.map((h) => nameOf(h.seat)).join(", ");
      button.append(el("span", "fk-sr", [cardName(card), key ? t("key {key}", { key }) : "",
        whose ? t("hands: {names}", { names: whose }) : ""].filter(Boolean).join(", ")));
      button.title = !can ? cardName(card) : key ? t("Slap {card} (key {key})", { card: cardName(card), key })
        : t("Slap {card}", { card: cardName(card) });
      if (key) button.setAttribute("aria-keyshortcuts", key);
      else button.removeAttribute("aria-keyshortcuts");
      centre.append(button); // in the centre's order: appending moves it, focus kept
    });
    if (!v.centre.length) {
      centre.dataset.empty = "true";
    } else {
      delete centre.dataset.empty;
    }
    // The fly under the pointer or focus may have gone (won) or the hunt ended: then
    // its hint goes too (no pointerleave comes from a removed button).
    if (hovered !== null && (!hovered.isConnected || hovered.disabled)) hovered = null;
    hint.textContent = hovered === null ? defaultHint() : hovered.title;
  }

  function defaultHint() {
    if (!view) return "";
    if (view.hunt && acting()) {
      return t("Click or tap a fly to slap it, or press its key. Each hand goes on a different fly.");
    }
    if (!view.centre.length && view.phase !== "over") return t("The centre is empty.");
    return "";
  }

  /**
   * The hands on one fly, in time order: the first is underneath.
   * @param {number} card @param {Hand[]} hands @param {boolean} fresh
   */
  function handsList(card, hands, fresh) {
    const list = el("ol", "fk-hands");
    list.setAttribute("aria-hidden", "true"); // the button's label names them
    hands.forEach((hand, i) => {
      const item = el("li", "fk-hand");
      item.append(handIcon(), shortName(hand.seat));
      if (i === 0) item.classList.add("fk-under");
      if (hand.seat === ctx.seat) item.classList.add("fk-hand-mine");
      if (!fresh && landed.has(`${hand.seat}:${card}`)) item.classList.add("fk-landed");
      const at = { name: nameOf(hand.seat), time: ms(hand.at_ms) };
      item.title = i === 0 ? t("{name} at {time} (underneath)", at) : t("{name} at {time}", at);
      list.append(item);
    });
    return list;
  }

  /** @param {number} seat @returns {string} "You", or a name cut to fit on a card */
  function shortName(seat) {
    if (seat === ctx.seat) return t("You");
    const name = ctx.names[seat] || t("Seat {seat}", { seat });
    return name.length > 7 ? `${name.slice(0, 6)}…` : name;
  }

  /** @param {FlyCard} card @returns {HTMLButtonElement} */
  function makeFlyButton(card) {
    const button = el("button", "fk-card");
    button.type = "button";
    button.dataset.card = String(card.id);
    // The press (pointerdown, or a keyboard's or screen reader's activation), not the
    // release: the reaction is timed from the press (fairness.md).
    onPress(button, (event) => send(slapOf(card.id), event));
    const show = () => {
      if (!view?.hunt || button.disabled) return;
      hovered = button;
      hint.textContent = button.title;
    };
    const hide = () => {
      hovered = null;
      hint.textContent = defaultHint();
    };
    button.addEventListener("pointerenter", show);
    button.addEventListener("focus", show);
    button.addEventListener("pointerleave", hide);
    button.addEventListener("blur", hide);
    return button;
  }

  /**
   * The hunt under way or the last one, as the server tells it to this seat (the
   * update's `told`, games/fliegen_klatschen/narration.py): its words are the server's,
   * in this page's language, with the room's names put for "Seat 2" as the log does.
   */
  function drawStory() {
    const told = /** @type {FkTold | undefined} */ (latest?.told);
    if (!told || !view) {
      story.replaceChildren();
      return;
    }
    /** @param {string} text */
    const withNames = (text) => namedSeats(text, ctx.names);
    const head = el("h3", "fk-story-title", withNames(told.head));
    const lines = el("ol", "fk-story-lines");
    for (const note of told.notes) lines.append(el("li", "", withNames(note.text)));
    // The hands come in the order of time, the first on a fly underneath.
    for (const hand of told.hands) {
      const line = el("li", "fk-story-hand");
      line.append(withNames(hand.text));
      if (hand.verdict) {
        line.append(el("span", `fk-verdict${VERDICT_LOOKS[hand.verdict.kind]}`,
          withNames(hand.verdict.text)));
      }
      lines.append(line);
    }
    story.replaceChildren(head, lines);
  }

  function drawMine() {
    if (!view || view.seat === null || view.phase === "over") {
      mine.replaceChildren();
      return;
    }
    const flies = view.my_won ?? [];
    const head = el("h3", "fk-mine-title", t("Your flies ({n})", { n: flies.length }));
    const row = el("div", "fk-chips");
    if (flies.length) row.append(...flies.map(chip));
    else row.append(el("span", "fk-none", t("none yet")));
    mine.replaceChildren(head, row);
  }

  function drawResults() {
    if (!view || view.phase !== "over" || !view.won_cards) {
      results.replaceChildren();
      results.hidden = true;
      return;
    }
    results.hidden = false;
    const v = view;
    const head = el("h3", "fk-results-title", t("Flies won"));
    const list = el("ul", "fk-results-list");
    v.won_cards?.forEach((pile, seat) => {
      const item = el("li", "fk-result");
      const who = el("div", "fk-result-who");
      const winner = v.outcome?.winners.includes(seat) ?? false;
      if (winner) item.classList.add("fk-winner");
      who.append(el("span", "fk-name", `${winner ? "★ " : ""}${nameOf(seat)}`));
      const points = v.outcome?.scores[seat];
      const flies = tn("{n} fly", "{n} flies", pile.length);
      who.append(el("span", "fk-result-score",
        points === undefined ? flies : `${flies}, ${tn("{n} point", "{n} points", points)}`));
      const row = el("div", "fk-chips");
      if (pile.length) row.append(...pile.map(chip));
      else row.append(el("span", "fk-none", t("no flies")));
      item.append(who, row);
      list.append(item);
    });
    results.replaceChildren(head, list);
  }

  /**
   * Space or Enter reveals; in a hunt a fly's key slaps it and p passes.
   * @param {string} key @param {KeyboardEvent} event @returns {boolean} whether it did something
   */
  function onKey(key, event) {
    if (event.repeat || !view) return false;
    if (key === " " || key === "Enter") {
      if (!legal("reveal")) return false;
      send("reveal", event);
      return true;
    }
    if (!view.hunt) return false;
    if (key === "p") {
      send("pass", event);
      return true;
    }
    for (const [id, label] of keys()) {
      if (label === key) {
        send(slapOf(id), event);
        return true;
      }
    }
    return false;
  }
  // It stops by itself once this table is off the page (a rematch draws a new one).
  onTableKey(table, onKey);
  // On your turn, space or Enter reveals even with a fly or the Pass button focused (from
  // the last hunt): they do nothing then, and the page's key handler leaves focused
  // buttons to themselves.
  table.addEventListener("keydown", (event) => {
    if ((event.key === " " || event.key === "Enter") && event.target !== revealButton
        && !event.repeat && legal("reveal")) {
      event.preventDefault();
      send("reveal", event);
    }
  });

  onPress(revealButton, (event) => send("reveal", event));
  // Pass on the press too: it ends this seat's part of the race.
  onPress(passButton, (event) => send("pass", event));

  return {
    /** @param {Update} update */
    update(update) {
      const v = /** @type {FliegenKlatschenView} */ (/** @type {unknown} */ (update.view));
      const fresh = update.fresh;
      latest = update;
      view = v;
      slaps = new Map();
      (update.legal ?? []).forEach((text, i) => {
        const card = update.refers?.card?.[i];
        if (card != null) slaps.set(card, text);
      });
      landed = new Set();
      told = new Set();
      readEvents(/** @type {FkEvent[]} */ (/** @type {unknown} */ (update.events)));
      readNews();
      if (fresh) told = new Set(); // the whole game retold: nothing is news to this page
      // Where the table stands, for styles and for tests that play through the page.
      table.dataset.phase = v.phase;
      table.dataset.step = String(update.step);
      table.dataset.current = String(v.current);
      table.dataset.window = update.window ? String(update.window.id) : "";
      table.dataset.canAct = String(acting());
      table.dataset.pending = v.hunt ? v.hunt.pending.join(" ") : "";
      drawStatus();
      drawSeats();
      drawReveal(fresh);
      drawActions();
      drawCountdown();
      drawCentre(fresh);
      drawStory();
      drawMine();
      drawResults();
    },
  };
}
