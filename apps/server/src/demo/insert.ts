import { sql, type InsertType, type Kysely, type SelectType } from 'kysely';
import { copyCell, type CopyIn } from '../platform/copy';
import type { DB as Database } from '../platform/db-types';

/** Array element types the demo rows use; each column travels as one typed array parameter. */
export type SqlType = 'int2' | 'int4' | 'int8' | 'text' | 'numeric' | 'date' | 'timestamptz' | 'bool';

/** A column as the generator writes it: an instant as ISO text (what COPY and the typed arrays carry), the rest as the table takes it. */
type Written<C> = C extends unknown ? (SelectType<C> extends Date ? string : Exclude<InsertType<C>, undefined>) : never;

/**
 * A row the demo writes into `T`: the columns `K`, typed from db-types.ts, every one given (the demo numbers its
 * rows itself, generated ids included).
 */
export type DemoRow<T extends keyof Database, K extends keyof Database[T]> = { [P in K]-?: Written<Database[T][P]> };

/** A SQL type for every field of the row: the row's fields are exactly the columns inserted. */
export type Columns<R> = { readonly [K in keyof R]: SqlType };

/** Rows whose every field is a column of the table (a misspelt field fails to compile). */
type RowOf<T extends keyof Database, R> = { [K in keyof R]: K extends keyof Database[T] ? R[K] : never };

const CHUNK = 10_000;

/**
 * Multi-row insert through `unnest($1::t1[], …)`: one parameter per column, so faster than VALUES lists and
 * never past the 65,535-parameter limit. Rows carry their own ids, hence `overriding system value`.
 */
export async function insertRows<T extends keyof Database, R extends RowOf<T, R>>(
  db: Kysely<Database>,
  table: T,
  columns: Columns<R>,
  rows: readonly R[],
): Promise<void> {
  const names = Object.keys(columns) as (keyof R & string)[];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    // Types come from the fixed SqlType union above, never from data, so raw is safe here.
    const arrays = names.map((name) => sql`${chunk.map((r) => r[name])}::${sql.raw(columns[name])}[]`);
    await sql`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
      overriding system value select * from unnest(${sql.join(arrays)})`.execute(db);
  }
}

// COPY text of about this many characters per chunk: no one huge string, no stream write per row.
const COPY_CHUNK = 256_000;

/** A value in COPY's text format, written as the unnest insert's typed arrays would carry it. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return copyCell(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  throw new Error(`demo data: no COPY form for ${typeof value}`);
}

/** `copy table (columns) from stdin` for the columns of a row type. */
export function copyStatement<T extends keyof Database, R>(table: T, columns: Columns<R>): string {
  // Table and column names are identifiers of the code (Database's keys and the Columns maps), never data.
  return `copy ${table} (${Object.keys(columns)
    .map((c) => `"${c}"`)
    .join(', ')}) from stdin`;
}

/** Rows as COPY text, in chunks of about COPY_CHUNK characters, appended to `out`. */
export function copyChunks<R>(columns: Columns<R>, rows: readonly R[], out: string[] = []): string[] {
  const names = Object.keys(columns) as (keyof R)[];
  let lines: string[] = [];
  let length = 0;
  for (const row of rows) {
    let line = '';
    for (let c = 0; c < names.length; c++) {
      if (c > 0) line += '\t';
      line += copyValue(row[names[c] as keyof R]);
    }
    line += '\n';
    lines.push(line);
    length += line.length;
    if (length >= COPY_CHUNK) {
      // Joined strings are flat, where `+=` across rows would keep a rope of every piece.
      out.push(lines.join(''));
      lines = [];
      length = 0;
    }
  }
  if (lines.length > 0) out.push(lines.join(''));
  return out;
}

/**
 * Where the demo's rows go: on PostgreSQL as COPY on the load's own session (`platform/copy.ts`), on PGlite
 * as multi-row inserts (`insertRows`). Both take the same row objects, so both databases get the same rows.
 */
export class RowWriter {
  constructor(
    readonly db: Kysely<Database>,
    readonly copy: CopyIn | null,
  ) {}

  async rows<T extends keyof Database, R extends RowOf<T, R>>(table: T, columns: Columns<R>, rows: readonly R[]): Promise<void> {
    if (rows.length === 0) return;
    if (this.copy) await this.copy(copyStatement(table, columns), copyChunks(columns, rows));
    else await insertRows(this.db, table, columns, rows);
  }
}
