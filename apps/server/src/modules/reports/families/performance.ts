import type { ReportRecord } from '@dossier/shared';
import { sql } from 'kysely';
import { column, COL, NAME_COLUMN, USER_ID_COLUMN } from '../columns';
import { factFilters, growth, percent, round2, type QueryContext } from '../context';

export const PERFORMANCE_COLUMNS = [
  USER_ID_COLUMN,
  NAME_COLUMN,
  column('Target', 'currency'),
  column('Achieved Premium', 'currency'),
  column('Achievement %', 'percent'),
  column('MoM Growth %', 'percent'),
];

/** Report 28 (month): each direct report's own monthly target against its subtree's successful premium. */
export async function performanceReport(ctx: QueryContext): Promise<ReportRecord[]> {
  const month = `${ctx.range.start.slice(0, 7)}-01`;
  const res = await sql<{ code: string; name: string; target: number; achieved: number; previous: number }>`
    select ch.unique_code as code, ch.name,
      coalesce((select t.premium from targets t where t.employee_id = ch.id and t.month = ${month}::date), 0)::float8 as target,
      coalesce(sum(f.premium) filter (where f.day between ${ctx.range.start}::date and ${ctx.range.end}::date), 0)::float8 as achieved,
      coalesce(sum(f.premium) filter (where f.day between ${ctx.previous.start}::date and ${ctx.previous.end}::date), 0)::float8 as previous
    from employees ch
    join employee_closure c on c.ancestor_id = ch.id
    left join fact_daily_business f on f.employee_id = c.descendant_id and f.status = 'success'
      and f.day between ${ctx.previous.start}::date and ${ctx.range.end}::date ${factFilters(ctx.filters)}
    where ch.manager_id = ${ctx.account.id}
    group by ch.id, ch.unique_code, ch.name order by ch.name`.execute(ctx.db);
  return res.rows.map((r) => ({
    [COL.userId]: r.code,
    [COL.name]: r.name,
    Target: round2(r.target),
    'Achieved Premium': round2(r.achieved),
    'Achievement %': percent(r.achieved, r.target),
    'MoM Growth %': growth(r.achieved, r.previous),
    [COL.accountId]: r.code,
  }));
}
