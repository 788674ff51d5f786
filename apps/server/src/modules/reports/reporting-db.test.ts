import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportResponse } from '@dossier/shared';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { loadDemoIfEmpty } from '../../demo/load';
import type { App } from '../../platform/types';
import { createTestDb } from '../../../test/db';
import { demoToken, TODAY } from '../../../test/reports-fixture';
import { runBusinessEtl } from '../etl/business-etl';
import { FIGURE_TABLES } from '../etl/rollups/registry';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;
const REPLICA_WATERMARK = '2026-06-15T01:23:00.000Z';

/** Sum of a numeric column over a report's records. */
const total = (r: ReportResponse, column: string) => r.data.data.records.reduce((s, rec) => s + Number(rec[column] ?? 0), 0);

/**
 * REPORTING_DATABASE_URL: report queries and their as-of time come from the reporting connection (a read
 * replica in production); sign-in and access checks stay on the primary. The "replica" here is a second
 * database with the same organisation whose roll-ups were changed, so the answer shows which one was read.
 */
describe('reports on a separate reporting database', () => {
  let primary: TestDb;
  let replica: TestDb;
  let plain: App;
  let split: App;

  beforeAll(async () => {
    [primary, replica] = [await createTestDb(), await createTestDb()];
    for (const db of [primary, replica]) {
      await loadDemoIfEmpty(db, { scale: 0.01, seed: 515151, today: TODAY, log: () => undefined });
      await runBusinessEtl(db.db);
    }
    // The replica's roll-ups say twice the premium, and were built at a time of their own.
    for (const table of FIGURE_TABLES) {
      await sql`update ${sql.table(table)} set premium = premium * 2`.execute(replica.db);
    }
    await replica.db
      .updateTable('etl_jobs')
      .set({ last_successful_run_at: new Date(REPLICA_WATERMARK), rollups_changed_at: new Date(REPLICA_WATERMARK) })
      .execute();
    const config = loadConfig({ WEB_DIST: '/nonexistent' });
    plain = await buildApp({ config, db: primary.db });
    split = await buildApp({ config, db: primary.db, reportingDb: replica.db });
  }, 120_000);

  afterAll(async () => {
    await plain.close();
    await split.close();
    await primary.drop();
    await replica.drop();
  });

  it('reads the figures and their as-of time from the reporting database', async () => {
    const url = `/api/reports/13/?start_date=2026-05-01&end_date=2026-05-31`;
    const get = async (app: App) => {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Token ${await demoToken(app, 'demo.head')}` } });
      expect(res.statusCode).toBe(200);
      return res.json<ReportResponse>();
    };
    const [fromPrimary, fromReplica] = [await get(plain), await get(split)];
    expect(total(fromPrimary, 'Total Premium')).toBeGreaterThan(0);
    expect(total(fromReplica, 'Total Premium')).toBeCloseTo(2 * total(fromPrimary, 'Total Premium'), 0);
    expect(total(fromReplica, 'Policies count')).toBe(total(fromPrimary, 'Policies count'));
    expect(fromReplica.as_of).toBe(REPLICA_WATERMARK);
    expect(fromPrimary.as_of).not.toBe(REPLICA_WATERMARK);
  });

  it('keeps sign-in and access checks on the primary', async () => {
    const token = await demoToken(split, 'demo.asm');
    const count = async (db: TestDb) => (await sql<{ n: number }>`select count(*)::int as n from auth_tokens`.execute(db.db)).rows[0]?.n;
    expect(await count(replica)).toBe(0);
    expect(await count(primary)).toBeGreaterThan(0);
    // The same subtree rules: the national head is outside an ASM's subtree.
    const head = await primary.db
      .selectFrom('employees')
      .select('unique_code')
      .where('designation', '=', 'national_head')
      .executeTakeFirstOrThrow();
    const res = await split.inject({
      method: 'GET',
      url: `/api/reports/11/?account_id=${head.unique_code}`,
      headers: { authorization: `Token ${token}` },
    });
    expect(res.statusCode).toBe(403);
  });
});
