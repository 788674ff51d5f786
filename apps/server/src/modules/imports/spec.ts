import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB as Database } from '../../platform/db-types';

export type Trx = Kysely<Database>;
type Expr = RawBuilder<unknown>;

/** A problem with the input as a whole (not UTF-8, a runaway line): nothing of it is imported. */
export class ImportInputError extends Error {
  constructor(
    readonly line: number,
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'ImportInputError';
  }
}

/** A rule over `import_resolved r`: rows where `when` holds are rejected with `message`. */
export interface Check {
  field: string;
  when: Expr;
  message: Expr;
}

export interface Counts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * How one entity is imported. The core stages the validated rows in `import_stage` (text columns named
 * as in the contract), then builds `import_resolved` with `resolve` (the stage's columns plus resolved
 * ids), rejects the rows `checks` catch, and finally calls `classify` and `apply` on what is left.
 */
export interface EntitySpec {
  /** Stage columns of the natural key (duplicates within a batch are refused). */
  key: readonly string[];
  resolve: Expr;
  checks: readonly Check[];
  /** Runs once import_resolved exists, before the checks (tables the checks read). */
  prepare?: (trx: Trx) => Promise<void>;
  /** Rows may reference other rows of the same batch, so a rejection can reject others: re-check. */
  dependsOnBatch?: boolean;
  /**
   * Rows stand alone: nothing in `resolve` or `checks` reads other staged rows, and nothing `apply` writes is
   * read by them. Such a file is resolved, checked and written one staged batch at a time (see core.ts).
   */
  perBatch?: boolean;
  classify(trx: Trx): Promise<Counts>;
  /** Writes `import_resolved`; `counts` is what `classify` found (a statement with nothing to do is skipped). */
  apply(trx: Trx, counts: Counts): Promise<void>;
  /**
   * The table the rows go to, when a file may be loaded into it empty (perBatch entities): the core then
   * holds off other writers and calls `insertAll` instead of classifying (see `BatchRun` in core.ts).
   */
  target?: string;
  /** Inserts every row of `import_resolved` as new, without looking for it in the target; returns the count. */
  insertAll?(trx: Trx): Promise<number>;
  /**
   * A first load's statements before its first batch and before it commits: checks of the target that the
   * import makes by itself (it resolves every reference), set aside for the load and put back.
   */
  firstLoad?: { before: readonly Expr[]; after: readonly Expr[] };
}

export interface Field {
  /** Column of the target table. */
  column: string;
  /** Its new value, an expression over `import_resolved r`, cast to the column's type. */
  value: Expr;
}

export interface UpsertDef {
  table: string;
  /** Joins the target row `t` to its import row `r` (the natural key). */
  match: Expr;
  /** A column of `t` that is never null, to tell "no match" in a left join. */
  present: string;
  /** Columns written on insert and compared/updated on update. */
  fields: readonly Field[];
  /** Written on insert only (ids, created_at, …). */
  onInsert?: readonly Field[];
  /** Set on update of a changed row only (updated_at, …). */
  onUpdate?: readonly Field[];
  /** Further pairs compared for "unchanged" that are written by `after` (t-side, r-side). */
  compareAlso?: readonly (readonly [Expr, Expr])[];
  /** Runs after the insert and update (hierarchy, history, …). */
  after?: (trx: Trx) => Promise<void>;
}

const ref = (alias: string, column: string): Expr => sql.ref(`${alias}.${column}`);

/**
 * Classifies and applies a batch as one update of the changed rows and one insert of the new ones:
 * set-based, whatever the batch size. A row is unchanged when every field equals the stored value.
 */
export function upsert(def: UpsertDef): Pick<EntitySpec, 'classify' | 'apply' | 'target' | 'insertAll'> {
  const tSide = [...def.fields.map((f) => ref('t', f.column)), ...(def.compareAlso ?? []).map(([t]) => t)];
  const rSide = [...def.fields.map((f) => f.value), ...(def.compareAlso ?? []).map(([, r]) => r)];
  const same = sql`row(${sql.join(tSide)}) is not distinct from row(${sql.join(rSide)})`;
  const table = sql.table(def.table);
  const inserted = [...def.fields, ...(def.onInsert ?? [])];
  const insertColumns = sql.join(inserted.map((f) => sql.ref(f.column)));
  const insertValues = sql.join(inserted.map((f) => f.value));
  return {
    target: def.table,
    async insertAll(trx) {
      const res = await sql`insert into ${table} (${insertColumns}) select ${insertValues} from import_resolved r`.execute(trx);
      await def.after?.(trx);
      return Number(res.numAffectedRows ?? 0);
    },
    async classify(trx) {
      const res = await sql<Counts>`
        select count(*) filter (where ${ref('t', def.present)} is null)::int as inserted,
          count(*) filter (where ${ref('t', def.present)} is not null and not (${same}))::int as updated,
          count(*) filter (where ${ref('t', def.present)} is not null and (${same}))::int as unchanged
        from import_resolved r left join ${table} t on ${def.match}`.execute(trx);
      const row = res.rows[0];
      return { inserted: row?.inserted ?? 0, updated: row?.updated ?? 0, unchanged: row?.unchanged ?? 0 };
    },
    async apply(trx, counts) {
      // A file sent again is all unchanged: it then costs the classification only, not two more joins.
      if (counts.updated > 0) {
        const sets = [...def.fields, ...(def.onUpdate ?? [])].map((f) => sql`${sql.ref(f.column)} = ${f.value}`);
        await sql`update ${table} t set ${sql.join(sets)} from import_resolved r
          where ${def.match} and not (${same})`.execute(trx);
      }
      if (counts.inserted > 0) {
        await sql`insert into ${table} (${insertColumns}) select ${insertValues} from import_resolved r
          where not exists (select 1 from ${table} t where ${def.match})`.execute(trx);
      }
      await def.after?.(trx);
    },
  };
}
