import type { RawBuilder } from 'kysely';
import { readsThroughCursor, type Db } from './db';

/**
 * A query in a total order (its order-by ends in a unique column) that can resume after any row, so a
 * large result can be read in batches without holding it all.
 */
export interface KeysetQuery<R, K> {
  /** The rows after `after` in the query's order (all of them for null), at most `limit` (no cap for null). */
  sql(after: K | null, limit: number | null): RawBuilder<R>;
  /** A row's position in that order, handed back as `after` for the rows behind it. */
  keyOf(row: R): K;
}

/**
 * The query's rows in batches of at most `batchSize`, in order; stopping early frees the connection.
 * PostgreSQL: one cursor, one snapshot. PGlite: keyset pages, since a cursor's open transaction on its single
 * connection would stall every other request; rows changed between pages may show either state.
 */
export async function* readInBatches<R, K>(db: Db, query: KeysetQuery<R, K>, batchSize: number): AsyncGenerator<R[]> {
  if (!Number.isInteger(batchSize) || batchSize <= 0) throw new Error(`Bad batch size ${batchSize}`);
  const source = readBatches(db, query, batchSize);
  // The next batch is asked for before this one is handed out: the database produces it while the caller
  // writes this one, instead of each waiting for the other (one more batch in memory).
  let pending = source.next();
  try {
    for (;;) {
      const result = await pending;
      if (result.done) return;
      pending = source.next();
      yield result.value;
    }
  } finally {
    // Stopped early: let the batch in flight land, then close the cursor (a no-op when it is done).
    await pending.catch(() => undefined);
    await source.return(undefined);
  }
}

/**
 * Cursors one database may hold open at once: each keeps a pool connection while its client downloads, so
 * slow downloads could starve the pool; readers beyond this page by keyset.
 */
export const MAX_OPEN_CURSORS = 2;
const openCursors = new WeakMap<Db, number>();

async function* readBatches<R, K>(db: Db, query: KeysetQuery<R, K>, batchSize: number): AsyncGenerator<R[]> {
  const open = openCursors.get(db) ?? 0;
  if (readsThroughCursor(db) && open < MAX_OPEN_CURSORS) {
    openCursors.set(db, open + 1);
    try {
      for await (const result of db.getExecutor().stream(query.sql(null, null).compile(db), batchSize)) {
        if (result.rows.length > 0) yield result.rows;
      }
    } finally {
      openCursors.set(db, (openCursors.get(db) ?? 1) - 1);
    }
    return;
  }
  let after: K | null = null;
  for (;;) {
    const { rows } = await query.sql(after, batchSize).execute(db);
    const last = rows.at(-1);
    if (last === undefined) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = query.keyOf(last);
  }
}
