// The Superfly table: the flies in the centre, this seat's hand, the seats' card counts
// and Fly Catcher tokens, the swat (a fly or a pass, chosen in secret before the
// countdown ends), the last turn's swatters and dice, and the hands shown at a round's
// end.
//
// Drawn from the update only: the view (games/superfly/views.py, SuperflyView), the
// legal actions with what each refers to (a swat's fly by card id; the pass), and the
// game's facts (`ctx.facts`: every card's face by id, the colours, the hand limit), so no
// rule and no action text is composed here: every control stands for one of the legal
// actions and is enabled only while it is legal.  What each fly's swatters rolled, which
// fly was squished, whose hands were swapped, who took what and who won a token are read
// from the view's `last_turn` and `last_round` (the rules worked them out), and told in
// the server's own words (`update.told`: narration.py, this seat's form); the news are
// the server's own lines (`update.news`), marked once on the page that saw them.
//
// Timing is the shell's: a swat or a pass is made on the press (pointerdown, or the key)
// and the input event goes to `ctx.act`, which adds the window and the reaction measured
// from the frame that painted the flies.  So the flies are drawn whole inside `update()`.
//
// Keys, as at the terminal: 1-9 swat the centre's flies in order, p passes.
//
// Words: every text is marked with t()/tn() and is the game's (its package's game.po,
// merged into the page's catalog before the table is drawn); the colours, kinds and set
// kinds arrive as data in English and are translated by that English, which the game's
// terms.py marks.

import { h, fill } from "../dom.js";
import { COLOUR_LOOKS, die, insect, symbol } from "../draw.js";
import { onTableKey } from "../keys.js";
import { namedSeats } from "../log.js";
import { onPress } from "../press.js";
import { t, tn, word } from "../i18n.js";

/** @typedef {import("../types/protocol").Update} Update */
/** @typedef {import("../table.js").TableContext} TableContext */
/** @typedef {import("../table.js").Table} Table */

/**
 * The view, generated from views.py (types/superfly.d.ts): a seat's (`seat` a number,
 * with `my_hand`, and `my_swat` once it has chosen: null for a pass) or a spectator's
 * (`seat` null).  A fly card face up is its id (0-35), colour, number and kind of fly.
 * @typedef {import("../types/superfly").View} SuperflyView
 * @typedef {import("../types/superfly").CardView} CardView
 * @typedef {import("../types/superfly").LastTurnView} LastTurnView
 * @typedef {import("../types/superfly").LastRoundView} LastRoundView
 * @typedef {import("../types/superfly").Told} Told
 * @typedef {import("../types/superfly").Facts} SuperflyFacts
 * @typedef {SuperflyView["phase"]} Phase
 */

/** The keys of the centre's flies, in its order (a final turn may lay extra flies). */
const KEYS = "123456789";

/** @param {CardView} card @returns {string} "red 3", as the game names it (terms.py) */
const cardName = (card) => word(`${card.colour} {number}`, { number: card.number });

/** @param {CardView} card @returns {string} "Baby fly", its kind's fly (terms.py) */
const flyName = (card) => word(`${card.kind} fly`);

/**
 * A colour's name in the page's language (its English is the game's data: terms.py).
 * @param {string} colour
 */
const colourName = (colour) => word(colour);

/**
 * A colour's letter: what tells the colours apart without seeing colour ("R" for red).
 * @param {string} colour
 */
const letterOf = (colour) => colour.charAt(0).toUpperCase();

/** How each colour is drawn: the one table every table shares (draw.js). */
const LOOKS = COLOUR_LOOKS;

/**
 * The colour's shape, white on its colour (decoration: the words beside it say the colour).
 * @param {string} colour
 */
function shapeOf(colour) {
  const look = LOOKS[colour];
  return look ? symbol(look.shape, { className: "sf-symbol", fill: "#ffffff" }) : null;
}

/**
 * A small chip for a card in a line: its colour's shape, letter and number on its colour
 * (a big one, in the hand, with the fly drawn too).
 * @param {CardView} card @param {string} [extra] a class
 */
function chip(card, extra) {
  const big = extra === "sf-big";
  return h("span", { class: `sf-chip sf-${card.colour}${extra ? ` ${extra}` : ""}`,
    role: "img", "aria-label": cardName(card), title: `${cardName(card)} (${flyName(card)})`,
    "data-colour": card.colour, "data-number": card.number },
  big ? insect(LOOKS[card.colour]?.fill ?? "#9e9e9e", { className: "sf-chip-fly" }) : null,
  shapeOf(card.colour),
  `${letterOf(card.colour)}${card.number}`);
}

/**
 * A seat's swatter on a fly with its die, once the die is shown: the name and the die
 * drawn (decoration: the card's words say the same).
 * @param {string} name @param {number | null | undefined} face
 */
function swatterChip(name, face) {
  return h("span", { class: "sf-swatter" }, name,
    face != null ? die(face, { className: "sf-die" }) : null);
}

/**
 * @param {HTMLElement} root
 * @param {TableContext} ctx
 * @returns {Table}
 */
export function createTable(root, ctx) {
  const facts = /** @type {SuperflyFacts} */ (ctx.facts);
  /**
   * The face of the card with this id (the last turn and round name cards by id).
   * @param {number} id @returns {CardView}
   */
  const cardOf = (id) => facts.cards[id];
  const prompt = h("p", { class: "sf-prompt" });
  const seats = h("ol", { class: "sf-seats", "aria-label": t("Cards and Fly Catcher tokens") });
  const centreTitle = h("h2", { class: "sf-title", id: "sf-centre-title" }, t("The flies"));
  const centre = h("div", { class: "sf-centre", role: "group",
    "aria-labelledby": "sf-centre-title" });
  const passButton = h("button", { type: "button", class: "sf-pass", "data-action": "pass",
    "aria-keyshortcuts": "P" }, `${t("Pass")} `, h("kbd", { "aria-hidden": "true" }, "p"));
  const hint = h("p", { class: "sf-hint note" });
  const piles = h("p", { class: "sf-piles note" });
  const handTitle = h("h2", { class: "sf-title" }, t("Your hand"));
  const hand = h("div", { class: "sf-hand" });
  const news = h("ul", { class: "sf-news", "aria-label": t("Just now") });
  const last = h("section", { class: "sf-last", "aria-label": t("The last turn") });
  const shown = h("section", { class: "sf-shown", "aria-label": t("The hands shown") });
  const centreBox = h("section", { class: "sf-centre-box", "aria-labelledby": "sf-centre-title" },
    centreTitle, centre, h("div", { class: "sf-actions" }, passButton), hint, piles);
  const table = h("section", { class: "sf", "aria-label": t("Superfly table") },
    prompt,
    centreBox,
    ctx.seat === null ? null : h("section", { class: "sf-hand-box" }, handTitle, hand),
    // What the swat does not need: on a phone it scrolls in its own box under the hand
    // (app.css, .table-more), focusable so that keys can scroll it too.
    h("section", { class: "sf-more table-more", "aria-label": t("The players and the last turn"),
      tabindex: 0 }, seats, news, last, shown));
  fill(root, table);

  /** @type {Update | null} */
  let latest = null;
  /** @type {SuperflyView | null} */
  let view = null;
  /** @type {Set<string>} the legal actions now */
  let legal = new Set();
  /** @type {Map<number, string>} the legal swat of each fly, by card id */
  let swatOf = new Map();
  /** The action sent in this window, so a double press sends once. */
  let sentIn = { window: -1, action: "" };
  /** The centre's fly under the pointer or focus (its hint is shown). */
  /** @type {HTMLElement | null} */
  let hovered = null;

  /** @param {number} seat @returns {string} */
  const nameOf = (seat) => (seat === ctx.seat ? t("You") : ctx.names[seat] || t("Seat {seat}", { seat }));

  /**
   * Sends `text` if it is legal now and not already sent in this window.
   * @param {string} text @param {Event} event @returns {boolean}
   */
  function send(text, event) {
    if (!legal.has(text) || latest === null) return false;
    const win = latest.window?.id ?? latest.step;
    if (sentIn.window === win) return true;
    sentIn = { window: win, action: text };
    ctx.act(text, event);
    table.dataset.sent = text;
    return true;
  }

  /**
   * Shows what a control will do before it is pressed (hover or focus).
   * @param {HTMLElement} element
   */
  function hinted(element) {
    const show = () => { hovered = element; hint.textContent = element.title; };
    const hide = () => { hovered = null; hint.textContent = defaultHint(); };
    element.addEventListener("pointerenter", show);
    element.addEventListener("focus", show);
    element.addEventListener("pointerleave", hide);
    element.addEventListener("blur", hide);
    return element;
  }
  hinted(passButton);
  onPress(passButton, (event) => { send("pass", event); });

  function defaultHint() {
    if (legal.size > 0) {
      return t("Tap or click a fly to swat it (or press its number), or pass with p. "
        + "Your choice stays secret until every swatter lands.");
    }
    return "";
  }

  /** @param {SuperflyView} v @returns {string} */
  function promptText(v) {
    if (v.phase === "over") return ""; // the shell says so, with the result
    const final = v.final_turn ? `${t("Final turn!")} ` : "";
    if (v.phase === "swat") {
      if (legal.size > 0) return final + t("Swat! Choose a fly, or pass, before the time runs out.");
      if (ctx.seat !== null && !v.eligible.includes(ctx.seat)) {
        return final + t("You hold {n} cards: you sit out this turn.", { n: facts.hand_limit });
      }
      if (v.seat !== null && v.my_swat !== undefined) {
        return final + (v.my_swat === null ? t("You pass: waiting for the others.")
          : t("You swat the {card}: waiting for the others.", { card: cardName(cardOf(v.my_swat)) }));
      }
      return final + t("The others choose…");
    }
    if (v.phase === "dice") return t("The swatters land: the dice roll…");
    return v.first_player === ctx.seat ? t("Round {round}: you deal…", { round: v.round })
      : t("Round {round}: {name} deals…", { round: v.round, name: nameOf(v.first_player) });
  }

  /** The centre flies: one button each, its swat the button's action. @param {SuperflyView} v */
  function drawCentre(v) {
    const count = v.centre.length;
    centreTitle.textContent = v.final_turn
      ? t("The flies · round {round}, turn {turn} (final)", { round: v.round, turn: v.turn })
      : t("The flies · round {round}, turn {turn}", { round: v.round, turn: v.turn });
    /** @type {HTMLElement[]} */
    const buttons = v.centre.map((card, i) => {
      const text = swatOf.get(card.id) ?? "";
      const can = text !== "";
      const key = KEYS[i] ?? "";
      const mine = v.seat !== null && v.my_swat === card.id;
      // While the dice roll, the view says whose swatter is on this fly and its die.
      const onSeats = (v.swats ?? []).flatMap((target, seat) => (target === card.id ? [seat] : []));
      const on = onSeats.map((seat) => `${nameOf(seat)}${v.dice?.[seat] != null ? ` ${v.dice[seat]}` : ""}`);
      const button = h("button", {
        type: "button", class: `sf-card sf-${card.colour}${can ? " sf-can" : ""}${mine ? " sf-mine" : ""}`,
        "data-action": text, "data-card": card.id, "aria-keyshortcuts": key || null,
        disabled: !can,
        title: can ? (key ? t("Swat the {card} ({fly}): key {key}", { card: cardName(card), fly: flyName(card), key })
          : t("Swat the {card} ({fly})", { card: cardName(card), fly: flyName(card) }))
          : `${cardName(card)} (${flyName(card)})`,
      },
      key && can ? h("kbd", { class: "sf-key", "aria-hidden": "true" }, key) : null,
      h("span", { class: "sf-face", "aria-hidden": "true" },
        insect(LOOKS[card.colour]?.fill ?? "#9e9e9e", { className: "sf-fly-art" }),
        h("span", { class: "sf-number" }, String(card.number))),
      h("span", { class: "sf-letter", "aria-hidden": "true" }, shapeOf(card.colour), letterOf(card.colour)),
      h("span", { class: "sf-kind", "aria-hidden": "true" }, word(card.kind)),
      h("span", { class: "sf-colour", "aria-hidden": "true" }, colourName(card.colour)),
      mine ? h("span", { class: "sf-tag", "aria-hidden": "true" }, t("your swatter")) : null,
      onSeats.length ? h("span", { class: "sf-on", "aria-hidden": "true" },
        onSeats.map((seat) => swatterChip(nameOf(seat), v.dice?.[seat]))) : null,
      // What a screen reader says: the same as the face.
      h("span", { class: "sr-only" }, [`${cardName(card)}, ${flyName(card)}`,
        key && can ? t("key {key}", { key }) : "", mine ? t("your swatter is on it") : "",
        on.length ? t("swatters: {names}", { names: on.join(", ") }) : ""].filter(Boolean).join(", ")));
      onPress(button, (event) => { send(text, event); });
      return hinted(button);
    });
    // The flies are drawn anew each update (another seat's swatter raised): the one
    // focused or under the pointer stays so, with its hint.
    const active = document.activeElement;
    const focused = active instanceof HTMLElement && centre.contains(active) ? active.dataset.card : undefined;
    const pointed = hovered !== null && centre.contains(hovered) ? hovered.dataset.card : undefined;
    fill(centre, buttons.length ? buttons
      : h("p", { class: "note" }, v.phase === "over" ? t("No flies left in play.") : t("Laying the flies…")));
    for (const button of buttons) {
      if (button.dataset.card === pointed) hovered = button;
      if (button.dataset.card === focused) button.focus({ preventScroll: true });
    }
    centre.dataset.count = String(count);
    piles.textContent = t("Draw pile {pile} · discarded {discards} · Fly Catcher tokens left {tokens}",
      { pile: v.draw_pile, discards: v.discards, tokens: v.tokens_in_box });
    passButton.disabled = !legal.has("pass");
    passButton.hidden = ctx.seat === null || v.phase === "over";
    passButton.title = t("Pass: keep your swatter back this turn (you take no fly)");
    if (hovered !== null && (!hovered.isConnected)) hovered = null;
    hint.textContent = hovered === null ? defaultHint() : hovered.title;
  }

  /** @param {SuperflyView} v */
  function drawHand(v) {
    const cards = v.seat === null ? [] : v.my_hand;
    handTitle.textContent = t("Your hand · {n} of {limit}", { n: cards.length, limit: facts.hand_limit });
    fill(hand, cards.length ? cards.map((card) => chip(card, "sf-big"))
      : h("p", { class: "note" }, t("Your hand is empty.")));
  }

  /** @param {SuperflyView} v */
  function drawSeats(v) {
    fill(seats, Array.from({ length: v.players }, (_, seat) => {
      let doing = "";
      if (v.phase === "swat") {
        doing = !v.eligible.includes(seat) ? t("sits out")
          : v.chosen.includes(seat) ? t("swatter raised") : t("choosing…");
      }
      const tokens = v.tokens[seat];
      const open = v.hands?.[seat];
      return h("li", { class: `sf-seat${seat === ctx.seat ? " sf-me" : ""}` },
        h("span", { class: "sf-who" },
          v.first_player === seat && v.phase !== "over"
            ? h("span", { class: "sf-first", title: t("first player"), "aria-label": t("first player") }, "◆ ") : null,
          nameOf(seat)),
        h("span", { class: "sf-count" }, tn("{n} card", "{n} cards", v.hand_sizes[seat])),
        h("span", { class: "sf-tokens" },
          tokens ? h("span", { "aria-hidden": "true" }, `${"●".repeat(tokens)} `) : null,
          tn("{n} token", "{n} tokens", tokens)),
        doing ? h("span", { class: "sf-doing" }, doing) : null,
        open ? h("span", { class: "sf-open" }, open.map((c) => chip(c))) : null);
    }));
  }

  /**
   * The last turn, fly by fly, as the server tells it beside the view (the update's
   * `told`, in this seat's words, seats named by their names here); `revealed` when this
   * update is the swatters coming down (the lines then appear one by one, as the dice
   * are read out).  The flies in the centre are never animated: a swat's reaction time
   * runs from the frame that painted them.
   * @param {SuperflyView} v  @param {Told | null} told  @param {boolean} revealed
   */
  function drawLast(v, told, revealed) {
    const turn = v.last_turn;
    if (turn === null || told === null) {
      fill(last, h("p", { class: "note" }, t("No turn played yet. ◆ marks the first player.")));
      return;
    }
    /** @param {string} text */
    const named = (text) => namedSeats(text, ctx.names);
    fill(last,
      h("h2", { class: "sf-title" }, turn.final ? t("Last turn ({turn}, final)", { turn: turn.turn })
        : t("Last turn ({turn})", { turn: turn.turn })),
      h("ul", { class: `sf-flies${revealed ? " sf-revealing" : ""}` }, turn.flies.map((fly, i) => {
        /** @type {(Node | string)[]} */
        const parts = [chip(cardOf(fly.card))];
        let rolls = 0;
        for (const clause of told.flies[i] ?? []) {
          if (clause.kind === "roll") {
            // The rolls come in the order of the fly's swatters: each one's die drawn
            // after its words (decoration: the words say the number).
            const face = turn.dice[fly.claimants[rolls] ?? -1];
            parts.push(`${rolls ? ", " : " "}${named(clause.text)}`);
            if (face != null) parts.push(die(face, { className: "sf-die" }));
            rolls += 1;
          } else if (clause.kind === "nobody" || clause.kind === "left") {
            parts.push(` ${named(clause.text)}`);
          } else {
            parts.push(" ", h("b", { class: `sf-${clause.kind}` }, named(clause.text)));
          }
        }
        const kind = fly.squished_by.length ? "squished" : fly.swaps.length ? "swapped"
          : fly.taker !== null ? "taken" : "";
        return h("li", { class: `sf-fly${kind ? ` sf-${kind}-line` : ""}`, "data-card": fly.card }, parts);
      })),
      told.notes.map((note) => h("p", { class: note.kind === "passed" ? "note" : "sf-five" }, named(note.text))));
  }

  /** The hands shown at the end of the last round. @param {SuperflyView} v */
  function drawShown(v) {
    const r = v.last_round;
    if (r === null) {
      fill(shown);
      return;
    }
    fill(shown,
      h("h2", { class: "sf-title" }, v.phase === "over" ? t("The last round ({round})", { round: r.round })
        : t("Round {round}: the hands shown", { round: r.round })),
      h("ul", { class: "sf-round" }, r.hands.map((cards, seat) => {
        const set = new Set(r.sets[seat]);
        const won = r.winners.includes(seat);
        return h("li", { class: `sf-shown-hand${won ? " sf-winner" : ""}` },
          h("span", { class: "sf-who" }, `${won ? "★ " : ""}${nameOf(seat)}`),
          h("span", { class: "sf-chips" }, cards.map((id) => chip(cardOf(id), set.has(id) ? "sf-in-set" : undefined))),
          h("span", { class: "sf-set" }, (r.sizes[seat] > 1
            ? t("set of {n} ({kind})", { n: r.sizes[seat], kind: word(r.kinds[seat] ?? "") })
            : t("set of {n}", { n: r.sizes[seat] }))
            + (won ? ` · ${t("wins a token")}` : "")));
      })));
  }

  /**
   * News from this update (the server's lines of the events a table shows as news):
   * marked once, on the page that saw them happen.
   * @param {Update} update
   */
  function drawNews(update) {
    if (update.fresh) return;
    if (update.events.some((e) => e.event === "SignalGiven")) fill(news);
    if (update.news.length) fill(news, update.news.map((line) => h("li", { class: "sf-new" }, line)));
  }

  /** At the end: every seat's tokens, the winners starred. @param {SuperflyView} v */
  function drawEnd(v) {
    const outcome = v.outcome;
    if (v.phase !== "over" || outcome === undefined) return;
    fill(news, h("li", { class: "sf-end" },
      t("Fly Catcher tokens: {counts}", { counts: v.tokens.map((n, seat) => `${outcome.winners.includes(seat) ? "★ " : ""}${nameOf(seat)} ${n}`).join(", ") })));
  }

  onTableKey(root, (key, event) => {
    if (view === null || event.repeat || legal.size === 0) return false;
    if (key === "p" || key === "P") return send("pass", event);
    const index = KEYS.indexOf(key);
    const card = index >= 0 ? view.centre[index] : undefined;
    const swat = card === undefined ? undefined : swatOf.get(card.id);
    return swat !== undefined && send(swat, event);
  });

  return {
    /** @param {Update} update */
    update(update) {
      const v = /** @type {SuperflyView} */ (/** @type {unknown} */ (update.view));
      latest = update;
      view = v;
      const mine = ctx.seat !== null && update.acting.seats.includes(ctx.seat)
        && update.legal_count > 0;
      const texts = mine ? update.legal ?? [] : [];
      legal = new Set(texts);
      swatOf = new Map();
      texts.forEach((text, i) => {
        const card = update.refers?.card?.[i];
        if (card != null) swatOf.set(card, text);
      });
      // Where the table stands, for styles and for tests that play through the page.
      table.dataset.phase = v.phase;
      table.dataset.window = update.window ? String(update.window.id) : "";
      table.dataset.canAct = String(mine);
      prompt.textContent = promptText(v);
      prompt.hidden = prompt.textContent === "";
      centreBox.hidden = v.phase === "over"; // no flies left in play
      drawCentre(v);
      if (ctx.seat !== null) drawHand(v);
      drawSeats(v);
      drawNews(update);
      // What the server tells this seat beside the view (none before the first turn).
      const told = /** @type {Told | undefined} */ (update.told) ?? null;
      drawLast(v, told, !update.fresh && update.events.some((e) => e.event === "SwattersDown"));
      drawShown(v);
      drawEnd(v);
    },
  };
}
