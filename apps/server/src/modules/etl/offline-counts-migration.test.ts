import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoIfEmpty } from '../../demo/load';
import { createDb, type DbHandle } from '../../platform/db';
import { migrate } from '../../platform/migrate';
import { foldNoted } from './runner';

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '../../platform/migrations');
const OFFLINE_COUNTS = '030_manager_offline_partners.sql';

// A database as the release before migration 030 left it (partner counts folded, mapping changes waiting for
// the next run), then migrated: the offline counts must stand for the present mappings, and the next run must
// keep them so.
describe('migration 030 on a database that already keeps partner counts', () => {
  let handle: DbHandle;
  let schema: string | undefined;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    for (const file of readdirSync(MIGRATIONS).filter((f) => f < OFFLINE_COUNTS)) copyFileSync(join(MIGRATIONS, file), join(dir, file));
    const url = process.env.DATABASE_URL;
    schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
    handle = await createDb({ databaseUrl: url, pgliteDir: 'memory://', schema, poolSize: 2 });
    await migrate(handle, dir);
    await loadDemoIfEmpty(handle, { scale: 0.005, seed: 7, today: '2026-06-15', log: () => undefined });
  }, 120_000);
  afterAll(async () => {
    if (schema) await handle.withSession((run) => run(`drop schema ${schema} cascade`));
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const db = () => handle.db;
  // Per manager: [partners mapped now, of them offline], straight from the mappings.
  const present = async () =>
    (
      await sql<{ r: string }>`
        select concat_ws('|', manager_id, count(*), count(*) filter (where request_item_id is null)) as r
        from partner_mappings where valid_to is null group by manager_id order by 1`.execute(db())
    ).rows.map((x) => x.r);
  // The folded counts plus the changes not folded yet, as the mapping analytics reads them.
  const counted = async () =>
    (
      await sql<{ r: string }>`
        select concat_ws('|', manager_id, sum(mapped), sum(offline)) as r from (
          select manager_id, mapped, offline from fact_manager_partners
          union all select manager_id, sign, case when offline then sign else 0 end from etl_mapping_changes) x
        group by manager_id having sum(mapped) <> 0 or sum(offline) <> 0 order by 1`.execute(db())
    ).rows.map((x) => x.r);
  // Three current offline mappings ended now, their partners mapped to someone else.
  const remapSome = () => sql`
    with moved as (
      update partner_mappings set valid_to = now() where id in (
        select id from partner_mappings where valid_to is null and request_item_id is null order by id limit 3)
      returning partner_id, manager_id)
    insert into partner_mappings (partner_id, manager_id, reporting_type, valid_from)
    select m.partner_id, (select min(e.id) from employees e where e.id <> m.manager_id), 2, now() from moved m`;

  it('counts the present offline mappings, changes waiting for the ETL included, and the next fold keeps them', async () => {
    // The release before: the counts folded, then changes the next run has not folded yet.
    await sql`insert into fact_manager_partners (manager_id, mapped)
      select manager_id, sum(sign) from etl_mapping_changes group by manager_id having sum(sign) <> 0`.execute(db());
    await sql`truncate etl_mapping_changes`.execute(db());
    await remapSome().execute(db());
    expect(Number((await sql<{ n: number }>`select count(*)::int as n from etl_mapping_changes`.execute(db())).rows[0]?.n)).toBe(6);

    await migrate(handle);
    expect(await counted()).toEqual(await present());
    await remapSome().execute(db());
    expect(await counted()).toEqual(await present());

    await db()
      .transaction()
      .execute((trx) => foldNoted(trx));
    const folded = await sql<{ r: string }>`
      select concat_ws('|', manager_id, mapped, offline) as r from fact_manager_partners order by 1`.execute(db());
    expect(folded.rows.map((x) => x.r)).toEqual(await present());
  });
});
