// Generated from the views and events of FLY (`gamenight schema fly`, rules
// version 1) by gamenight.web.typegen: do not edit. After a change to the
// game's view TypedDicts or event dataclasses, regenerate: `python -m gamenight.web.typegen`.

import type { OutcomeJSON } from "./engine";
export type { OutcomeJSON };

export interface AimView {
  x: number;
  y: number;
  angle: number;
}

/**
 * A table card, face up: a fly's colour, symbol and place on its card (its offset
 * from the card's top-left corner); a blank card has none.
 */
export interface CardView {
  id: number;
  blank: boolean;
  colour?: string;
  symbol?: string;
  place?: number[];
}

export type Event = TableLaidOut | SwatterDropped | SwatterLanded | FliesCollected | TableConsolidated | SwatterPassed | GameOver;

/**
 * ``seat`` takes the cards of the flies it covered and places them in front of
 * itself; it now holds ``flies`` flies worth ``points`` points.
 */
export interface FliesCollected {
  event: "FliesCollected";
  seat: number;
  cards: number[];
  points: number;
  flies: number;
}

/** How far a falling swatter drifts (standard deviations, the steadiness applied). */
export interface FlutterView {
  sigma_pos: number;
  sigma_angle: number;
}

/** The game ends (``reason``), with each seat's points and the winners. */
export interface GameOver {
  event: "GameOver";
  reason: "only-blanks-left" | "cap";
  scores: number[];
  winners: number[];
}

export interface LandingView {
  x: number;
  y: number;
  angle: number;
}

/**
 * The latest drop: who dropped, the aim, the landing, the cards it covered, the table
 * (card ids by place) as the swatter landed on it, and the consolidation moves after.
 */
export interface LastDropView {
  seat: number;
  aim: AimView;
  landing: LandingView;
  covered: number[];
  before: number[];
  moves: MoveView[];
}

export type Move = [number, "slide" | "up", [number, number], [number, number]];

export interface MoveView {
  card: number;
  kind: "slide" | "up";
  from: number[];
  to: number[];
}

/** ``seat`` drops the swatter aimed at (x, y), turned ``angle`` degrees. */
export interface SwatterDropped {
  event: "SwatterDropped";
  seat: number;
  x: number;
  y: number;
  angle: number;
}

/**
 * The swatter ``seat`` dropped lands at (x, y), turned ``angle`` degrees, covering
 * the flies of ``covered`` completely (in place order; none is possible).
 */
export interface SwatterLanded {
  event: "SwatterLanded";
  seat: number;
  x: number;
  y: number;
  angle: number;
  covered: number[];
}

/** The swatter passes to the player on the left: ``seat`` drops next. */
export interface SwatterPassed {
  event: "SwatterPassed";
  seat: number;
}

export interface SwatterView {
  width: number;
  length: number;
}

/**
 * A card on the table: its place, and where its fly lies on the table (None for a
 * blank).
 */
export interface TableCardView extends CardView {
  slot: number;
  fly: number[] | null;
}

/**
 * Cards move to fill the voids, one at a time in ``moves``: each slides toward the
 * box within its row, or moves up from the end of the lowest row to the end of a row
 * above (``table.Move``: card, kind, from and to as (row, column) from 0; as JSON,
 * ``[card, kind, [row, column], [row, column]]``).
 */
export interface TableConsolidated {
  event: "TableConsolidated";
  moves: Move[];
}

/**
 * The shuffled table cards are laid out 9 x 3, row by row from the box: ``cards``
 * by place (row 1 left to right, then rows 2 and 3).
 */
export interface TableLaidOut {
  event: "TableLaidOut";
  cards: number[];
}

/** What a seat (or a spectator, ``seat`` None) sees of a FLY table: all of it. */
export interface View {
  game: "fly";
  seat: number | null;
  players: number;
  phase: "layout" | "aim" | "landing" | "over";
  drops: number;
  max_drops: number;
  current: number;
  table: TableCardView[];
  collected: CardView[][];
  scores: number[];
  swatter: SwatterView;
  fly_diameter: number;
  flutter: FlutterView;
  aim: AimView | null;
  last_drop: LastDropView | null;
  outcome?: OutcomeJSON;
}
