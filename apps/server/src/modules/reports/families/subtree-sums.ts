import { addDays } from '@dossier/shared';
import { sql, type RawBuilder } from 'kysely';
import { factFilters, type DateRange, type QueryContext } from '../context';
import { NARROW_DIMS, type SubtreeDim } from '../../etl/module';
import { scopeFilter, type FactScope, type Measures } from './facts';

const lastOfMonth = (d: string) => {
  const [y, m] = d.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** A range as the whole months inside it plus the days left over at either edge. */
export function splitRange(range: DateRange): { months: string[]; edges: DateRange[] } {
  const firstFull = range.start.endsWith('-01') ? range.start : addDays(lastOfMonth(range.start), 1);
  const lastFullEnd = range.end === lastOfMonth(range.end) ? range.end : addDays(`${range.end.slice(0, 8)}01`, -1);
  if (firstFull > lastFullEnd) return { months: [], edges: [range] };
  const months: string[] = [];
  for (let m = firstFull; m <= lastFullEnd; m = addDays(lastOfMonth(m), 1)) months.push(m);
  const edges: DateRange[] = [];
  if (range.start < firstFull) edges.push({ start: range.start, end: addDays(firstFull, -1) });
  if (lastFullEnd < range.end) edges.push({ start: addDays(lastFullEnd, 1), end: range.end });
  return { months, edges };
}

export interface SubtreeRow extends Measures {
  root_id: number;
  /** The key columns' values joined by '|' ('' without key columns). */
  key: string;
}

const keyText = (columns: RawBuilder<unknown>[]) => (columns.length ? sql`concat_ws('|', ${sql.join(columns)})` : sql`''`);

/**
 * Business of the whole subtree of each root (an SQL list of employee ids), grouped by the key columns. It
 * reads the subtree roll-ups: whole months from a monthly table, the days left at either edge from a daily
 * one, a few rows per root and period however many people are under it. The narrow cells serve keys and
 * filters on status, business type, channel and line; the product cells add product, insurer and the premium
 * terms. Only a state filter needs the daily facts of every descendant.
 */
export function subtreeSumsQuery(
  ctx: QueryContext,
  range: DateRange,
  roots: RawBuilder<unknown>,
  key: readonly SubtreeDim[],
  scope: FactScope,
): RawBuilder<SubtreeRow> {
  const { products, insurers, states } = ctx.filters;
  const parts: RawBuilder<unknown>[] = [];
  if (!states) {
    const narrow = !products && !insurers && key.every((d) => (NARROW_DIMS as readonly string[]).includes(d));
    const [monthly, daily] = narrow
      ? (['fact_subtree_monthly', 'fact_subtree_daily'] as const)
      : (['fact_subtree_product_monthly', 'fact_subtree_product_daily'] as const);
    const cells = (table: typeof monthly | typeof daily, period: RawBuilder<unknown>) => sql`
      select f.ancestor_id as root_id, ${keyText(key.map((d) => sql.ref(`f.${d}`)))} as key,
        f.nop, f.premium, f.weightage_premium, f.loan_amount
      from ${sql.table(table)} f
      where f.ancestor_id in (${roots}) and ${period} ${factFilters(ctx.filters)} ${scopeFilter(scope, sql`f.line`)}`;
    const { months, edges } = splitRange(range);
    if (months.length) parts.push(cells(monthly, sql`f.month = any(${months}::date[])`));
    for (const edge of edges) parts.push(cells(daily, sql`f.day between ${edge.start}::date and ${edge.end}::date`));
  } else {
    // The daily facts have every dimension; the line is their product's.
    const columns = key.map((d) => (d === 'line' ? sql`pr.line` : sql.ref(`f.${d}`)));
    parts.push(sql`
      select c.ancestor_id as root_id, ${keyText(columns)} as key, f.nop, f.premium, f.weightage_premium, f.loan_amount
      from fact_daily_business f
      join employee_closure c on c.descendant_id = f.employee_id
      join products pr on pr.product_type_id = f.product_type_id
      where c.ancestor_id in (${roots}) and f.day between ${range.start}::date and ${range.end}::date
        ${factFilters(ctx.filters)} ${scopeFilter(scope, sql`pr.line`)}`);
  }
  return sql<SubtreeRow>`
    select u.root_id, u.key, coalesce(sum(u.nop), 0)::int as nop, coalesce(sum(u.premium), 0)::float8 as premium,
      coalesce(sum(u.weightage_premium), 0)::float8 as wp, coalesce(sum(u.loan_amount), 0)::float8 as loan
    from (${sql.join(parts, sql` union all `)}) u
    group by u.root_id, u.key`;
}

export async function subtreeSums(...args: Parameters<typeof subtreeSumsQuery>): Promise<SubtreeRow[]> {
  return (await subtreeSumsQuery(...args).execute(args[0].db)).rows;
}
