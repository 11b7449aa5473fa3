// Generated from the views and events of Fliegen klatschen (`gamenight schema fliegen-klatschen`, rules
// version 1) by gamenight.web.typegen: do not edit. After a change to the
// game's view TypedDicts or event dataclasses, regenerate: `python -m gamenight.web.typegen`.

import type { OutcomeJSON } from "./engine";
export type { OutcomeJSON };

/**
 * The cards were shuffled, ``removed`` taken out unseen for a shorter game, and the
 * rest dealt into face-down piles of these sizes (seat by seat).
 */
export interface Dealt {
  event: "Dealt";
  removed: number;
  piles: number[];
}

/**
 * A game ended with ``seats`` tied on points (``score``) and on flies won (``flies``),
 * and the option ``tie=deciding-game`` asks them to play a deciding game: a new deal
 * among them alone.
 */
export interface DecidingGame {
  event: "DecidingGame";
  seats: number[];
  score: number;
  flies: number;
}

/**
 * A deciding game (option ``tie=deciding-game``): the tied seats playing it, and the
 * games of the match already over, the first one first.
 */
export interface DecidingView {
  seats: number[];
  played: PlayedGameView[];
}

export type Event = Dealt | Revealed | NothingToHit | Slapped | Passed | FlyWon | Penalty | HuntOver | GameOver | DecidingGame;

/**
 * What never changes in a game of Fliegen klatschen, for a table to draw by
 * (``Game.facts``): events name cards by id only, and a card an event names may have
 * left the view long ago (a fly won before the page was opened pays a penalty).
 */
export interface Facts {
  cards: (FlyCard | SwatterCard)[];
}

/** A fly face up, as views show it: its id, colour and value (1 to 5). */
export interface FlyCard {
  id: number;
  kind: "fly";
  colour: "red" | "yellow" | "green" | "blue" | "purple" | "orange";
  value: number;
}

/**
 * After the hunt, ``seat``'s hand was underneath on ``card``, a fly of an allowed
 * colour: the seat wins it and puts it face down in its play area.
 */
export interface FlyWon {
  event: "FlyWon";
  seat: number;
  card: number;
}

/**
 * The game ended (``reason``: ``last-card`` or ``cap``), with each seat's score
 * (the values of its flies added up) and how many flies it won.
 */
export interface GameOver {
  event: "GameOver";
  reason: "last-card" | "cap";
  scores: number[];
  flies: number[];
}

/**
 * A hand flat on a centre fly (``card``: its id), put there ``at_ms`` after the
 * reveal; a view lists them in time order, so the first hand on a fly is underneath.
 */
export interface Hand {
  seat: number;
  card: number;
  at_ms: number;
}

/**
 * One hand of the hunt ("Seat 2 on red 3 at 412 ms") and, once the hunt is over,
 * its verdict.
 */
export interface HandLineView {
  text: string;
  /** None while the hunt lasts: no hand is judged before every seat has finished. */
  verdict: VerdictView | null;
}

/**
 * Every hand was checked; the card that started the hunt (``card``, revealed by
 * ``seat``) goes back in the box, out of play.
 */
export interface HuntOver {
  event: "HuntOver";
  seat: number;
  card: number;
}

/**
 * A hunt in progress: the card that started it (not in the centre), who revealed
 * it, the time limit, the hands down and the seats still hitting.
 */
export interface HuntView {
  trigger: FlyCard | SwatterCard;
  revealer: number;
  deadline_ms: number;
  hands: Hand[];
  pending: number[];
}

/** The card turned over last, and by whom. */
export interface LastReveal {
  seat: number;
  card: FlyCard | SwatterCard;
}

/**
 * One thing the hunt did to ``seat`` ("+ red 3", "✗ wrong fly: − yellow 1"), told
 * beside that seat, and what it tells.
 */
export interface NewsView {
  seat: number;
  kind: "won" | "penalty" | "penalty-nothing";
  text: string;
}

/** A sentence on the hunt as a whole ("Nobody slapped.") and what it tells. */
export interface NoteView {
  kind: "nothing-to-hit" | "nobody-slapped";
  text: string;
}

/**
 * A hunt began over an empty centre: it catches nothing, and its ``card`` (always
 * a swatter: a fifth colour needs four others in the centre) goes back in the box.
 */
export interface NothingToHit {
  event: "NothingToHit";
  card: number;
}

/**
 * ``seat`` stopped hitting flies in this hunt at ``at_ms`` with a hand still free
 * (or the hunt's time ran out for it).  No line of narration: a browser shows the
 * seat as done.
 */
export interface Passed {
  event: "Passed";
  seat: number;
  at_ms: number;
}

/**
 * ``seat`` hit ``hit``, a fly of a colour that was not allowed (it stays in the
 * centre): its most recently won fly, ``card``, goes under its starting pile, or
 * nothing (``card`` None) if it has won none yet.
 */
export interface Penalty {
  event: "Penalty";
  seat: number;
  hit: number;
  card: number | null;
}

/**
 * A game of the match that is over: who played it, and each seat's points and flies
 * won in it (0 for a seat that sat it out).
 */
export interface PlayedGameView {
  seats: number[];
  scores: number[];
  flies: number[];
}

/**
 * ``seat`` turned over the top card of its pile.  A fly goes to the centre unless
 * it starts a hunt; a swatter, or a fly of a fifth colour beside four in the centre,
 * starts one (``hunt``).
 */
export interface Revealed {
  event: "Revealed";
  seat: number;
  card: number;
  hunt: boolean;
}

/** A seat's view: the table, and the flies it has won, oldest first. */
export interface SeatView extends TableView {
  seat: number;
  my_won: FlyCard[];
}

/** ``seat`` put a hand flat on the centre fly ``card``, ``at_ms`` after the reveal. */
export interface Slapped {
  event: "Slapped";
  seat: number;
  card: number;
  at_ms: number;
}

/** A spectator's view (``seat`` None). */
export interface SpectatorView extends TableView {
  seat: null;
}

/** A fly-swatter card face up, as views show it. */
export interface SwatterCard {
  id: number;
  kind: "swatter";
}

/** What every seat and a spectator see alike. */
export interface TableView {
  game: "fliegen-klatschen";
  players: number;
  phase: "deal" | "reveal" | "hunt" | "over";
  turn: number;
  current: number;
  hands_per_player: number;
  piles: number[];
  won: number[];
  box: number;
  centre: FlyCard[];
  last_reveal: LastReveal | null;
  hunt: HuntView | null;
  deciding?: DecidingView;
  won_cards?: FlyCard[][];
  outcome?: OutcomeJSON;
}

/** The hunt under way, or the last one, as one reader reads it. */
export interface Told {
  /** Whether the hunt is over (its hands judged). */
  over: boolean;
  /**
   * Who started it, and with what: "Hunt: Seat 2 revealed a swatter", "Last hunt (you
   * revealed a fifth colour (red 3))".
   */
  head: string;
  /** Every hand put down, in the order of time (the first on a fly is underneath). */
  hands: HandLineView[];
  notes: NoteView[];
  /**
   * Each fly won and each penalty paid, seat by seat, in the order the rules judged
   * them (a seat with two hands may have both).  News only until the next card is
   * revealed: empty while the hunt lasts and once a card has been revealed after it.
   */
  news: NewsView[];
}

/** What became of one hand ("✓ won it") and what it tells. */
export interface VerdictView {
  kind: "won" | "penalty" | "penalty-nothing" | "underneath";
  text: string;
}

export type View = SeatView | SpectatorView;
