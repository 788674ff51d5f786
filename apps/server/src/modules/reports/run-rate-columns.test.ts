import { kolkataToday, type ReportRecord, type ReportResponse } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { AuthService } from '../auth/service';
import { createReportService } from './module';
import type { Viewer } from '../../platform/viewer';
import { loadRawWorld, sum, type RawWorld } from '../../../test/raw-business';
import { createReportsTestApp, demoToken, TODAY, type ReportsTestContext } from '../../../test/reports-fixture';

const PROJECTED = 'Projected (month end)';
const ACHIEVEMENT = 'Achievement %';
const PROJECTED_PCT = 'Projected %';
const REQUIRED = 'Required per day';
const close = (a: unknown, b: number | null, label = '') =>
  b === null ? expect(a, label).toBeNull() : expect(Number(a), label).toBeCloseTo(b, 1);

// Days of a month written out, not computed by the code under test.
const DAYS_IN: Record<string, number> = { '2026-02': 28, '2026-05': 31, '2026-06': 30, '2026-07': 31 };

/** The run rate as the product describes it, recomputed here: MTD × days ÷ days elapsed, the rest per day left. */
function expected(mtd: number, target: number | null, today: string) {
  const days = DAYS_IN[today.slice(0, 7)] ?? NaN;
  const elapsed = Number(today.slice(8, 10));
  const projected = (mtd * days) / elapsed;
  if (!target) return { projected, achievement: null, projectedPct: null, required: null };
  const left = days - elapsed;
  const rest = target - mtd;
  return {
    projected,
    achievement: (mtd / target) * 100,
    projectedPct: (projected / target) * 100,
    required: rest <= 0 ? 0 : left === 0 ? rest : rest / left,
  };
}

describe('run-rate columns equal a recomputation from raw policies and targets', () => {
  let ctx: ReportsTestContext;
  let world: RawWorld;
  const viewers = new Map<string, Viewer>();
  let targets: { employee_id: number; month: string; premium: string }[] = [];
  const idOf = (code: string) => world.employees.find((e) => e.code === code)?.id ?? -1;
  const targetOf = (code: string, month: string) => {
    const t = targets.find((x) => x.employee_id === idOf(code) && x.month === month);
    return t ? Number(t.premium) : null;
  };
  const subtreeSuccess = (code: string, start: string, end: string) =>
    sum(
      world.policies.filter(
        (p) => world.subtree.get(idOf(code))?.has(p.employeeId) && p.status === 'success' && p.day >= start && p.day <= end,
      ),
    );

  beforeAll(async () => {
    ctx = await createReportsTestApp(0.02, { today: TODAY });
    world = await loadRawWorld(ctx.db.db);
    const auth = new AuthService(ctx.db.db, loadConfig({ WEB_DIST: '/nonexistent' }));
    for (const login of ['demo.zsm', 'demo.rm', 'demo.head']) {
      const viewer = await auth.authenticate(await demoToken(ctx.app, login));
      if (!viewer) throw new Error(login);
      viewers.set(login, viewer);
    }
    targets = await ctx.db.db.selectFrom('targets').select(['employee_id', 'month', 'premium']).execute();
  });
  afterAll(() => ctx.close());

  /** A report as of a given business date (or clock instant), nothing cached. */
  const reportOn = async (today: string, login: string, id: number, params: Record<string, string> = {}) => {
    const service = createReportService({
      db: ctx.db.db,
      reportingDb: ctx.db.db,
      config: loadConfig({ WEB_DIST: '/nonexistent', REPORT_CACHE_MB: '0' }),
      today: () => today,
    });
    const viewer = viewers.get(login);
    if (!viewer) throw new Error(login);
    return service.report(viewer, id, params);
  };

  const checkTeamRows = (r: ReportResponse, today: string, start: string) => {
    expect(r.data.data.columns.slice(-4)).toEqual([PROJECTED, ACHIEVEMENT, PROJECTED_PCT, REQUIRED]);
    let withTarget = 0;
    for (const row of r.data.data.records) {
      const code = row['account_id'];
      if (typeof code !== 'string' || code.includes('EI')) continue;
      const mtd = subtreeSuccess(code, start, today).premium;
      close(row['Total Premium'], mtd, code);
      const target = targetOf(code, start);
      const e = expected(mtd, target, today);
      close(row[PROJECTED], e.projected, `${code} projected`);
      close(row[ACHIEVEMENT], e.achievement, `${code} achievement`);
      close(row[PROJECTED_PCT], e.projectedPct, `${code} projected %`);
      close(row[REQUIRED], e.required, `${code} required`);
      if (target) withTarget += 1;
    }
    return withTarget;
  };

  it('11 and 18 in the current month: projected month end, achievement, projected share and the rate still needed', async () => {
    const start = '2026-06-01';
    const r11 = await reportOn(TODAY, 'demo.zsm', 11);
    expect(r11.start_date).toBe(start);
    expect(checkTeamRows(r11, TODAY, start)).toBeGreaterThan(0);
    // The 15th of a 30-day month: MTD × 30 ÷ 15, twice the month to date.
    const first = r11.data.data.records[0] as ReportRecord;
    close(first[PROJECTED], Number(first['Total Premium']) * 2);
    checkTeamRows(await reportOn(TODAY, 'demo.zsm', 18), TODAY, start);
    // The column definitions travel with the rows (table, chart, files).
    expect(r11.data.data.column_defs.filter((c) => c.key === PROJECTED || c.key === REQUIRED).map((c) => c.kind)).toEqual([
      'currency',
      'currency',
    ]);
  });

  it('a closed month has no run-rate column at all, nor a range that is not the month so far', async () => {
    const may = await reportOn(TODAY, 'demo.zsm', 11, { start_date: '2026-05-01', end_date: '2026-05-31' });
    expect(may.data.data.columns).not.toContain(PROJECTED);
    expect(may.data.data.columns).not.toContain(ACHIEVEMENT);
    const partMonth = await reportOn(TODAY, 'demo.zsm', 11, { start_date: '2026-06-02', end_date: '2026-06-15' });
    expect(partMonth.data.data.columns).not.toContain(PROJECTED);
    const perfMay = await reportOn(TODAY, 'demo.zsm', 28, { start_date: '2026-05-01', end_date: '2026-05-31' });
    expect(perfMay.data.data.columns).toEqual(['User Id', 'Name', 'Target', 'Achieved Premium', 'Achievement %', 'MoM Growth %']);
  });

  it('the first day, the last day and a 28-day February, on 11 and 28', async () => {
    for (const today of ['2026-06-01', '2026-06-30', '2026-02-01', '2026-02-28', '2026-02-10']) {
      const start = `${today.slice(0, 7)}-01`;
      // A business date in the past stands for today: the month so far is the 1st to that date.
      const r11 = await reportOn(today, 'demo.zsm', 11, { start_date: start, end_date: today });
      expect(checkTeamRows(r11, today, start), today).toBeGreaterThan(0);
      const r28 = await reportOn(today, 'demo.zsm', 28, { start_date: start, end_date: today });
      expect(r28.data.data.columns.slice(-3)).toEqual([PROJECTED, PROJECTED_PCT, REQUIRED]);
      for (const row of r28.data.data.records) {
        const code = String(row['User Id']);
        // Report 28 is a month report: its achieved premium is the whole month's, which is the month so far
        // only when the month has no later business; recompute from its own figure and the raw target.
        const mtd = subtreeSuccess(code, start, `${today.slice(0, 7)}-${DAYS_IN[today.slice(0, 7)]}`).premium;
        close(row['Achieved Premium'], mtd, `${today} ${code}`);
        const e = expected(mtd, targetOf(code, start), today);
        close(row[PROJECTED], e.projected, `${today} ${code} projected`);
        close(row[PROJECTED_PCT], e.projectedPct, `${today} ${code} projected %`);
        close(row[REQUIRED], e.required, `${today} ${code} required`);
      }
    }
    // On the last day the whole remainder is due today.
    const last = await reportOn('2026-06-30', 'demo.zsm', 11, { start_date: '2026-06-01', end_date: '2026-06-30' });
    for (const row of last.data.data.records) {
      const code = String(row['account_id']);
      const target = targetOf(code, '2026-06-01');
      if (!target) continue;
      const mtd = subtreeSuccess(code, '2026-06-01', '2026-06-30').premium;
      close(row[REQUIRED], Math.max(target - mtd, 0));
    }
  });

  it('a person without a target, and partners, have a projection but no percentages', async () => {
    const rm = await reportOn(TODAY, 'demo.rm', 11);
    const partners = rm.data.data.records.filter((row) => String(row['User Id']).includes('EI'));
    expect(partners.length).toBeGreaterThan(0);
    for (const row of partners) {
      close(row[PROJECTED], Number(row['Total Premium']) * 2);
      expect([row[ACHIEVEMENT], row[PROJECTED_PCT], row[REQUIRED]]).toEqual([null, null, null]);
    }
    // Take one reportee's June target away: its row keeps the projection and loses the rest.
    const zsm = await reportOn(TODAY, 'demo.zsm', 11);
    const code = String(zsm.data.data.records[0]?.['account_id']);
    await ctx.db.db.deleteFrom('targets').where('employee_id', '=', idOf(code)).where('month', '=', '2026-06-01').execute();
    targets = targets.filter((t) => !(t.employee_id === idOf(code) && t.month === '2026-06-01'));
    const after = (await reportOn(TODAY, 'demo.zsm', 11)).data.data.records.find((row) => row['account_id'] === code);
    close(after?.[PROJECTED], subtreeSuccess(code, '2026-06-01', TODAY).premium * 2);
    expect([after?.[ACHIEVEMENT], after?.[PROJECTED_PCT], after?.[REQUIRED]]).toEqual([null, null, null]);
  });

  it('the Kolkata day edge: at 23:58 on the 30th June still runs; at 00:02 July has begun and June is closed', async () => {
    const before = kolkataToday(new Date('2026-06-30T18:28:00Z'));
    const after = kolkataToday(new Date('2026-06-30T18:32:00Z'));
    expect([before, after]).toEqual(['2026-06-30', '2026-07-01']);
    const june = { start_date: '2026-06-01', end_date: '2026-06-30' };
    const lastMinute = await reportOn(before, 'demo.zsm', 11, june);
    checkTeamRows(lastMinute, '2026-06-30', '2026-06-01');
    const nextDay = await reportOn(after, 'demo.zsm', 11, june);
    expect(nextDay.data.data.columns).not.toContain(PROJECTED);
    const july = await reportOn(after, 'demo.zsm', 11);
    expect(july.start_date).toBe('2026-07-01');
    checkTeamRows(july, '2026-07-01', '2026-07-01');
  });

  it('32 contest board over the current month: projection on weightage premium against the contest target', async () => {
    const board = await reportOn(TODAY, 'demo.head', 32, { page_size: '100' });
    expect(board.data.data.columns.slice(-3)).toEqual([PROJECTED, PROJECTED_PCT, REQUIRED]);
    const contest = await ctx.db.db
      .selectFrom('contests')
      .select(['target_wp', 'starts_on', 'ends_on'])
      .where('id', '=', 32)
      .executeTakeFirstOrThrow();
    expect([contest.starts_on, contest.ends_on]).toEqual(['2026-06-01', '2026-06-30']);
    for (const row of board.data.data.records) {
      const code = String(row['User Id']);
      const own = sum(
        world.policies.filter((p) => p.employeeId === idOf(code) && p.status === 'success' && p.day >= '2026-06-01' && p.day <= TODAY),
      );
      close(row['Weightage Premium'], own.wp, code);
      const e = expected(own.wp, Number(contest.target_wp), TODAY);
      close(row[PROJECTED], e.projected, code);
      close(row[PROJECTED_PCT], e.projectedPct, code);
      close(row[REQUIRED], e.required, code);
    }
  });

  it('the columns reach the downloaded file of 11, 28 and the contest board', async () => {
    const headers = { authorization: `Token ${await demoToken(ctx.app, 'demo.zsm')}` };
    for (const [id, titles] of [
      [11, [PROJECTED, ACHIEVEMENT, PROJECTED_PCT, REQUIRED]],
      [28, [PROJECTED, PROJECTED_PCT, REQUIRED]],
      [32, [PROJECTED, PROJECTED_PCT, REQUIRED]],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/reports/${id}/download/?format=csv`, headers });
      expect(res.statusCode, res.body).toBe(200);
      const header = res.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
      for (const title of titles) expect(header, `report ${id}`).toContain(title);
    }
  });
});
