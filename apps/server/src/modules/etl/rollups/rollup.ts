import type { RawBuilder } from 'kysely';
import type { Db } from '../../../platform/db';
import type { TableSwap } from '../../../platform/table-swap';

/**
 * The declaration of a roll-up: what the runner (../runner.ts) needs to fold it, rebuild it and move it with the
 * hierarchy. Each roll-up is one file of this folder, listed once in ./registry.ts (docs/decisions/071-how-the-etl-works.md).
 */

/** A table a roll-up keeps: its name, its primary key and what a row holds. */
export interface RollupTable {
  name: string;
  key: readonly string[];
  holds: string;
}

/** The run a fold belongs to: the business day it keeps day-bound rows for, and whether that day is new to them. */
export interface FoldRun {
  day: string;
  newDay: boolean;
}

/** An employee above the moved one: their id and how many levels above (1: the manager). */
export interface ChainLink {
  id: number;
  depth: number;
}

/** A hierarchy move, as the roll-ups kept per subtree carry it (../hierarchy-moves.ts). */
export interface HierarchyMove {
  employeeId: number;
  /** The moved employee's ancestors before and after the move. */
  before: readonly ChainLink[];
  after: readonly ChainLink[];
  /** The ancestors only before (the chain left) and only after (the chain joined). */
  left: number[];
  joined: number[];
}

/** One independent part of a rebuild: fills one or more tables through `swap.replace`, reading only what was filled before. */
export type RebuildTask = (swap: TableSwap) => Promise<void>;

/**
 * How a roll-up is filled afresh: `spread` tasks, run side by side with other roll-ups' on their own sessions,
 * or `inRun`, in the run's transaction after every spread, with the mappings held.
 */
export type Rebuild = { spread: readonly RebuildTask[] } | { inRun: (trx: Db, swap: TableSwap) => Promise<void> };

export interface Rollup {
  /** Unique among the roll-ups; what `dependsOn` names. */
  name: string;
  tables: readonly RollupTable[];
  /** The roll-ups this one is rebuilt from or must be folded after. */
  dependsOn: readonly string[];
  /** Folds the run's changed policies: etl_affected holds each one's version as last folded (sign -1) and now (+1). */
  fold?: (trx: Db, run: FoldRun) => Promise<void>;
  /**
   * Folds what triggers and folds noted for it, in every run that finds any, with the mappings held; the runner
   * empties the noting tables after.
   */
  foldNoted?: (trx: Db) => Promise<void>;
  /**
   * Before the fold: sums afresh what an edit of the roll-up's own definition made stale (a contest's window);
   * returns how many parts it summed (any: the figures changed).
   */
  beforeFold?: (trx: Db) => Promise<number>;
  /** Writes the rows of a new business day whole (after the fold or rebuild of a run whose day is new). */
  newDay?: (trx: Db, day: string) => Promise<void>;
  rebuild?: Rebuild;
  /** A roll-up kept per subtree: how a move carries its rows, and how the import of moves rewrites an employee's. */
  hierarchy?: {
    move: (trx: Db, move: HierarchyMove) => Promise<void>;
    /** Rewrites the rows of the employees `ancestors` (a one-column query) from the current closure. */
    refresh: (trx: Db, ancestors: RawBuilder<unknown>) => Promise<void>;
  };
}
