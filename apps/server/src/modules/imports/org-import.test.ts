import { ImportEntity, type ImportReport, type ReportResponse } from '@dossier/shared';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliTarget, runCli, type CliTarget } from '../../../test/cli-target';
import { createTestDb } from '../../../test/db';
import { buildOrg, IMPORT_ORDER, toCsv, writeOrg, type OrgFiles, type Row } from '../../../test/import-org';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { INSURERS } from '../../demo/reference';
import type { App } from '../../platform/types';
import { runBusinessEtl } from '../etl/business-etl';
import { createApiKey } from './api-keys';
import { importRows } from './core';
import { csvRows } from './readers';
import { addUser } from './users';

type Entity = (typeof IMPORT_ORDER)[number];
type Counts = Pick<ImportReport, 'received' | 'inserted' | 'updated' | 'unchanged' | 'rejected' | 'errors'>;

const org = buildOrg();
const dir = mkdtempSync(join(tmpdir(), 'dossier-org-'));
const files = writeOrg(dir, org);

/** What importing each file into an empty database must report, computed from the rows alone. */
function expectedFirstImport(entity: Entity, rows: Row[]): Counts {
  const known = new Set(INSURERS.map((i) => i.name.toLowerCase()));
  const existing = entity === 'insurers' ? rows.filter((r) => known.has((r.name ?? '').toLowerCase())).length : 0;
  return { received: rows.length, inserted: rows.length - existing, updated: 0, unchanged: existing, rejected: 0, errors: [] };
}

const counts = (r: ImportReport): Counts => ({
  received: r.received,
  inserted: r.inserted,
  updated: r.updated,
  unchanged: r.unchanged,
  rejected: r.rejected,
  errors: r.errors,
});

/** An instant of the contract: ISO 8601, Indian time when it has no offset. */
function instant(v: string): number {
  const iso = v.includes('T') ? v : v.replace(' ', 'T');
  const withTime = /T/.test(iso) ? iso : `${iso}T00:00`;
  return Date.parse(/[+-]\d\d:\d\d$|Z$/.test(withTime) ? withTime : `${withTime}+05:30`);
}

/** The employee each policy is credited to: its own, or its partner's manager mapped at issued_at. */
function creditedEmployee(files: OrgFiles, p: Row): string {
  if (p.employee_code) return p.employee_code;
  const at = instant(p.issued_at ?? '');
  const spans = files.partner_mappings
    .filter((m) => m.partner_code === p.partner_code && instant(m.valid_from ?? '') <= at)
    .sort((a, b) => instant(b.valid_from ?? '') - instant(a.valid_from ?? ''));
  const manager = spans[0]?.manager_code;
  if (!manager) throw new Error(`no mapping for ${p.proposal_no}`);
  return manager;
}

function ancestors(files: OrgFiles, code: string): string[] {
  const chain = [code];
  for (let e = files.employees.find((x) => x.unique_code === code); e?.manager_code;) {
    chain.push(e.manager_code);
    e = files.employees.find((x) => x.unique_code === e?.manager_code);
  }
  return chain;
}

const RANGE = { start: '2026-01-01', end: '2026-05-31' };
const money = (rows: Row[]) => rows.reduce((a, p) => a + Number(p.paid_amount), 0);

async function signInAs(app: App, login: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/accounts/api/v1/login/',
    payload: { username: login, password: 'imported-org-pass' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

describe('an organisation imported into an empty database', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  let app: App;
  let key: string;
  const apiReports = new Map<Entity, ImportReport>();

  beforeAll(async () => {
    db = await createTestDb();
    app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), db: db.db });
    await app.ready();
    key = await createApiKey(db.db, 'org-test', ImportEntity.options);
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const push = async (entity: Entity, body: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/ingest/${entity}`,
      payload: body,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
    });
    return res.json<ImportReport>();
  };

  it('through the API: each file reports what the rows say', async () => {
    for (const entity of IMPORT_ORDER) {
      const report = await push(entity, readFileSync(files[entity], 'utf8'));
      apiReports.set(entity, report);
      expect([entity, counts(report)]).toEqual([entity, expectedFirstImport(entity, org[entity])]);
      expect(report.applied).toBe(true);
    }
  });

  it('the stored rows are the files: hierarchy, mapping history and credited employees', async () => {
    const closure = await db.db
      .selectFrom('employee_closure as c')
      .innerJoin('employees as a', 'a.id', 'c.ancestor_id')
      .innerJoin('employees as d', 'd.id', 'c.descendant_id')
      .select(['a.unique_code as a', 'd.unique_code as d', 'c.depth'])
      .execute();
    const expected = org.employees.flatMap((e) => ancestors(org, e.unique_code ?? '').map((a, depth) => ({ a, d: e.unique_code, depth })));
    expect(closure.map((c) => `${c.a}>${c.d}@${c.depth}`).sort()).toEqual(expected.map((c) => `${c.a}>${c.d}@${c.depth}`).sort());

    const open = await db.db
      .selectFrom('partner_mappings as m')
      .innerJoin('partners as p', 'p.id', 'm.partner_id')
      .innerJoin('employees as e', 'e.id', 'm.manager_id')
      .select(['p.unique_code', 'e.unique_code as manager'])
      .where('m.valid_to', 'is', null)
      .execute();
    const lastSpan = new Map<string, string>();
    for (const m of org.partner_mappings) lastSpan.set(m.partner_code ?? '', m.manager_code ?? '');
    expect(open.map((o) => `${o.unique_code}>${o.manager}`).sort()).toEqual([...lastSpan].map(([p, m]) => `${p}>${m}`).sort());

    const credited = await db.db
      .selectFrom('policies as p')
      .innerJoin('employees as e', 'e.id', 'p.employee_id')
      .select(['p.proposal_no', 'e.unique_code'])
      .execute();
    expect(Object.fromEntries(credited.map((c) => [c.proposal_no, c.unique_code]))).toEqual(
      Object.fromEntries(org.policies.map((p) => [p.proposal_no, creditedEmployee(org, p)])),
    );
  });

  it('after the ETL the Dashboard shows the files’ figures (Business summary and Team report)', async () => {
    await runBusinessEtl(db.db);
    await addUser(db.db, { login: 'anita', employeeCode: 'H1', password: 'imported-org-pass', admin: true });
    const token = await signInAs(app, 'anita');
    const get = async (id: number) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/reports/${id}/?start_date=${RANGE.start}&end_date=${RANGE.end}`,
        headers: { authorization: `Token ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ReportResponse>().data.data.records;
    };
    const success = org.policies.filter((p) => p.status === 'success');
    const summary = await get(13);
    for (const [i, name] of ['New Business', 'Rollover', 'Renewal'].entries()) {
      const rows = success.filter((p) => p.business_type === String(i + 1));
      expect(summary[i]?.['Business Type']).toBe(name);
      expect(summary[i]?.['Policies count']).toBe(rows.length);
      expect(Number(summary[i]?.['Total Premium'])).toBeCloseTo(money(rows), 2);
    }
    expect(summary[3]?.['Policies count']).toBe(success.length);

    const team = await get(11);
    for (const zsm of ['Z1', 'Z2']) {
      const rows = success.filter((p) => ancestors(org, creditedEmployee(org, p)).includes(zsm));
      const row = team.find((r) => r['User Id'] === zsm);
      expect([zsm, row?.['Policies count'], Number(row?.['Total Premium']).toFixed(2)]).toEqual([zsm, rows.length, money(rows).toFixed(2)]);
    }
  });

  it('a login imported with capitals is stored lower-case and signs in however it is typed', async () => {
    const csv = 'login,employee_code\nSzsm.West,Z2\n';
    const report = await importRows(db.db, 'users', csvRows(Readable.from([Buffer.from(csv)])), {
      partial: false,
      dryRun: false,
      source: 'cli',
    });
    expect(counts(report)).toEqual({ received: 1, inserted: 1, updated: 0, unchanged: 0, rejected: 0, errors: [] });
    const stored = await db.db.selectFrom('users').select('login').where('login', 'ilike', 'szsm.west').execute();
    expect(stored).toEqual([{ login: 'szsm.west' }]);
    expect(await addUser(db.db, { login: 'Szsm.west', employeeCode: 'Z2', password: 'imported-org-pass', admin: false })).toBe('updated');
    for (const typed of ['Szsm.west', 'szsm.west', 'SZSM.WEST']) expect(await signInAs(app, typed)).toMatch(/^\S{20,}$/);
  });

  it('sending the same files again changes nothing; a status change is one update', async () => {
    for (const entity of IMPORT_ORDER) {
      const report = await push(entity, readFileSync(files[entity], 'utf8'));
      expect([entity, counts(report)]).toEqual([
        entity,
        { received: org[entity].length, inserted: 0, updated: 0, unchanged: org[entity].length, rejected: 0, errors: [] },
      ]);
    }
    const changed = org.policies.map((p, i) => (i < 4 && p.status === 'pending' ? { ...p, status: 'success' } : p));
    const flips = changed.filter((p, i) => p.status !== org.policies[i]?.status).length;
    const before = await db.db.selectFrom('policies').select(['proposal_no', 'updated_at']).execute();
    const report = await push('policies', toCsv(changed));
    expect(counts(report)).toEqual({ received: 120, inserted: 0, updated: flips, unchanged: 120 - flips, rejected: 0, errors: [] });
    expect(flips).toBeGreaterThan(0);
    const after = await db.db.selectFrom('policies').select(['proposal_no', 'updated_at']).execute();
    const moved = after.filter((a) => before.find((b) => b.proposal_no === a.proposal_no)?.updated_at.getTime() !== a.updated_at.getTime());
    // The ETL reads by updated_at: exactly the changed policies are newer.
    expect(moved.length).toBe(flips);
  });

  describe('through the CLI, into another empty database', () => {
    let target: CliTarget;
    beforeAll(async () => {
      target = await createCliTarget();
    });
    afterAll(async () => {
      await target.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('imports a folder in import order, stops at a file not wholly applied, and gives the same reports as the API', async () => {
      // The whole organisation but its users, in one command: one report per file, in import order.
      const folder = join(dir, 'org');
      const withoutUsers = IMPORT_ORDER.filter((e) => e !== 'users');
      mkdirSync(folder);
      for (const entity of withoutUsers) copyFileSync(files[entity], join(folder, `${entity}.csv`));
      const whole = await runCli(target, ['import', '--dir', folder, '--json']);
      expect([whole.code, whole.stderr]).toEqual([0, '']);
      const reports = whole.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as ImportReport);
      expect(reports.map((r) => r.entity)).toEqual(withoutUsers);
      for (const report of reports) {
        // Equal to the computation from the files, hence to what the API reported for the same files.
        expect([report.entity, counts(report)]).toEqual([report.entity, expectedFirstImport(report.entity, org[report.entity])]);
        const api = apiReports.get(report.entity);
        if (api) expect(counts(report)).toEqual(counts(api));
      }

      // A case naming an unknown customer: nothing of that file is written, and the users after it wait.
      const broken = join(dir, 'broken');
      mkdirSync(broken);
      writeFileSync(join(broken, 'cases.csv'), toCsv([...org.cases, { ...org.cases[0], case_code: 'CASE99', customer_code: 'C999' }]));
      copyFileSync(files.users, join(broken, 'users.csv'));
      const stopped = await runCli(target, ['import', '--dir', broken]);
      expect(stopped.code).toBe(1);
      const lines = stopped.stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^cases: received 6, inserted 0, updated 0, unchanged 0, rejected 1 \(nothing written\) in [\d.]+ s$/);
      expect(lines[1]).toBe('  line 7 customer_code: customer_code C999 does not exist');
      expect(lines.at(-1)).toBe('Stopped: users not imported.');

      // One file, named with its entity.
      const single = await runCli(target, ['import', 'users', files.users, '--json']);
      expect([single.code, single.stderr]).toEqual([0, '']);
      expect(counts(JSON.parse(single.stdout.trim()) as ImportReport)).toEqual(expectedFirstImport('users', org.users));

      const handle = await target.open();
      try {
        const sum = await handle.db
          .selectFrom('policies')
          .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('paid_amount').as('premium')])
          .executeTakeFirstOrThrow();
        expect([Number(sum.n), Number(sum.premium).toFixed(2)]).toEqual([org.policies.length, money(org.policies).toFixed(2)]);
        const caseCodes = await handle.db.selectFrom('cases').select('case_code').orderBy('case_code').execute();
        expect(caseCodes.map((c) => c.case_code)).toEqual(org.cases.map((c) => c.case_code).sort());
        const runs = await handle.db.selectFrom('import_runs').select(['entity', 'source', 'applied']).orderBy('id').execute();
        expect(runs).toEqual([
          ...withoutUsers.map((entity) => ({ entity, source: 'cli', applied: true })),
          { entity: 'cases', source: 'cli', applied: false },
          { entity: 'users', source: 'cli', applied: true },
        ]);
      } finally {
        await handle.db.destroy();
      }
    }, 900_000);

    it('refuses a folder holding a file not named after an entity, before opening the database', async () => {
      const odd = join(dir, 'odd');
      mkdirSync(odd);
      writeFileSync(join(odd, 'Policies-2026.csv'), 'proposal_no\n');
      const result = await runCli(target, ['import', '--dir', odd]);
      expect(result.code).toBe(2);
      expect(result.stderr.split('\n')[0]).toBe(
        `${join(odd, 'Policies-2026.csv')}: name each file after its entity (${IMPORT_ORDER.join(', ')}) with .csv, .xlsx or .ndjson`,
      );
    });
  });
});
