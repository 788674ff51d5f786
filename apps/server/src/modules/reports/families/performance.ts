import type { ReportRecord } from '@dossier/shared';
import type { ReportResult } from '../catalogue';
import { sql } from 'kysely';
import { column, COL, NAME_COLUMN, USER_ID_COLUMN } from '../columns';
import { growth, percent, round2, type QueryContext } from '../context';
import { isCurrentMonth, PROJECTION_COLUMNS, runRateCells } from '../run-rate-columns';
import type { EmployeeLabel } from './facts';
import { subtreeSumsQuery } from './subtree-sums';

export const PERFORMANCE_COLUMNS = [
  USER_ID_COLUMN,
  NAME_COLUMN,
  column('Target', 'currency'),
  column('Achieved Premium', 'currency'),
  column('Achievement %', 'percent'),
  column('MoM Growth %', 'percent'),
];

/**
 * Report 28 (month): each direct report's own monthly target against its subtree's successful premium; in the
 * current month, also where it will land (the run-rate columns).
 */
export async function performanceReport(ctx: QueryContext): Promise<ReportResult> {
  const records = await performanceRecords(ctx);
  if (!isCurrentMonth(ctx.range, ctx.today)) return { columns: PERFORMANCE_COLUMNS, records };
  return {
    columns: [...PERFORMANCE_COLUMNS, ...PROJECTION_COLUMNS],
    records: records.map((r) => ({ ...r, ...runRateCells(Number(r['Achieved Premium']), Number(r.Target), ctx.today, false) })),
  };
}

async function performanceRecords(ctx: QueryContext): Promise<ReportRecord[]> {
  const month = `${ctx.range.start.slice(0, 7)}-01`;
  const reportees = sql`select id from employees where manager_id = ${ctx.account.id}`;
  const success = { statuses: ['success'] };
  const res = await sql<EmployeeLabel & { target: number; achieved: number; previous: number }>`
    with achieved as (${subtreeSumsQuery(ctx, ctx.range, reportees, [], success)}),
      previous as (${subtreeSumsQuery(ctx, ctx.previous, reportees, [], success)})
    select ch.unique_code as code, ch.name,
      coalesce((select t.premium from targets t where t.employee_id = ch.id and t.month = ${month}::date), 0)::float8 as target,
      coalesce(a.premium, 0)::float8 as achieved, coalesce(p.premium, 0)::float8 as previous
    from employees ch left join achieved a on a.root_id = ch.id left join previous p on p.root_id = ch.id
    where ch.manager_id = ${ctx.account.id}
    order by ch.name`.execute(ctx.db);
  return res.rows.map((r) => ({
    [COL.userId]: r.code,
    [COL.name]: r.name,
    Target: round2(r.target),
    'Achieved Premium': round2(r.achieved),
    'Achievement %': percent(r.achieved, r.target),
    'MoM Growth %': growth(r.achieved, r.previous, 'rupees'),
    [COL.accountId]: r.code,
  }));
}
