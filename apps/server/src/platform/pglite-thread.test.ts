import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './db';

// The embedded database on its own thread (decision 018): the server's thread stays free while a query runs.
// It never meets PostgreSQL, so the pass with DATABASE_URL set has nothing new to learn from it.
describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite on its own thread', () => {
  let memory: DbHandle;
  beforeAll(async () => {
    memory = await createDb({ pgliteDir: 'memory://' });
  });
  afterAll(() => memory.db.destroy());

  it('answers timers while a query runs: a 20 ms timer fires before a 300 ms query ends', async () => {
    const order: string[] = [];
    const query = sql`select pg_sleep(0.3)`.execute(memory.db).then(() => order.push('query'));
    await new Promise((resolve) => setTimeout(resolve, 20)).then(() => order.push('timer'));
    await query;
    // On the server's own thread the query would hold the loop for 300 ms and settle first.
    expect(order).toEqual(['timer', 'query']);
  });

  it("keeps PostgreSQL's error fields across the thread", async () => {
    await expect(sql`select 1 / 0`.execute(memory.db)).rejects.toMatchObject({ code: '22012', message: 'division by zero' });
    await sql`create table t (id int primary key)`.execute(memory.db);
    await sql`insert into t values (1)`.execute(memory.db);
    await expect(sql`insert into t values (1)`.execute(memory.db)).rejects.toMatchObject({ code: '23505', constraint: 't_pkey' });
  });

  it('reopens the same directory in a new thread, with its data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dossier-pglite-'));
    const handle = await createDb({ pgliteDir: dir });
    try {
      await sql`create table t (n int)`.execute(handle.db);
      await handle.db.transaction().execute(async (tx) => {
        await sql`insert into t values (1), (2)`.execute(tx);
      });
      if (!handle.reopen) throw new Error('an on-disk PGlite can be reopened');
      await handle.reopen();
      const { rows } = await sql<{ total: number }>`select sum(n)::int as total from t`.execute(handle.db);
      expect(rows).toEqual([{ total: 3 }]);
    } finally {
      await handle.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('cannot reopen an in-memory database, which would lose its data', async () => {
    expect(memory.reopen).toBeUndefined();
  });
});
