// Generated from the views and events of By Golly! (`gamenight schema by-golly`, rules
// version 1) by gamenight.web.typegen: do not edit. After a change to the
// game's view TypedDicts or event dataclasses, regenerate: `python -m gamenight.web.typegen`.

import type { OutcomeJSON } from "./engine";
export type { OutcomeJSON };

/**
 * The chicken run is laid out face down, ``each`` animal cards are dealt to every
 * player (``box`` to the box), and each picks up the top five of his stack: ``hands``
 * holds each seat's five (sorted as a hand is), or None where this form may not say.
 */
export interface Dealt {
  event: "Dealt";
  each: number;
  box: number;
  hands: (("hen" | "rooster" | "worm" | "hedgehog" | "fox" | "marten" | "hare" | "goose" | "chick" | "duck" | "mouse" | "cat" | "owl" | "pig" | "frog")[] | null)[];
}

/**
 * In the mess, ``seat`` draws a card blindly from ``victim``'s hand, or the top card
 * of his stack when his hand is empty; ``animal`` is the card, or None where this form
 * may not say (only the drawer sees it, and the victim when it left his hand).
 */
export interface Drew {
  event: "Drew";
  seat: number;
  victim: number;
  source: "hand" | "stack";
  animal: "hen" | "rooster" | "worm" | "hedgehog" | "fox" | "marten" | "hare" | "goose" | "chick" | "duck" | "mouse" | "cat" | "owl" | "pig" | "frog" | null;
}

export type Event = Dealt | Laid | TurnedOver | FaceUpMatch | Drew | Shuffled | Kept | TurnEnded | Refilled | GameOver;

/**
 * Option ``face_up_match``: the animal laid already lies face up this turn, so the
 * card goes out without turning another.
 */
export interface FaceUpMatch {
  event: "FaceUpMatch";
  seat: number;
  animal: "hen" | "rooster" | "worm" | "hedgehog" | "fox" | "marten" | "hare" | "goose" | "chick" | "duck" | "mouse" | "cat" | "owl" | "pig" | "frog";
}

/** What never changes in a game of By Golly!, for a table to draw by (``Game.facts``). */
export interface Facts {
  place_names: string[];
}

/**
 * The game is over: ``winner`` got rid of all his cards (None when the safety cap
 * ended it), for the ``reason`` the outcome gives.
 */
export interface GameOver {
  event: "GameOver";
  winner: number | null;
  reason: "last-card" | "last-card-drawn" | "cap";
}

/** After the mess, the player leaves the cards he turned over where they lie. */
export interface Kept {
  event: "Kept";
  seat: number;
}

/** The player on turn lays an animal card from his hand face up in front of him. */
export interface Laid {
  event: "Laid";
  seat: number;
  animal: "hen" | "rooster" | "worm" | "hedgehog" | "fox" | "marten" | "hare" | "goose" | "chick" | "duck" | "mouse" | "cat" | "owl" | "pig" | "frog";
}

/**
 * At the end of his turn the player draws ``count`` cards from his stack to take his
 * hand back up to five: ``animals`` (sorted as a hand is), or None where this form may
 * not say (only he sees them).
 */
export interface Refilled {
  event: "Refilled";
  seat: number;
  count: number;
  animals: ("hen" | "rooster" | "worm" | "hedgehog" | "fox" | "marten" | "hare" | "goose" | "chick" | "duck" | "mouse" | "cat" | "owl" | "pig" | "frog")[] | null;
}

/**
 * After the mess, the player shuffles the cards he turned over among their
 * ``places``; the order they land in is chance that nobody sees, so no event says it.
 */
export interface Shuffled {
  event: "Shuffled";
  seat: number;
  places: number[];
}

/**
 * The turn is over: the cards at ``turned_back`` go face down again (``turns``
 * turns have now been played).
 */
export interface TurnEnded {
  event: "TurnEnded";
  seat: number;
  turned_back: number[];
  turns: number;
}

/**
 * The player on turn turns over the chicken-run card at ``place``: it shows
 * ``face``, and with the card he ``laid`` that comes to ``result``; in the mess he must
 * now draw ``draws`` cards.
 */
export interface TurnedOver {
  event: "TurnedOver";
  seat: number;
  place: number;
  face: "hen" | "rooster" | "worm" | "hedgehog" | "fox" | "marten" | "hare" | "goose" | "chick" | "duck" | "mouse" | "cat" | "owl" | "pig" | "frog" | "poo" | "shovel";
  laid: "hen" | "rooster" | "worm" | "hedgehog" | "fox" | "marten" | "hare" | "goose" | "chick" | "duck" | "mouse" | "cat" | "owl" | "pig" | "frog";
  result: "match" | "no-match" | "poo" | "still-lucky" | "a-bit-unlucky" | "really-unlucky";
  draws?: number;
}

/** What a seat (or, with ``seat`` None and no ``hand``, a spectator) may know now. */
export interface View {
  game: "by-golly";
  seat: number | null;
  players: number;
  phase: "deal" | "lay" | "turn" | "second" | "mess" | "draw" | "shuffle" | "shuffling" | "end" | "over";
  turn: number;
  current: number;
  /** The face at each of the 19 places while it lies face up this turn, else None. */
  run: ("hen" | "rooster" | "worm" | "hedgehog" | "fox" | "marten" | "hare" | "goose" | "chick" | "duck" | "mouse" | "cat" | "owl" | "pig" | "frog" | "poo" | "shovel" | null)[];
  laid: "hen" | "rooster" | "worm" | "hedgehog" | "fox" | "marten" | "hare" | "goose" | "chick" | "duck" | "mouse" | "cat" | "owl" | "pig" | "frog" | null;
  hands: number[];
  stacks: number[];
  discarded: number;
  box: number;
  draws_left: number;
  drawing_from: number | null;
  shuffling: boolean;
  face_up_match: boolean;
  hand?: ("hen" | "rooster" | "worm" | "hedgehog" | "fox" | "marten" | "hare" | "goose" | "chick" | "duck" | "mouse" | "cat" | "owl" | "pig" | "frog")[];
  winner?: number | null;
  outcome?: OutcomeJSON;
}
