import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './db';
import { ChangedMigrationError, migrate } from './migrate';

// Migrations of our own in a temporary folder, applied to an empty database (a fresh schema on PostgreSQL).
describe('migrations are frozen once applied', () => {
  let dir: string;
  let handle: DbHandle;
  let schema: string | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    const url = process.env.DATABASE_URL;
    schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
    handle = await createDb({ databaseUrl: url, pgliteDir: 'memory://', schema, poolSize: 2 });
  });
  afterAll(async () => {
    if (schema) await handle.withSession((run) => run(`drop schema ${schema} cascade`));
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const tables = async () =>
    (
      await handle.withSession((run) =>
        run(
          // This test's schema only (other test files' schemas live in the same PostgreSQL database); '_' escaped.
          `select table_name from information_schema.tables where table_schema = current_schema() and table_name like 'm\\_%' order by 1`,
        ),
      )
    ).map((r) => String(r.table_name));

  it('applies new files once, records their checksums, and refuses a changed applied file', async () => {
    writeFileSync(join(dir, '001_first.sql'), 'create table m_first (id int);');
    expect(await migrate(handle, dir)).toEqual(['001_first.sql']);
    expect(await migrate(handle, dir)).toEqual([]);
    const sums = await handle.withSession((run) => run(`select name, checksum from schema_migrations`));
    expect(sums.map((r) => r.name)).toEqual(['001_first.sql']);
    expect(String(sums[0]?.checksum)).toMatch(/^[0-9a-f]{64}$/);

    // Editing the applied file and adding a new one: nothing runs, and the message names the edited file.
    writeFileSync(join(dir, '001_first.sql'), 'create table m_first (id bigint);');
    writeFileSync(join(dir, '002_second.sql'), 'create table m_second (id int);');
    const refused = migrate(handle, dir);
    await expect(refused).rejects.toBeInstanceOf(ChangedMigrationError);
    await expect(refused).rejects.toThrow(
      'Applied migration changed since it was applied: 001_first.sql. Migrations are frozen once applied: restore the file and put the change in a new migration.',
    );
    expect(await tables()).toEqual(['m_first']);

    // Restoring the file lets the new one through.
    writeFileSync(join(dir, '001_first.sql'), 'create table m_first (id int);');
    expect(await migrate(handle, dir)).toEqual(['002_second.sql']);
    expect(await tables()).toEqual(['m_first', 'm_second']);
  });

  it('adopts databases migrated before checksums were kept', async () => {
    await handle.withSession((run) => run(`update schema_migrations set checksum = null where name = '002_second.sql'`));
    expect(await migrate(handle, dir)).toEqual([]);
    const [row] = await handle.withSession((run) => run(`select checksum from schema_migrations where name = '002_second.sql'`));
    expect(String(row?.checksum)).toMatch(/^[0-9a-f]{64}$/);
  });
});

// 004 and 005 had their first comment rewritten after they were applied; no SQL changed.
describe('applied migrations whose comment was rewritten', () => {
  let handle: DbHandle;
  let schema: string | undefined;
  const recorded = async (name: string) =>
    String((await handle.withSession((run) => run(`select checksum from schema_migrations where name = '${name}'`)))[0]?.checksum);

  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
    handle = await createDb({ databaseUrl: url, pgliteDir: 'memory://', schema, poolSize: 2 });
    await migrate(handle);
  });
  afterAll(async () => {
    if (schema) await handle.withSession((run) => run(`drop schema ${schema} cascade`));
    await handle.db.destroy();
  });

  it('start on a database that recorded the former checksum, which then records the current one', async () => {
    const current = await recorded('004_team.sql');
    const former = 'f73c4d040326b1f5e0ddc1568e9586737175497a59b180dfe472c778f6d591b2';
    expect(current).not.toBe(former);
    await handle.withSession((run) => run(`update schema_migrations set checksum = '${former}' where name = '004_team.sql'`));
    expect(await migrate(handle)).toEqual([]);
    expect(await recorded('004_team.sql')).toBe(current);
  });

  it('are still refused when the recorded checksum is neither the current nor the former one', async () => {
    await handle.withSession((run) => run(`update schema_migrations set checksum = '${'0'.repeat(64)}' where name = '005_callcentre.sql'`));
    await expect(migrate(handle)).rejects.toThrow('Applied migration changed since it was applied: 005_callcentre.sql.');
  });
});
