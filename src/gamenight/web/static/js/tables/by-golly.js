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
import { onTableKey } from "../keys.js";

/** @typedef {import("../protocol.js").Update} Update */
/** @typedef {import("../protocol.js").GameEvent} GameEvent */
/** @typedef {import("../protocol.js").TableContext} TableContext */
/** @typedef {import("../protocol.js").Table} Table */

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

/** @param {Face} face */
const faceWords = (face) => (face === "poo" ? "chicken poo" : face);

/** @param {Face} face */
function article(face) {
  if (face === "poo") return "chicken poo";
  return `${"aeiou".includes(face[0]) ? "an" : "a"} ${face}`;
}

// -- pictures -----------------------------------------------------------------------------
const SVG = "http://www.w3.org/2000/svg";

/**
 * A small picture for the poo and the shovel (the animals are their names), hidden from
 * screen readers: the card's words say the same.
 * @param {"poo" | "shovel"} face
 */
function picture(face) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "bg-picture");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", face === "poo"
    ? "M12 3c1 2 0 3-1 3.5 3 0 4.5 1.5 4 3.5 2.5.3 4 2 3.5 4 2 .7 3 2.3 2.5 4.2-.4 1.8-2.2 2.8-4 2.8H7c-1.8 0-3.6-1-4-2.8-.5-1.9.5-3.5 2.5-4.2-.5-2 1-3.7 3.5-4-.5-2 1-3.5 3-4 .5-1 .5-2 0-3z"
    : "M10.5 2h3v9h2.5l-1 6.5c-.3 2-1.5 4.5-3 4.5s-2.7-2.5-3-4.5L8 11h2.5z");
  svg.append(path);
  return svg;
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
  const run = h("div", { class: "bg-run", role: "group", "aria-label": "The chicken run" });
  const runTitle = h("h2", { class: "bg-title" }, "The chicken run");
  const laid = h("div", { class: "bg-laid" });
  const counts = h("ul", { class: "bg-counts", "aria-label": "Cards left" });
  const choices = h("div", { class: "bg-choices buttons", role: "group",
    "aria-labelledby": "bg-prompt" });
  const hand = h("div", { class: "bg-hand", role: "group", "aria-label": "Your hand" });
  const handTitle = h("h2", { class: "bg-title" }, "Your hand");
  fill(root, h("div", { class: "bg" },
    prompt, choices,
    h("div", { class: "bg-board" },
      h("section", { class: "bg-run-box", "aria-labelledby": "bg-run-title" },
        Object.assign(runTitle, { id: "bg-run-title" }), run),
      h("section", { class: "bg-aside", "aria-label": "The table" }, laid, counts)),
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
  const nameOf = (seat) => (seat === ctx.seat ? "You" : ctx.names[seat] ?? `Seat ${seat}`);

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
    runTitle.textContent = upNow > 0 ? `The chicken run · ${upNow} face up this turn`
      : memory !== null && memory.ended && (memory.seen.size > 0 || memory.mixed.size > 0)
        ? `The chicken run · ${nameOf(memory.seat)} turned these back` : "The chicken run";
    fill(run, shown.map((s, place) => {
      const letter = placeNames[place];
      const text = turnOf.get(place) ?? "";
      const can = text !== "";
      // The card's words are its accessible name: its letter, then what it shows.
      /** @type {(Node | string)[]} */
      let face = [h("span", { class: "sr-only" }, " face down")];
      let label = `${letter}: face down`;
      if (s.how === "up") {
        face = [s.face === "poo" || s.face === "shovel" ? picture(s.face) : "",
          h("span", { class: "bg-face-name" }, faceWords(s.face)),
          h("span", { class: "sr-only" }, ", face up")];
        label = `${letter}: ${faceWords(s.face)}, face up`;
      } else if (s.how === "seen") {
        face = [h("span", { class: "sr-only" }, " face down again,"),
          h("span", { class: "bg-was" }, `was ${faceWords(s.face)}`)];
        label = `${letter}: face down again (was ${article(s.face)})`;
      } else if (s.how === "mixed") {
        face = [h("span", { class: "sr-only" }, " face down again,"),
          h("span", { class: "bg-was" }, "shuffled")];
        label = `${letter}: face down again, shuffled`;
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
      return hinted(card, can ? `Turn over the card at ${letter}` : label);
    }));
    shownUp = v.run.slice();
  }

  /** @param {ByGollyView} v */
  function drawAside(v) {
    const onTurn = v.phase === "over" ? null : v.current;
    fill(laid, v.laid === null ? h("p", { class: "note" },
      `Out for good: ${v.discarded} card${v.discarded === 1 ? "" : "s"}`) : [
      h("p", {}, `${nameOf(v.current)} laid:`),
      h("div", { class: "bg-card bg-up bg-laid-card", role: "img",
        "aria-label": `${article(v.laid)}, laid by ${nameOf(v.current)}` },
      h("span", { class: "bg-face-name" }, v.laid)),
      h("p", { class: "note" }, `Out for good: ${v.discarded}`),
    ]);
    fill(counts, v.hands.map((held, seat) => h("li", { class: seat === onTurn ? "bg-on-turn" : null },
      h("span", { class: "bg-mark", "aria-hidden": "true" }, seat === onTurn ? "▶" : ""),
      h("span", { class: "bg-who" }, nameOf(seat)),
      h("span", { class: "bg-count" }, `${held} in hand · ${v.stacks[seat]} in stack`),
      seat === onTurn ? h("span", { class: "sr-only" }, "(on turn)") : null)));
  }

  /** @param {ByGollyView} v */
  function drawHand(v) {
    const animals = [...new Set(v.hand ?? [])];
    handByKey = new Map(animals.map((animal, i) => [HAND_KEYS[i] ?? "", animal]));
    handTitle.textContent = `Your hand · ${v.hand?.length ?? 0} card${v.hand?.length === 1 ? "" : "s"}`;
    fill(hand, animals.length === 0 ? h("p", { class: "note" }, "Your hand is empty.")
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
        h("span", { class: "bg-face-name" }, animal),
        copies > 1 ? h("span", { class: "bg-copies" }, `×${copies}`) : null);
        button.addEventListener("click", (event) => act(text, event));
        return hinted(button, can ? `Lay ${article(animal)} and look for its twin` : animal);
      }));
  }

  /** The turn's decisions, as the legal actions allow them. @param {ByGollyView} v */
  function drawChoices(v) {
    /** @type {HTMLElement[]} */
    const buttons = [];
    for (let seat = 0; seat < v.players; seat += 1) {
      const draw = drawOf.get(seat);
      if (draw !== undefined) {
        const from = v.hands[seat] > 0 ? `${v.hands[seat]} in hand` : "from the stack";
        buttons.push(actionButton(draw, `Draw from ${nameOf(seat)} (${from})`,
          `Draw a card blindly from ${nameOf(seat)}`, String(seat)));
      }
    }
    if (legal.has("shuffle") || legal.has("keep")) {
      buttons.push(actionButton("shuffle", "Shuffle them", "Shuffle the cards you turned over among their places", "y"));
      buttons.push(actionButton("keep", "Keep them", "Leave the cards you turned over where they lie", "n"));
    }
    if (legal.has("end")) {
      buttons.push(actionButton("end", "Turn the cards back", "Turn the cards face down: your turn is over", " "));
    }
    fill(choices, buttons);
    choices.hidden = buttons.length === 0;
  }

  /** What is happening, in words. @param {ByGollyView} v  @param {boolean} mine */
  function promptText(v, mine) {
    const n = v.draws_left;
    const more = `${n} more card${n === 1 ? "" : "s"}`;
    if (v.phase === "over") {
      return v.winner === undefined || v.winner === null ? "The game is over."
        : `${nameOf(v.winner)} ${v.winner === ctx.seat ? "win" : "wins"}: no cards left!`;
    }
    if (mine) {
      switch (v.phase) {
        case "lay": return "Your turn: lay an animal from your hand.";
        case "turn": return "Turn over a card of the chicken run to find its twin.";
        case "second": return "Chicken poo! Turn over a second card at once.";
        case "mess": return `You are in the mess: draw ${more}. From whom?`;
        case "shuffle": return "Shuffle the cards you turned over, or keep them where they lie?";
        case "end": return "Your turn is over: turn the cards back face down.";
        default: return "";
      }
    }
    const who = nameOf(v.current);
    switch (v.phase) {
      case "lay": return `${who} lays an animal…`;
      case "turn": return `${who} turns over a card…`;
      case "second": return `Chicken poo! ${who} turns over a second card…`;
      case "mess": case "draw": return `${who} is in the mess: ${more} to draw.`;
      case "shuffle": case "shuffling": return `${who} ${v.shuffling ? "shuffles" : "may shuffle"} the cards turned over.`;
      case "end": return `${who} turns the cards back…`;
      default: return `${who}'s turn.`;
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
