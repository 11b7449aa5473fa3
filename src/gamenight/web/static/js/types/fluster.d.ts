// Generated from the views and events of Fluster (`gamenight schema fluster`, rules
// version 2) by gamenight.web.typegen: do not edit. After a change to the
// game's view TypedDicts or event dataclasses, regenerate: `python -m gamenight.web.typegen`.

import type { OutcomeJSON } from "./engine";
export type { OutcomeJSON };

/** One block of a pad, its 25 squares row by row. */
export interface BlockView {
  numbers: number[];
  squares: string;
  down: number[];
  across: number[];
}

/** The call being written: its caller, the letter ("#": a Blank) and the number. */
export interface CallView {
  caller: number;
  letter: string;
  number: number;
}

/**
 * Everyone has written the call (the last call the views show); ``forced``: it was
 * its number's second call, written in the one square of it left on each pad.
 */
export interface CallWritten {
  event: "CallWritten";
  caller: number;
  letter: string;
  number: number;
  forced: boolean;
}

/**
 * The caller called out a letter (``"#"``: a Blank) and the number of a square.
 * ``times`` is 1 on the number's first call (everyone chooses a block) and 2 on its
 * second (one square of it is left on each pad, so it is written at once).
 */
export interface Called {
  event: "Called";
  caller: number;
  letter: string;
  number: number;
  times: number;
}

export type Event = PadsHandedOut | Called | Wrote | CallWritten | SquareWritten | PadScored | GameOver;

/** What never changes in a game of Fluster, for a table to draw by (``Game.facts``). */
export interface Facts {
  letters: string;
  blank: string;
  numbers: number[];
}

/**
 * The game has ended (``reason``: see ``Outcome.reason``); the highest Grand Total
 * wins, and equal totals share the win.
 */
export interface GameOver {
  event: "GameOver";
  reason: string;
  scores: number[];
  winners: number[];
}

/**
 * The last call everyone has written; ``forced``: a number's second call, written
 * in the one square of it left.
 */
export interface LastCallView {
  caller: number;
  letter: string;
  number: number;
  forced: boolean;
}

/**
 * A pad's totals, shown once the game is over: A and B (Down and Across of the left
 * block), C and D (of the right), the bonuses and the Grand Total.
 */
export interface PadScored {
  event: "PadScored";
  seat: number;
  a: number;
  b: number;
  c: number;
  d: number;
  bonuses: number;
  grand_total: number;
}

/** A player's pad: the left and right blocks and their totals. */
export interface PadView {
  left: BlockView;
  right: BlockView;
  totals: TotalsView;
}

/**
 * Each player has received a pad of two blocks, numbered at random (what numbers
 * each block holds, only its owner's view shows).
 */
export interface PadsHandedOut {
  event: "PadsHandedOut";
  players: number;
}

/**
 * The call is on a player's pad: in the square at ``row`` and ``column`` (1-5) of
 * his ``side`` block, completing ``words`` -- each run of letters, bounded by the
 * block's edges and Blanks, that became a word (a point a letter).  Only its owner
 * knows any of it: every other seat gets nothing of this event, and every player
 * has one for every call, so not even how many words another created leaks.
 */
export interface SquareWritten {
  event: "SquareWritten";
  seat: number;
  side: "left" | "right";
  row: number;
  column: number;
  words: ["down" | "across", number, string][];
}

/**
 * A pad's totals: A and B (Down and Across of the left block), C and D (of the
 * right), the bonuses (10 for each of them at 15 or more) and the Grand Total.
 */
export interface TotalsView {
  A: number;
  B: number;
  C: number;
  D: number;
  bonuses: number;
  grand_total: number;
}

/** What one seat (``seat``; None: a spectator) may know now. */
export interface View {
  game: "fluster";
  seat: number | null;
  players: number;
  phase: "setup" | "call" | "write" | "over";
  turn: number;
  caller: number;
  called: number[];
  call: CallView | null;
  written: number[];
  last: LastCallView | null;
  dictionary: string;
  pad?: PadView;
  my_choice?: "left" | "right" | null;
  last_side?: "left" | "right" | null;
  pads?: PadView[];
  outcome?: OutcomeJSON;
}

/**
 * A player has written a number's first call, in his left or right block, in
 * secret: every other seat is told only that he has written (``side`` None).
 */
export interface Wrote {
  event: "Wrote";
  seat: number;
  side: "left" | "right" | null;
}
