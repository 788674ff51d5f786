import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './db';
import { migrate } from './migrate';

const MIGRATION = '050_contest_ids.sql';
const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

// A database as an import left it before contest boards came from the data: five contests at 32–36, the last
// two on the ids of Direct business and Loan business, each summed by the ETL.
describe('migration 051 moves contests off the fixed reports’ ids', () => {
  let dir: string;
  let handle: DbHandle;
  let schema: string | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    for (const name of readdirSync(migrationsDir).filter((n) => n.endsWith('.sql') && n < MIGRATION)) {
      copyFileSync(join(migrationsDir, name), join(dir, name));
    }
    const url = process.env.DATABASE_URL;
    schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
    handle = await createDb({ databaseUrl: url, pgliteDir: 'memory://', schema, poolSize: 2 });
    await migrate(handle, dir);
  });
  afterAll(async () => {
    if (schema) await handle.withSession((run) => run(`drop schema ${schema} cascade`));
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps 32–34 and their standings, moves 35 and 36 past 1000 in their order, to be summed afresh', async () => {
    const db = handle.db;
    const ids = [32, 33, 34, 35, 36];
    await db
      .insertInto('contests')
      .values(
        ids.map((id) => ({ id, name: `Contest ${id}`, zone_ids: [1], starts_on: '2026-05-01', ends_on: '2026-05-31', target_wp: '1000' })),
      )
      .execute();
    await sql`insert into contest_boards (contest_id, zone_ids, starts_on, ends_on, target_wp)
      select id, zone_ids, starts_on, ends_on, target_wp from contests`.execute(db);

    copyFileSync(join(migrationsDir, MIGRATION), join(dir, MIGRATION));
    expect(await migrate(handle, dir)).toEqual([MIGRATION]);

    const contests = await db.selectFrom('contests').select(['id', 'name']).orderBy('id').execute();
    expect(contests).toEqual([
      { id: 32, name: 'Contest 32' },
      { id: 33, name: 'Contest 33' },
      { id: 34, name: 'Contest 34' },
      { id: 1001, name: 'Contest 35' },
      { id: 1002, name: 'Contest 36' },
    ]);
    const boards = await db.selectFrom('contest_boards').select('contest_id').orderBy('contest_id').execute();
    expect(boards.map((b) => b.contest_id)).toEqual([32, 33, 34]);
  });
});
