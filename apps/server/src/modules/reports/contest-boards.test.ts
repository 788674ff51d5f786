import {
  FIRST_CONTEST_ID,
  type ImportEntity,
  type ImportReport,
  type ReportResponse,
  type SideMenuResponse,
  type Subscription,
  toDayMonthYear,
} from '@dossier/shared';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/db';
import { buildOrg, IMPORT_ORDER, toCsv, type Row } from '../../../test/import-org';
import { loadRawWorld } from '../../../test/raw-business';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';
import { runBusinessEtl } from '../etl/business-etl';
import { importRows } from '../imports/core';
import { csvRows } from '../imports/readers';
import { addUser } from '../imports/users';

/*
 * The Contests dashboard is the distributor's contests, not the demo's (docs/product/reports-catalogue.md,
 * 'Contests'): an organisation imported into an empty database has no Contests group until it imports contests,
 * then one board per contest, named as imported, whose figures are the contest's RMs' own business.
 */

const org = buildOrg();
const PASSWORD = 'contest-boards-pass';
const CONTESTS: Row[] = [
  ...org.contests,
  { name: 'Monsoon Push', zones: 'South', starts_on: '2026-02-01', ends_on: '2026-02-28', target_wp: '50000' },
];

const importCsv = async (database: Db, entity: ImportEntity, rows: Row[]): Promise<ImportReport> => {
  const report = await importRows(database, entity, csvRows(Readable.from([Buffer.from(toCsv(rows))])), {
    partial: false,
    dryRun: false,
    source: 'cli',
  });
  expect([entity, report.rejected, report.errors]).toEqual([entity, 0, []]);
  return report;
};

/** The board as the contest's rows say: its zones' RMs (the employees file), their own successful weightage premium in the window. */
async function expectedBoard(database: Db, contest: Row): Promise<{ code: string; name: string; wp: number; rank: number }[]> {
  const world = await loadRawWorld(database);
  const zones = (contest.zones ?? '').split(/[|,]/).map((z) => z.trim().toLowerCase());
  const rms = org.employees.filter((e) => e.designation === 'rm' && zones.includes((e.zone ?? '').toLowerCase()));
  const start = contest.starts_on ?? '';
  const end = contest.ends_on ?? '';
  const scored = rms.map((e) => {
    const id = world.employees.find((w) => w.code === e.unique_code)?.id;
    const wp = world.policies
      .filter((p) => p.employeeId === id && p.status === 'success' && p.day >= start && p.day <= end)
      .reduce((a, p) => a + p.wp, 0);
    return { code: e.unique_code ?? '', name: e.name ?? '', wp };
  });
  return scored
    .map((r) => ({ ...r, rank: 1 + scored.filter((o) => o.wp > r.wp + 0.001).length }))
    .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name));
}

describe('contest boards of an imported organisation', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  let app: App;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    db = await createTestDb();
    app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent', MAIL_RATE_LIMIT: '100' }), db: db.db });
    await app.ready();
    for (const entity of IMPORT_ORDER.filter((e) => e !== 'contests' && e !== 'users')) await importCsv(db.db, entity, org[entity]);
    await runBusinessEtl(db.db);
    for (const [login, code] of [
      ['anita', 'H1'],
      ['rohan', 'R1'],
    ] as const) {
      await addUser(db.db, { login, employeeCode: code, password: PASSWORD, admin: false });
      const res = await app.inject({ method: 'POST', url: '/accounts/api/v1/login/', payload: { username: login, password: PASSWORD } });
      expect(res.statusCode, res.body).toBe(200);
      tokens.set(login, res.json<{ token: string }>().token);
    }
    // Only report mails and subscriptions need the flag: the import's users file is not imported here.
    await db.db.updateTable('users').set({ email_report_access: true, download_report_access: true }).execute();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const call = (login: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: `Token ${tokens.get(login)}` }, ...(payload ? { payload } : {}) });
  const menu = async (login: string) => (await call(login, 'GET', '/api/side_menu/')).json<SideMenuResponse>();

  it('without contests the menu has no Contests group, and the Contests dashboard and a board id are unknown (404)', async () => {
    const { dashboards } = await menu('anita');
    expect(dashboards.map((d) => d.dashboard_name)).toEqual([
      'Business Dashboard',
      'Health Business',
      'Life Issuance',
      'Partner Activation Dashboard Revist',
      'Team Business Performance',
      'Apex Journey',
      'Recruitment',
      'Direct dashboard',
      'Loans',
    ]);
    for (const id of [8, 32, FIRST_CONTEST_ID]) {
      const res = await call('anita', 'GET', `/api/reports/${id}/`);
      expect([res.statusCode, res.json()]).toEqual([404, { error: `No report ${id}` }]);
    }
  });

  it('after the import the menu lists exactly the contests imported, by name, each opening its board', async () => {
    const report = await importCsv(db.db, 'contests', CONTESTS);
    expect(report.inserted).toBe(CONTESTS.length);
    await runBusinessEtl(db.db);
    const boards = CONTESTS.map((c, i) => ({ id: FIRST_CONTEST_ID + i, name: c.name }));
    const contests = (await menu('anita')).dashboards.find((d) => d.dashboard_name === 'Contests');
    expect(contests).toEqual({ dashboard_id: 8, dashboard_name: 'Contests', date_reset: false, drillable: 0, nested_dashboard: boards });
    // The Contests group is the menu's eighth entry, where it always was.
    expect((await menu('anita')).dashboards.map((d) => d.dashboard_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    for (const [i, contest] of CONTESTS.entries()) {
      const res = await call('anita', 'GET', `/api/reports/${FIRST_CONTEST_ID + i}/?page_size=100`);
      expect(res.statusCode, res.body).toBe(200);
      const board = res.json<ReportResponse>();
      expect([board.report_id, board.report_name, board.dashboard_name]).toEqual([FIRST_CONTEST_ID + i, contest.name, 'Contests']);
      expect([board.start_date, board.end_date]).toEqual([contest.starts_on, contest.ends_on]);
      const target = Number(contest.target_wp);
      const expected = await expectedBoard(db.db, contest);
      expect(expected.some((r) => r.wp > 0)).toBe(true);
      expect(board.data.data.records).toEqual(
        expected.map((r) => ({
          'User Id': r.code,
          Name: r.name,
          'Weightage Premium': Math.round(r.wp * 100) / 100,
          Target: target,
          'Achievement %': Math.round((r.wp / target) * 10000) / 100,
          Rank: r.rank,
          account_id: r.code,
        })),
      );
    }
    // The dashboard id answers every board as one page, as any dashboard does.
    const page = (await call('anita', 'GET', '/api/reports/8/')).json<{ kind: string; reports: ReportResponse[] }>();
    expect([page.kind, page.reports.map((r) => r.report_name)]).toEqual(['page', CONTESTS.map((c) => c.name)]);
  });

  it('an RM sees only their own row of a board, with its rank in the whole contest', async () => {
    const whole = await expectedBoard(db.db, CONTESTS[0] ?? {});
    const res = await call('rohan', 'GET', `/api/reports/${FIRST_CONTEST_ID}/`);
    expect(res.statusCode, res.body).toBe(200);
    const own = whole.find((r) => r.code === 'R1');
    expect(res.json<ReportResponse>().data.data.records.map((r) => [r['User Id'], r.Rank])).toEqual([['R1', own?.rank]]);
  });

  it('a board downloads, mails and takes a subscription under its imported name', async () => {
    const [first] = CONTESTS;
    const csv = await call('anita', 'GET', `/api/reports/${FIRST_CONTEST_ID}/download/?format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="spring-sprint_${first?.starts_on}_${first?.ends_on}.csv"`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual((await expectedBoard(db.db, first ?? {})).map((r) => r.code));

    const mail = await call('anita', 'POST', '/api/send_report/', { data_records: FIRST_CONTEST_ID });
    expect(mail.statusCode, mail.body).toBe(200);
    const queued = await db.db.selectFrom('email_outbox').select('subject').where('kind', '=', 'report').execute();
    expect(queued.map((m) => m.subject)).toEqual([
      `Spring Sprint (${toDayMonthYear(first?.starts_on ?? '')} to ${toDayMonthYear(first?.ends_on ?? '')})`,
    ]);

    const created = await call('anita', 'POST', '/api/subscriptions/', {
      report_id: FIRST_CONTEST_ID + 1,
      filters: {},
      schedule: { frequency: 'daily', time: '09:00' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<Subscription>()).toMatchObject({ report_id: FIRST_CONTEST_ID + 1, report_name: 'Monsoon Push', kind: 'report' });
  });

  it('the same contests imported again keep their boards; a new one takes the next id', async () => {
    const again = await importCsv(db.db, 'contests', [
      ...CONTESTS.map((c) => ({ ...c, name: (c.name ?? '').toUpperCase() })),
      { name: 'Year End', zones: 'North', starts_on: '2026-12-01', ends_on: '2026-12-31', target_wp: '10000' },
    ]);
    expect([again.inserted, again.unchanged]).toEqual([1, CONTESTS.length]);
    const nested = (await menu('anita')).dashboards.find((d) => d.dashboard_id === 8)?.nested_dashboard;
    expect(nested).toEqual([
      ...CONTESTS.map((c, i) => ({ id: FIRST_CONTEST_ID + i, name: c.name })),
      { id: FIRST_CONTEST_ID + CONTESTS.length, name: 'Year End' },
    ]);
    const unknown = await call('anita', 'GET', `/api/reports/${FIRST_CONTEST_ID + CONTESTS.length + 1}/download/?format=csv`);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: `No report ${FIRST_CONTEST_ID + CONTESTS.length + 1}` }]);
  });
});
