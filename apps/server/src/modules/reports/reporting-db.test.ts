import { createServer, connect, type Server, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportResponse } from '@dossier/shared';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { loadDemoIfEmpty } from '../../demo/load';
import { openReportingDb } from '../../platform/reporting-db';
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

  /**
   * A replica that goes away and comes back: a TCP relay to the test PostgreSQL, closed and opened again.
   * Reports answer from the primary while it is gone and from the replica again once it is back.
   */
  it('answers reports from the primary while the reporting database cannot be reached (PostgreSQL)', async () => {
    const url = process.env.DATABASE_URL;
    if (!url) return; // PGlite: reports share the one in-process database.
    const target = new URL(url);
    const sockets = new Set<Socket>();
    let relay: Server | undefined;
    const openRelay = (port: number) =>
      new Promise<number>((resolve) => {
        relay = createServer((client) => {
          const upstream = connect(Number(target.port || 5432), target.hostname);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('error', () => undefined);
            s.on('close', () => sockets.delete(s));
          }
          client.pipe(upstream).pipe(client);
        });
        relay.listen(port, '127.0.0.1', () => {
          const address = relay?.address();
          resolve(typeof address === 'object' && address ? address.port : 0);
        });
      });
    const closeRelay = async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => relay?.close(r));
    };
    const schemaOf = async (db: TestDb) => (await sql<{ s: string }>`select current_schema() as s`.execute(db.db)).rows[0]?.s ?? '';
    const inSchema = (base: string, schema: string) => `${base}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const port = await openRelay(0);
    const replicaUrl = new URL(url);
    replicaUrl.host = `127.0.0.1:${port}`;
    const switches: boolean[] = [];
    const reporting = await openReportingDb(
      {
        DATABASE_URL: inSchema(url, await schemaOf(primary)),
        REPORTING_DATABASE_URL: inSchema(replicaUrl.toString(), await schemaOf(replica)),
        REPORT_STATEMENT_TIMEOUT_MS: 10_000,
      },
      { retryMs: 300, onSwitch: (toPrimary) => switches.push(toPrimary) },
    );
    if (!reporting) throw new Error('no reporting database on PostgreSQL');
    const app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), db: primary.db, reportingDb: reporting.db });
    try {
      const token = await demoToken(app, 'demo.head');
      const get = async () => {
        const res = await app.inject({
          method: 'GET',
          url: `/api/reports/13/?start_date=2026-05-01&end_date=2026-05-31`,
          headers: { authorization: `Token ${token}` },
        });
        return { status: res.statusCode, asOf: res.statusCode === 200 ? res.json<ReportResponse>().as_of : res.body };
      };
      expect(await get()).toEqual({ status: 200, asOf: REPLICA_WATERMARK });
      await closeRelay();
      // Past the watermark's one-second memo, so the answer's as-of time says where it was read.
      await new Promise((r) => setTimeout(r, 1100));
      const fromPrimary = await get();
      expect(fromPrimary.status).toBe(200);
      expect(fromPrimary.asOf).not.toBe(REPLICA_WATERMARK);
      expect(switches).toEqual([true]);
      await openRelay(port);
      await new Promise((r) => setTimeout(r, 400));
      // The watermark is read at most every few seconds: a request past it sees the replica's.
      await vi.waitFor(async () => expect(await get()).toEqual({ status: 200, asOf: REPLICA_WATERMARK }), {
        timeout: 10_000,
        interval: 500,
      });
      expect(switches).toEqual([true, false]);
    } finally {
      await app.close();
      await reporting.db.destroy();
      await closeRelay();
    }
  }, 60_000);
});
