import { sql, type Kysely } from 'kysely';
import type { DB as Database } from '../platform/db-types';

/** Array element types the demo rows use; each column travels as one typed array parameter. */
export type SqlType = 'int2' | 'int4' | 'int8' | 'text' | 'numeric' | 'date' | 'timestamptz' | 'bool';

/** A SQL type for every field of the row: the row's fields are exactly the columns inserted. */
export type Columns<R> = { readonly [K in keyof R]: SqlType };

/** Rows whose every field is a column of the table (a misspelt field fails to compile). */
type RowOf<T extends keyof Database, R> = { [K in keyof R]: K extends keyof Database[T] ? R[K] : never };

const CHUNK = 10_000;

/**
 * Multi-row insert as `insert ... select * from unnest($1::t1[], $2::t2[], ...)`: one parameter per
 * column whatever the row count, which is far faster than VALUES lists and never hits the
 * 65,535-parameter limit. Rows carry their own ids, hence `overriding system value`.
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
