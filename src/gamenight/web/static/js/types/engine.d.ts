// Generated from the engine's types that the games' views and events use, by
// gamenight.web.typegen: do not edit.  Each game's file imports (and exports) the
// ones it uses.  After a change to them, regenerate: `python -m gamenight.web.typegen`.

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
