import { sql } from 'kysely';
import { kolkataToday } from '@dossier/shared';
import { REPORTS } from '../apps/server/src/modules/reports/catalogue';
import { DEFAULT_REPORT_PAGE_SIZE, type Account, type QueryContext } from '../apps/server/src/modules/reports/context';
import { previousRange } from '../apps/server/src/modules/reports/params';
import { ReportService } from '../apps/server/src/modules/reports/service';
import type { Db } from '../apps/server/src/platform/db';
import type { Viewer } from '../apps/server/src/platform/viewer';
import { ms, percentile, sample } from './stats';

export interface Case {
  label: string;
  reportId: number;
  account: Account;
  viewer: Viewer;
  /** The same figures computed straight from policies, as a BI tool on the raw tables would. */
  raw: ((db: Db, range: { start: string; end: string }) => Promise<unknown>) | null;
}

const noFilters = { products: null, insurers: null, states: null, businessTypes: null };

/** Report 11 without roll-ups: subtree sums per direct report, current and previous range. */
export async function rawTeam(db: Db, accountId: number, range: { start: string; end: string }): Promise<unknown> {
  const once = (r: { start: string; end: string }) =>
    sql`select ch.unique_code, count(p.id), sum(p.paid_amount), sum(p.weightage_premium)
      from employees ch join employee_closure c on c.ancestor_id = ch.id
      join policies p on p.employee_id = c.descendant_id and p.status = 'success'
        and p.issued_at >= (${r.start}::date::timestamp at time zone 'Asia/Kolkata')
        and p.issued_at < ((${r.end}::date + 1)::timestamp at time zone 'Asia/Kolkata')
      where ch.manager_id = ${accountId} group by ch.unique_code`.execute(db);
  return Promise.all([once(range), once(previousRange(range))]);
}

/** Report 13 without roll-ups: subtree sums per business type, current and previous range. */
export async function rawBusinessTypes(db: Db, accountId: number, range: { start: string; end: string }): Promise<unknown> {
  const once = (r: { start: string; end: string }) =>
    sql`select p.business_type, count(*), sum(p.paid_amount), sum(p.weightage_premium) from policies p
      where p.status = 'success' and p.employee_id in (select descendant_id from employee_closure where ancestor_id = ${accountId})
        and p.issued_at >= (${r.start}::date::timestamp at time zone 'Asia/Kolkata')
        and p.issued_at < ((${r.end}::date + 1)::timestamp at time zone 'Asia/Kolkata')
      group by p.business_type`.execute(db);
  return Promise.all([once(range), once(previousRange(range))]);
}

export interface CaseResult {
  label: string;
  uncachedP50: number;
  uncachedP95: number;
  cachedP50: number;
  cachedP95: number;
  rawP50: number | null;
  rawP95: number | null;
}

export async function benchCase(db: Db, c: Case, range: { start: string; end: string }, runs: number): Promise<CaseResult> {
  const def = REPORTS.find((r) => r.id === c.reportId);
  if (!def) throw new Error(`no report ${c.reportId}`);
  const ctx: QueryContext = {
    db,
    account: c.account,
    range,
    today: kolkataToday(),
    previous: previousRange(range),
    filters: noFilters,
    page: { number: 1, size: DEFAULT_REPORT_PAGE_SIZE },
  };
  const uncached = await sample(() => def.run(ctx), runs);
  const service = new ReportService(db);
  const params = { start_date: range.start, end_date: range.end, account_id: c.account.code };
  const cached = await sample(() => service.report(c.viewer, c.reportId, params), runs);
  const raw = c.raw ? await sample(() => (c.raw as NonNullable<Case['raw']>)(db, range), Math.max(5, Math.floor(runs / 2)), 1) : null;
  return {
    label: c.label,
    uncachedP50: percentile(uncached, 50),
    uncachedP95: percentile(uncached, 95),
    cachedP50: percentile(cached, 50),
    cachedP95: percentile(cached, 95),
    rawP50: raw ? percentile(raw, 50) : null,
    rawP95: raw ? percentile(raw, 95) : null,
  };
}

export function caseTable(results: CaseResult[]): string {
  const lines = [
    '| report | uncached p50 / p95 (ms) | cached p50 / p95 (ms) | raw policies p50 / p95 (ms) | raw ÷ uncached (p95) |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    const raw = r.rawP50 === null || r.rawP95 === null ? '—' : `${ms(r.rawP50)} / ${ms(r.rawP95)}`;
    const ratio = r.rawP95 === null ? '—' : `${(r.rawP95 / r.uncachedP95).toFixed(1)}×`;
    lines.push(
      `| ${r.label} | ${ms(r.uncachedP50)} / ${ms(r.uncachedP95)} | ${ms(r.cachedP50)} / ${ms(r.cachedP95)} | ${raw} | ${ratio} |`,
    );
  }
  return lines.join('\n');
}
