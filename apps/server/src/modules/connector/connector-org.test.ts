import { importColumns, type EtlJob, type EtlRunResponse, type ImportReport, type ReportResponse } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { touchSourceRow, writeSourceTable } from '../../../test/connector-source';
import { createTestDb } from '../../../test/db';
import { buildOrg, IMPORT_ORDER, type Row } from '../../../test/import-org';
import {
  createMysqlSource,
  createPostgresSource,
  mysqlSourceAvailable,
  postgresSourceAvailable,
  type SourceDb,
} from '../../../test/source-dbs';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { INSURERS } from '../../demo/reference';
import type { App } from '../../platform/types';
import { importRows } from '../imports/core';
import { addUser } from '../imports/users';
import { parseConnectorConfig } from './config';
import { SourceConnector } from './connector';
import { CONNECTOR_ENTITIES, sourceJobName } from './entities';

/*
 * The import tests' organisation (test/import-org.ts, the CSV files the CLI and API tests import) written
 * as tables of a distributor's database and brought in through the connector: the same reports as the
 * CLI and the API (each equal to the computation from the rows), then the ETL panel and the Dashboard
 * after POST /api/etl_jobs/run/, and a change at the source picked up by the next run.
 */

type Entity = (typeof IMPORT_ORDER)[number];
type Counts = Pick<ImportReport, 'received' | 'inserted' | 'updated' | 'unchanged' | 'rejected' | 'errors'>;

const org = buildOrg();
const T0 = Date.parse('2026-06-01T00:00:00Z');
// Source rows are stamped a minute apart (each table in its own day), so the 10-minute look-back of an
// incremental read covers a table's newest rows only.
const MINUTE = 60_000;
const LOOKBACK = 10 * MINUTE;
const RANGE = { start: '2026-01-01', end: '2026-05-31' };
const PASSWORD = 'connector-org-pass';

/** What importing the rows into an empty database must report, from the rows alone (as the CLI and API tests compute it). */
function expectedFirstImport(entity: Entity, rows: Row[]): Counts {
  const known = new Set(INSURERS.map((i) => i.name.toLowerCase()));
  const existing = entity === 'insurers' ? rows.filter((r) => known.has((r.name ?? '').toLowerCase())).length : 0;
  return { received: rows.length, inserted: rows.length - existing, updated: 0, unchanged: existing, rejected: 0, errors: [] };
}

const counts = (r: ImportReport | null | undefined): Counts | null =>
  r
    ? { received: r.received, inserted: r.inserted, updated: r.updated, unchanged: r.unchanged, rejected: r.rejected, errors: r.errors }
    : null;

const money = (rows: Row[]) => rows.reduce((a, p) => a + Number(p.paid_amount), 0);

/** Business summary rows (report 13) computed from the policy rows: success policies by business type. */
function summaryOf(policies: Row[]) {
  const success = policies.filter((p) => p.status === 'success');
  return ['1', '2', '3'].map((bt) => {
    const rows = success.filter((p) => p.business_type === bt);
    return { nop: rows.length, premium: money(rows).toFixed(2) };
  });
}

const kinds = [
  { kind: 'postgres' as const, available: postgresSourceAvailable, create: createPostgresSource },
  { kind: 'mysql' as const, available: mysqlSourceAvailable, create: createMysqlSource },
];

for (const { kind, available, create } of kinds) {
  describe.skipIf(!(await available()))(`the import tests' organisation through the connector from ${kind}`, () => {
    let src: SourceDb;
    let db: Awaited<ReturnType<typeof createTestDb>>;
    let connector: SourceConnector;
    let app: App;
    const tables = new Map<Entity, string>();
    const stampOf = (entity: Entity, i: number) => new Date(T0 + (IMPORT_ORDER.indexOf(entity) * 1440 + i) * MINUTE);
    // Each source row's stamp, kept as the test changes rows: the independent account of an incremental read.
    const stamps = new Map<Entity, number[]>(IMPORT_ORDER.map((e) => [e, org[e].map((_, i) => stampOf(e, i).getTime())]));
    /** Rows stamped at or after the watermark minus the look-back: what an incremental read must return. */
    const inWindow = (entity: Entity, watermark: number) => (stamps.get(entity) ?? []).filter((t) => t >= watermark - LOOKBACK).length;
    const newest = (entity: Entity) => Math.max(...(stamps.get(entity) ?? []));

    beforeAll(async () => {
      src = await create();
      for (const entity of IMPORT_ORDER)
        tables.set(entity, await writeSourceTable(src, entity, org[entity], importColumns(entity), (i) => stampOf(entity, i)));
      const yaml = ['entities:', ...IMPORT_ORDER.map((e) => `  ${e}:\n    query: select * from ${tables.get(e)}`)].join('\n');
      connector = new SourceConnector(src.url, parseConnectorConfig(yaml, 'connector.yaml'), importRows);
      db = await createTestDb();
      app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), db: db.db, connector });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await db?.drop();
      await src?.drop();
    });

    it('into an empty database: each entity reports what the rows say, as the CLI and the API do', async () => {
      const run = await connector.run(db.db);
      expect(run.entities.map((e) => e.entity)).toEqual(CONNECTOR_ENTITIES);
      for (const e of run.entities) {
        expect([e.entity, counts(e.report)]).toEqual([e.entity, expectedFirstImport(e.entity, org[e.entity])]);
        expect(e.report?.applied).toBe(true);
      }
      const sum = await db.db
        .selectFrom('policies')
        .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('paid_amount').as('premium')])
        .executeTakeFirstOrThrow();
      expect([Number(sum.n), Number(sum.premium).toFixed(2)]).toEqual([org.policies.length, money(org.policies).toFixed(2)]);
    });

    async function signedIn(): Promise<Record<string, string>> {
      await addUser(db.db, { login: 'anita', employeeCode: 'H1', password: PASSWORD, admin: true });
      const res = await app.inject({ method: 'POST', url: '/accounts/api/v1/login/', payload: { username: 'anita', password: PASSWORD } });
      expect(res.statusCode, res.body).toBe(200);
      return { authorization: `Token ${res.json<{ token: string }>().token}` };
    }

    async function businessSummary(headers: Record<string, string>) {
      const res = await app.inject({ method: 'GET', url: `/api/reports/13/?start_date=${RANGE.start}&end_date=${RANGE.end}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<ReportResponse>()
        .data.data.records.slice(0, 3)
        .map((r) => ({ nop: r['Policies count'], premium: Number(r['Total Premium']).toFixed(2) }));
    }

    it('POST /api/etl_jobs/run/ pulls the changes, then the roll-up: the panel and the Dashboard show the source', async () => {
      const headers = await signedIn();
      const res = await app.inject({ method: 'POST', url: '/api/etl_jobs/run/', headers, payload: {} });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<EtlRunResponse>();
      expect(body.ran).toBe(true);
      expect(body.source?.ran).toBe(true);
      // Nothing changed at the source: each entity re-read its last 10 minutes, every row unchanged; a
      // table read whole by the first run (all of it within the look-back) is the same read again, and
      // is not imported at all.
      expect(body.source?.entities.map((e) => e.entity)).toEqual(CONNECTOR_ENTITIES);
      for (const e of body.source?.entities ?? []) {
        const all = org[e.entity as Entity].length;
        const window = inWindow(e.entity as Entity, newest(e.entity as Entity));
        expect(window).toBe(Math.min(11, all));
        const n = window === all ? 0 : window;
        expect(e).toEqual({
          entity: e.entity,
          job: sourceJobName(e.entity),
          received: n,
          inserted: 0,
          updated: 0,
          unchanged: n,
          rejected: 0,
          error: null,
        });
      }
      expect(await businessSummary(headers)).toEqual(summaryOf(org.policies));

      const panel = await app.inject({ method: 'GET', url: '/api/etl_jobs/', headers });
      const jobs = new Map(panel.json<EtlJob[]>().map((j) => [j.name, j]));
      expect(jobs.get('business_rollup')?.status).toBe('idle');
      for (const entity of IMPORT_ORDER) {
        const stamp = new Date(newest(entity)).toISOString();
        expect([entity, jobs.get(sourceJobName(entity))]).toEqual([
          entity,
          expect.objectContaining({
            status: 'idle',
            last_transaction_updated_at: stamp,
            last_transaction_created_at: stamp,
            rows_processed: inWindow(entity, newest(entity)) === org[entity].length ? 0 : inWindow(entity, newest(entity)),
            last_error: null,
          }),
        ]);
      }
    });

    it('a status change at the source is one update on the next run, and the Dashboard follows', async () => {
      const headers = await signedIn();
      const at = new Date(T0 + 30 * 24 * 60 * MINUTE);
      const watermark = newest('policies');
      const pending = org.policies.filter((p) => p.status === 'pending').slice(0, 3);
      for (const p of pending) {
        await touchSourceRow(src, tables.get('policies') ?? '', { proposal_no: p.proposal_no ?? '' }, { status: 'success' }, at);
        stamps.get('policies')?.splice(org.policies.indexOf(p), 1, at.getTime());
      }
      const changed = org.policies.map((p) => (pending.includes(p) ? { ...p, status: 'success' } : p));
      const received = inWindow('policies', watermark);

      const res = await app.inject({ method: 'POST', url: '/api/etl_jobs/run/', headers, payload: {} });
      const policies = res.json<EtlRunResponse>().source?.entities.find((e) => e.entity === 'policies');
      // Read: the changed rows and the look-back's overlap only, not the whole table.
      expect(received).toBeLessThan(org.policies.length);
      expect(policies).toMatchObject({ received, updated: pending.length, unchanged: received - pending.length, inserted: 0, rejected: 0 });
      expect(await businessSummary(headers)).toEqual(summaryOf(changed));
      const job = await db.db.selectFrom('etl_jobs').selectAll().where('name', '=', sourceJobName('policies')).executeTakeFirstOrThrow();
      expect(job.last_transaction_updated_at).toEqual(at);
    });
  });
}
