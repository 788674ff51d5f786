import { importColumns, type ImportEntity, type ImportReport } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTOR_ORG, orgFingerprint } from '../../../test/connector-org';
import { touchSourceRow, writeSourceTable } from '../../../test/connector-source';
import { createTestDb } from '../../../test/db';
import {
  createMysqlSource,
  createPostgresSource,
  mysqlSourceAvailable,
  postgresSourceAvailable,
  type SourceDb,
} from '../../../test/source-dbs';
import { importRows } from '../imports/core';
import { parseConnectorConfig } from './config';
import { SourceConnector, type ConnectorRun } from './connector';
import { CONNECTOR_ENTITIES, entitiesNotRead, sourceJobName } from './entities';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;

const LOOKBACK_MINUTES = 10;
// Source rows are stamped an hour apart from here: only a table's newest row falls in the look-back.
const T0 = Date.parse('2026-11-20T04:00:00Z');
const HOUR = 3_600_000;

const ORG_ENTITIES = CONNECTOR_ENTITIES.filter((e) => CONNECTOR_ORG[e]);

const kinds = [
  { kind: 'postgres' as const, available: postgresSourceAvailable, create: createPostgresSource },
  { kind: 'mysql' as const, available: mysqlSourceAvailable, create: createMysqlSource },
];

/** The reports importing the organisation's rows directly gives (what the CLI and the API call), and the data. */
let direct: Promise<{ reports: Map<string, ImportReport>; fingerprint: Awaited<ReturnType<typeof orgFingerprint>> }> | null = null;
function directImport() {
  direct ??= (async () => {
    const db = await createTestDb();
    try {
      const reports = await importAll(db);
      return { reports, fingerprint: await orgFingerprint(db.db) };
    } finally {
      await db.drop();
    }
  })();
  return direct;
}

async function importAll(db: TestDb): Promise<Map<string, ImportReport>> {
  const reports = new Map<string, ImportReport>();
  for (const entity of ORG_ENTITIES) {
    const rows = CONNECTOR_ORG[entity] ?? [];
    async function* lines() {
      for (const [i, values] of rows.entries()) yield { line: i + 2, values };
    }
    reports.set(entity, await importRows(db.db, entity, lines(), { partial: false, dryRun: false, source: 'cli' }));
  }
  return reports;
}

async function jobs(db: TestDb) {
  const rows = await db.db.selectFrom('etl_jobs').selectAll().where('name', 'like', 'source\\_%').orderBy('name').execute();
  return new Map(rows.map((r) => [r.name, r]));
}

const byEntity = (run: ConnectorRun) => new Map(run.entities.map((e) => [e.entity, e]));

it('reads every entity of the data contract', () => {
  expect(entitiesNotRead()).toEqual([]);
});

for (const { kind, available, create } of kinds) {
  describe.skipIf(!(await available()))(`source connector reading ${kind}`, () => {
    let src: SourceDb;
    let db: TestDb;
    let connector: SourceConnector;
    const tables = new Map<ImportEntity, string>();
    // Each source row's stamp by entity and key, kept as the test changes rows: the independent account
    // of what an incremental read must pick up.
    const stamps = new Map<ImportEntity, Map<string, number>>();
    const keyOf = (entity: ImportEntity, row: Record<string, string | null>) =>
      entity === 'partner_mappings' ? `${row.partner_code}@${row.valid_from}` : String(row[importColumns(entity)[0] ?? ''] ?? '');

    const watermarkOf = async (entity: ImportEntity) => (await jobs(db)).get(sourceJobName(entity))?.last_transaction_updated_at ?? null;
    /** Rows an incremental read must return: stamped at or after the watermark minus the look-back. */
    const expectedReceived = async (entity: ImportEntity) => {
      const wm = await watermarkOf(entity);
      const since = wm ? new Date(wm).getTime() - LOOKBACK_MINUTES * 60_000 : -Infinity;
      return [...(stamps.get(entity)?.values() ?? [])].filter((t) => t >= since).length;
    };

    beforeAll(async () => {
      src = await create();
      for (const entity of ORG_ENTITIES) {
        const rows = CONNECTOR_ORG[entity] ?? [];
        const stampOf = (i: number) => new Date(T0 + i * HOUR);
        tables.set(entity, await writeSourceTable(src, entity, rows, importColumns(entity), stampOf));
        stamps.set(entity, new Map(rows.map((r, i) => [keyOf(entity, r), stampOf(i).getTime()])));
      }
      const yaml = [
        `lookback_minutes: ${LOOKBACK_MINUTES}`,
        'entities:',
        ...ORG_ENTITIES.map((e) => `  ${e}:\n    query: select * from ${tables.get(e)}`),
      ].join('\n');
      connector = new SourceConnector(src.url, parseConnectorConfig(yaml, 'connector.yaml'), importRows);
      db = await createTestDb();
    });
    afterAll(async () => {
      await db?.drop();
      await src?.drop();
    });

    it('imports the organisation into an empty database with the reports and data a direct import gives', async () => {
      const run = await connector.run(db.db);
      expect(run.ran).toBe(true);
      expect(run.entities.map((e) => e.entity)).toEqual(ORG_ENTITIES);
      const expected = await directImport();
      for (const e of run.entities) {
        const rows = CONNECTOR_ORG[e.entity] ?? [];
        // Independently: every row is new, none is rejected.
        expect(e.report).toEqual({
          entity: e.entity,
          received: rows.length,
          inserted: rows.length,
          updated: 0,
          unchanged: 0,
          rejected: 0,
          applied: true,
          dryRun: false,
          partial: false,
          errors: [],
        });
        expect(e.report).toEqual(expected.reports.get(e.entity));
        expect(e.error).toBeNull();
        expect(e.since).toBeNull();
      }
      expect(await orgFingerprint(db.db)).toEqual(expected.fingerprint);

      // The ETL panel: one job per entity with the newest stamps the source holds.
      const panel = await jobs(db);
      for (const entity of ORG_ENTITIES) {
        const newest = new Date(T0 + ((CONNECTOR_ORG[entity] ?? []).length - 1) * HOUR);
        const job = panel.get(sourceJobName(entity));
        expect(job?.status).toBe('idle');
        expect(job?.last_error).toBeNull();
        expect(Number(job?.rows_processed)).toBe((CONNECTOR_ORG[entity] ?? []).length);
        expect(job?.last_transaction_updated_at).toEqual(newest);
        expect(job?.last_transaction_created_at).toEqual(newest);
        expect(job?.last_successful_run_at).toBeTruthy();
      }
      const runs = await db.db.selectFrom('import_runs').select(['entity', 'source', 'actor', 'applied']).orderBy('id').execute();
      expect(runs).toEqual(ORG_ENTITIES.map((entity) => ({ entity, source: 'connector', actor: sourceJobName(entity), applied: true })));
    });

    it('reads again only the look-back overlap, and re-reading unchanged rows changes nothing', async () => {
      const before = await orgFingerprint(db.db);
      const watermarks = await Promise.all(ORG_ENTITIES.map(watermarkOf));
      const expected = await Promise.all(ORG_ENTITIES.map(expectedReceived));
      const run = await connector.run(db.db);
      const got = byEntity(run);
      ORG_ENTITIES.forEach((entity, i) => {
        const n = expected[i] ?? -1;
        expect(n).toBe(1);
        if ((CONNECTOR_ORG[entity] ?? []).length === n) {
          // The first run read this very row (the whole table): the same read again is not imported.
          expect([entity, got.get(entity)?.report]).toEqual([entity, null]);
        } else {
          expect([entity, got.get(entity)?.report]).toEqual([
            entity,
            expect.objectContaining({ received: n, inserted: 0, updated: 0, unchanged: n, rejected: 0, applied: true }),
          ]);
        }
        expect(got.get(entity)?.since).toEqual(new Date(new Date(watermarks[i] ?? 0).getTime() - LOOKBACK_MINUTES * 60_000));
      });
      expect(await orgFingerprint(db.db)).toEqual(before);
      expect(await Promise.all(ORG_ENTITIES.map(watermarkOf))).toEqual(watermarks);

      // Reading the very same rows once more: nothing changed, so no import is made (and none recorded).
      const imports = (await db.db.selectFrom('import_runs').select('id').execute()).length;
      const again = await connector.run(db.db);
      for (const e of again.entities) expect([e.entity, e.report, e.error]).toEqual([e.entity, null, null]);
      expect((await db.db.selectFrom('import_runs').select('id').execute()).length).toBe(imports);
      const panel = await jobs(db);
      for (const entity of ORG_ENTITIES) {
        expect([entity, panel.get(sourceJobName(entity))?.status, Number(panel.get(sourceJobName(entity))?.rows_processed)]).toEqual([
          entity,
          'idle',
          0,
        ]);
      }
      expect(await Promise.all(ORG_ENTITIES.map(watermarkOf))).toEqual(watermarks);
    });

    it('picks up changed and new rows: updated and inserted counted, the watermark moved to the newest change', async () => {
      const at = new Date(T0 + 30 * HOUR);
      const employees = tables.get('employees') ?? '';
      await touchSourceRow(src, employees, { unique_code: 'CR2' }, { name: 'Asha Rao-Nair' }, at);
      stamps.get('employees')?.set('CR2', at.getTime());
      const customers = tables.get('customers') ?? '';
      const later = new Date(at.getTime() + 60_000);
      const p = (i: number) => (kind === 'postgres' ? `$${i}` : '?');
      await src.exec(
        `insert into ${customers} (customer_code, name, phone, email, pincode, updated_at, created_at) values (${[1, 2, 3, 4, 5, 6, 7].map(p).join(', ')})`,
        [
          'CC4',
          'Devika Sen',
          '9700000004',
          'devika@example.com',
          '560001',
          ...[later, later].map((d) => (kind === 'postgres' ? d.toISOString() : kolkata(d))),
        ],
      );
      stamps.get('customers')?.set('CC4', later.getTime());
      const expectedEmployees = await expectedReceived('employees');
      const expectedCustomers = await expectedReceived('customers');

      const got = byEntity(await connector.run(db.db));
      expect(got.get('employees')?.report).toMatchObject({
        received: expectedEmployees,
        inserted: 0,
        updated: 1,
        unchanged: expectedEmployees - 1,
        rejected: 0,
      });
      expect(got.get('customers')?.report).toMatchObject({
        received: expectedCustomers,
        inserted: 1,
        updated: 0,
        unchanged: expectedCustomers - 1,
        rejected: 0,
      });
      expect(await watermarkOf('employees')).toEqual(at);
      expect(await watermarkOf('customers')).toEqual(later);
      expect((await jobs(db)).get(sourceJobName('customers'))?.last_transaction_created_at).toEqual(later);
      const fp = await orgFingerprint(db.db);
      expect(fp.employees).toContainEqual(expect.objectContaining({ unique_code: 'CR2', name: 'Asha Rao-Nair' }));
      expect(fp.customers).toContainEqual({
        customer_code: 'CC4',
        name: 'Devika Sen',
        phone: '9700000004',
        email: 'devika@example.com',
        pincode: '560001',
      });
    });

    it('a batch with a rejected row changes nothing, says why in the panel, and is read again until the source fixes it', async () => {
      const employees = tables.get('employees') ?? '';
      const bad = new Date(T0 + 40 * HOUR);
      await touchSourceRow(src, employees, { unique_code: 'CR1' }, { manager_code: 'M9', name: 'Ravi M.' }, bad);
      stamps.get('employees')?.set('CR1', bad.getTime());
      const before = await orgFingerprint(db.db);
      const watermark = await watermarkOf('employees');
      const received = await expectedReceived('employees');

      const run = byEntity(await connector.run(db.db));
      const report = run.get('employees')?.report;
      expect(report).toMatchObject({ received, rejected: 1, applied: false });
      const line = report?.errors[0]?.line;
      const message = `1 of ${received} rows rejected, nothing applied: row ${line} (unique_code CR1): manager_code M9 does not exist`;
      expect(run.get('employees')?.error).toBe(message);
      const job = (await jobs(db)).get(sourceJobName('employees'));
      expect(job?.status).toBe('failed');
      expect(job?.last_error).toBe(message);
      expect(job?.last_transaction_updated_at).toEqual(watermark);
      expect(await orgFingerprint(db.db)).toEqual(before);

      // The next run reads the same rows again; once fixed at the source, they pass.
      const fixed = new Date(T0 + 41 * HOUR);
      await touchSourceRow(src, employees, { unique_code: 'CR1' }, { manager_code: 'CZ1' }, fixed);
      stamps.get('employees')?.set('CR1', fixed.getTime());
      const rereads = await expectedReceived('employees');
      const again = byEntity(await connector.run(db.db));
      expect(again.get('employees')?.report).toMatchObject({
        received: rereads,
        updated: 1,
        rejected: 0,
        applied: true,
      });
      const after = (await jobs(db)).get(sourceJobName('employees'));
      expect(after?.status).toBe('idle');
      expect(after?.last_error).toBeNull();
      expect(after?.last_transaction_updated_at).toEqual(fixed);
      expect((await orgFingerprint(db.db)).employees).toContainEqual(
        expect.objectContaining({ unique_code: 'CR1', name: 'Ravi M.', manager: 'CZ1' }),
      );
    });

    it('partial: the good rows are applied, the bad one reported, and the watermark waits at the bad row', async () => {
      const partners = tables.get('partners') ?? '';
      const partial = new SourceConnector(
        src.url,
        parseConnectorConfig(
          `lookback_minutes: ${LOOKBACK_MINUTES}\npartial: true\nentities:\n  partners:\n    query: select * from ${partners}\n`,
          'c.yaml',
        ),
        importRows,
      );
      const badAt = new Date(T0 + 50 * HOUR);
      const goodAt = new Date(T0 + 51 * HOUR);
      await touchSourceRow(src, partners, { unique_code: 'EIC001' }, { state: 'Gujrat' }, badAt);
      await touchSourceRow(src, partners, { unique_code: 'EIC002' }, { pincode: '400099' }, goodAt);
      const run = byEntity(await partial.run(db.db));
      const report = run.get('partners')?.report;
      expect(report).toMatchObject({ received: 2, inserted: 0, updated: 1, unchanged: 0, rejected: 1, applied: true, partial: true });
      const message = `1 of 2 rows rejected, the others applied: row ${report?.errors[0]?.line} (unique_code EIC001): state "Gujrat" is not a known state`;
      const job = (await jobs(db)).get(sourceJobName('partners'));
      expect(job?.last_error).toBe(message);
      expect(job?.status).toBe('idle');
      expect(job?.last_transaction_updated_at).toEqual(badAt);
      const fp = await orgFingerprint(db.db);
      expect(fp.partners).toContainEqual(expect.objectContaining({ unique_code: 'EIC002', pincode: '400099' }));
      expect(fp.partners).toContainEqual(expect.objectContaining({ unique_code: 'EIC001', state: 'Gujarat' }));

      // Read again (and reported again) on the next run, until fixed.
      const again = byEntity(await partial.run(db.db));
      expect(again.get('partners')?.report).toMatchObject({ received: 2, unchanged: 1, rejected: 1 });
      await touchSourceRow(src, partners, { unique_code: 'EIC001' }, { state: 'Gujarat' }, new Date(T0 + 52 * HOUR));
      const fixed = byEntity(await partial.run(db.db));
      expect(fixed.get('partners')?.report).toMatchObject({ received: 2, unchanged: 2, rejected: 0 });
      expect((await jobs(db)).get(sourceJobName('partners'))?.last_error).toBeNull();
    });

    it('runs once at a time: a second run while one is in progress does nothing', async () => {
      const other = await db.connectAgain();
      const [a, b] = await Promise.all([connector.run(db.db), connector.run(other.db)]);
      expect([a.ran, b.ran].sort()).toEqual([false, true]);
      expect((a.ran ? b : a).entities).toEqual([]);
      const [c] = await Promise.all([connector.run(db.db)]);
      expect(c.ran).toBe(true);
    });

    it('a query error fails its entity with the reason; the other entities still run', async () => {
      const broken = new SourceConnector(
        src.url,
        parseConnectorConfig(
          `entities:\n  insurers:\n    query: select nme as name, updated_at from ${tables.get('insurers')}\n  customers:\n    query: select * from ${tables.get('customers')}\n`,
          'c.yaml',
        ),
        importRows,
      );
      const watermark = await watermarkOf('insurers');
      const run = byEntity(await broken.run(db.db));
      expect(run.get('insurers')?.error).toMatch(/^the source query failed: .*nme/);
      // Customers ran (and read what the last run read: nothing to import).
      expect(run.get('customers')).toMatchObject({ report: null, error: null });
      expect((await jobs(db)).get(sourceJobName('customers'))?.status).toBe('idle');
      const job = (await jobs(db)).get(sourceJobName('insurers'));
      expect(job?.status).toBe('failed');
      expect(job?.last_error).toBe(run.get('insurers')?.error);
      expect(job?.last_transaction_updated_at).toEqual(watermark);
      await connector.run(db.db);
      expect((await jobs(db)).get(sourceJobName('insurers'))?.status).toBe('idle');
    });

    it('an unreachable source fails every job with the reason and keeps the watermarks', async () => {
      const down = new SourceConnector(
        kind === 'postgres' ? 'postgres://postgres@127.0.0.1:1/none' : 'mysql://root@127.0.0.1:1/none',
        connector.config,
        importRows,
      );
      const before = await jobs(db);
      const run = await down.run(db.db);
      expect(run.ran).toBe(true);
      const after = await jobs(db);
      for (const entity of ORG_ENTITIES) {
        const job = after.get(sourceJobName(entity));
        expect(job?.status).toBe('failed');
        expect(job?.last_error).toBe('cannot reach the source database: connect ECONNREFUSED 127.0.0.1:1');
        expect(job?.last_transaction_updated_at).toEqual(before.get(sourceJobName(entity))?.last_transaction_updated_at);
      }
    });
  });
}

const kolkata = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 23).replace('T', ' ');
