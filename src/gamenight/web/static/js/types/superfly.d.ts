// Generated from the views and events of Superfly (`gamenight schema superfly`, rules
// version 1) by gamenight.web.typegen: do not edit. After a change to the
// game's view TypedDicts or event dataclasses, regenerate: `python -m gamenight.web.typegen`.

import type { OutcomeJSON } from "./engine";
export type { OutcomeJSON };

/**
 * ``seat`` is dealt a card face down.  Only that seat sees which (every seat, when
 * hands are played face up); the others' form has ``card`` None.
 */
export interface CardDealt {
  event: "CardDealt";
  seat: number;
  card: string | null;
  face_up?: boolean;
}

/** A fly card face: its id, colour, number and the kind of fly the number names. */
export interface CardView {
  id: number;
  colour: string;
  number: number;
  kind: string;
}

/** One clause of a fly's line ("You rolled 6", "→ You take it") and what it tells. */
export interface ClauseView {
  kind: "roll" | "nobody" | "squished" | "swapped" | "taken" | "left";
  text: string;
}

/** The die in ``seat``'s swatter, which is on ``card``, shows ``die``. */
export interface DieRolled {
  event: "DieRolled";
  seat: number;
  card: string;
  die: number;
}

/** The draw pile ran out: the ``cards`` discarded cards became a new draw pile. */
export interface DrawPileReshuffled {
  event: "DrawPileReshuffled";
  cards: number;
}

export type Event = RoundStarted | CardDealt | FlyLaid | DrawPileReshuffled | SignalGiven | SwatChosen | SwattersDown | DieRolled | FlySquished | HandsSwapped | FlyTaken | FlyNotTaken | TurnEnded | FiveCardsAnnounced | HandShown | TokensWon | GameOver;

/** What never changes in a game of Superfly, for a table to draw by (``Game.facts``). */
export interface Facts {
  cards: CardView[];
  colours: string[];
  hand_limit: number;
}

/** ``seats`` announce 5 cards: ``final_turn_for`` get one final turn. */
export interface FiveCardsAnnounced {
  event: "FiveCardsAnnounced";
  seats: number[];
  final_turn_for: number[];
}

/** A fly is laid face up in the centre. */
export interface FlyLaid {
  event: "FlyLaid";
  card: string;
}

/** Every swatter on ``card`` tied out of the battle: nobody takes it. */
export interface FlyNotTaken {
  event: "FlyNotTaken";
  card: string;
}

/** What happened on one centre fly (``resolution.FlyResult``), card ids and seats. */
export interface FlyResultView {
  card: number;
  claimants: number[];
  squished_by: number[];
  swaps: number[][];
  taker: number | null;
}

/** A die on ``card`` showed its number (the dice of ``by``): squished, discarded. */
export interface FlySquished {
  event: "FlySquished";
  card: string;
  by: number[];
}

/**
 * ``seat`` takes ``card`` into its hand: alone on it (Bravo!) or winning a
 * ``battle`` against other swatters.
 */
export interface FlyTaken {
  event: "FlyTaken";
  seat: number;
  card: string;
  battle: boolean;
}

/**
 * The game is over (``reason``, as ``Outcome.reason``): ``winners`` have the most
 * tokens.
 */
export interface GameOver {
  event: "GameOver";
  reason: "tokens" | "cap";
  winners: number[];
  tokens: number[];
}

/**
 * At the round's end ``seat`` shows its hand; its biggest set (one of them) is
 * ``set_cards``, of kind ``set_kind``, ``set_size`` cards.
 */
export interface HandShown {
  event: "HandShown";
  seat: number;
  cards: string[];
  set_size: number;
  set_kind: "same colour" | "same number" | "all different";
  set_cards: string[];
}

/**
 * On ``card``, the ``seats`` tied with ``die``: each passes his whole hand to the
 * next of them clockwise (two simply exchange), and none of them takes the fly.
 */
export interface HandsSwapped {
  event: "HandsSwapped";
  card: string;
  seats: number[];
  die: number;
}

/** The hands shown at the end of the last round (``turns.LastRound``). */
export interface LastRoundView {
  round: number;
  hands: number[][];
  sizes: number[];
  sets: number[][];
  kinds: ("same colour" | "same number" | "all different")[];
  winners: number[];
  tokens: number[];
}

/** The public facts of the last turn played (``turns.LastTurn``). */
export interface LastTurnView {
  turn: number;
  round: number;
  final: boolean;
  first_player: number;
  centre: number[];
  eligible: number[];
  /** Per seat: the card id its swatter landed on, or None (passed or sat out). */
  swats: (number | null)[];
  /** Per seat: its die, or None (no swatter placed). */
  dice: (number | null)[];
  flies: FlyResultView[];
  squished: number[];
  swaps: number[][];
  /** [seat, card id] for each fly taken, in centre order. */
  takes: number[][];
  discarded: number[];
  five_cards: number[];
  round_over: boolean;
}

/** A sentence on the turn as a whole ("Passed: Seat 2.") and what it tells. */
export interface NoteView {
  kind: "passed" | "five-cards";
  text: string;
}

/** A round begins: the first player deals each player a face-down card. */
export interface RoundStarted {
  event: "RoundStarted";
  round: number;
  first_player: number;
}

/**
 * One seat's view: the table, its own hand, and its own choice while the others
 * are still choosing.
 */
export interface SeatView extends TableView {
  seat: number;
  my_hand: CardView[];
  /** The card id this seat swats, or None for a pass, once it has chosen this turn. */
  my_swat?: number | null;
}

/**
 * The first player gives the signal over the centre flies; ``eligible`` may swat
 * (everyone, except in a final turn those already holding 5 cards).
 */
export interface SignalGiven {
  event: "SignalGiven";
  turn: number;
  first_player: number;
  final_turn: boolean;
  centre: string[];
  eligible: number[];
}

/** A spectator's view: the table, and no hand. */
export interface SpectatorView extends TableView {
  seat: null;
}

/**
 * ``seat`` has chosen: ``choice`` is the fly its swatter goes for, or "pass".  Until
 * every swatter is down only that seat knows what; the others' form has ``choice``
 * None (a raised swatter is seen, its target is not).
 */
export interface SwatChosen {
  event: "SwatChosen";
  seat: number;
  choice: string | null;
}

/**
 * Every choice is in and the swatters land together: ``swats`` holds per seat the
 * fly its swatter is on, "pass", or None for a seat sitting out the final turn.
 */
export interface SwattersDown {
  event: "SwattersDown";
  swats: (string | null)[];
}

/** What everyone at the table sees (the part of every view that is not the seat). */
export interface TableView {
  game: "superfly";
  players: number;
  phase: "hands" | "centre" | "swat" | "dice" | "over";
  round: number;
  turn: number;
  first_player: number;
  final_turn: boolean;
  eligible: number[];
  deadline_ms: number;
  open_hands: boolean;
  centre: CardView[];
  hand_sizes: number[];
  tokens: number[];
  tokens_in_box: number;
  draw_pile: number;
  discards: number;
  /** Who has chosen this turn (a raised swatter is seen; what it is raised for, not). */
  chosen: number[];
  last_turn: LastTurnView | null;
  last_round: LastRoundView | null;
  /** While the dice roll: per seat the card id its swatter is on (None: none). */
  swats?: (number | null)[];
  /** While the dice roll: per seat its die once rolled. */
  dice?: (number | null)[];
  /** Every hand, when hands are played face up (option ``open_hands``). */
  hands?: CardView[][];
  outcome?: OutcomeJSON;
}

/**
 * The biggest sets of round ``round`` (``winners``) each win a Fly Catcher token;
 * ``tokens`` is every seat's count after.
 */
export interface TokensWon {
  event: "TokensWon";
  round: number;
  winners: number[];
  tokens: number[];
}

/** The last turn as one reader reads it. */
export interface Told {
  /**
   * For each centre fly, in the order of the last turn's ``flies``: its clauses, the
   * rolls first (one per swatter, in the order of the fly's ``claimants``), then what
   * became of the fly.
   */
  flies: ClauseView[][];
  /** What else the turn told: who passed, who holds 5 cards (a final turn follows). */
  notes: NoteView[];
}

/**
 * Turn ``turn`` is over: the flies nobody took (``discarded``) are discarded, and
 * ``five_cards`` hold 5 cards.
 */
export interface TurnEnded {
  event: "TurnEnded";
  turn: number;
  discarded: string[];
  five_cards: number[];
}

export type View = SeatView | SpectatorView;
