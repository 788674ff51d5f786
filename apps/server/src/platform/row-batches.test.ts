import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersWithin } from '../../test/answers-within';
import { createTestDb } from '../../test/db';
import { MAX_OPEN_CURSORS, readInBatches, type KeysetQuery } from './row-batches';

const ROWS = 500;
// The numbers 1..ROWS in order, resumable after any of them.
const numbers: KeysetQuery<{ n: number }, number> = {
  sql: (after, limit) =>
    sql<{
      n: number;
    }>`select n from generate_series(1, ${ROWS}) as n where n > ${after ?? 0} order by n ${limit === null ? sql`` : sql`limit ${limit}`}`,
  keyOf: (row) => row.n,
};

describe('reading rows in batches', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.drop());

  it('gives every row once, in order, in batches of at most the batch size', async () => {
    const seen: number[] = [];
    for await (const batch of readInBatches(db.db, numbers, 64)) {
      expect(batch.length).toBeLessThanOrEqual(64);
      seen.push(...batch.map((r) => Number(r.n)));
    }
    expect(seen).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
  });

  it('stalled readers, more than the pool has connections, leave the database answering', async () => {
    // The test pool has 4 connections; six downloads whose clients stopped reading after one batch.
    const stalled = Array.from({ length: 6 }, () => readInBatches(db.db, numbers, 50));
    for (const reader of stalled) expect((await answersWithin(3000, reader.next())).done).toBe(false);
    expect(MAX_OPEN_CURSORS).toBeLessThan(4);
    const res = await answersWithin(3000, sql<{ one: number }>`select 1 as one`.execute(db.db));
    expect(res.rows[0]?.one).toBe(1);
    // Each of them still reads the rest correctly when its client goes on.
    for (const reader of stalled) {
      let last = 0;
      for (let r = await reader.next(); !r.done; r = await reader.next()) last = Number(r.value.at(-1)?.n ?? last);
      expect(last).toBe(ROWS);
    }
  });
});
