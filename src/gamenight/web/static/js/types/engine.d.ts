// Generated from the engine's types that the games' views and events and the
// server's messages use, by gamenight.web.typegen: do not edit.  Each game's file
// and protocol.d.ts import (and export) the ones they use.  After a change to them,
// regenerate: `python -m gamenight.web.typegen`.

/**
 * An outcome as JSON (:meth:`Outcome.to_json`): in records, and in every game's view
 * once the game is over.
 */
export interface OutcomeJSON {
  scores: number[];
  ranks: number[];
  winners: number[];
  tiebreaks: number[][];
  truncated: boolean;
  reason: string;
}

/**
 * What each of a list of actions refers to, a column per kind of thing (the
 * protocol's ``refers``): ``card[i]`` is the card the i-th action refers to, None where
 * it refers to none.  Columns, not a dict per action: a decision of hundreds of
 * actions is sent in a third of the size.
 */
export interface ReferColumns {
  card?: (number | null)[];
  face?: (string | null)[];
  place?: (number | null)[];
  number?: (number | null)[];
  x?: (number | null)[];
  y?: (number | null)[];
  angle?: (number | null)[];
  seat?: (number | null)[];
}
