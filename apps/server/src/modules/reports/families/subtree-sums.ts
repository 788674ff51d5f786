import { addDays, daysBetween } from '@dossier/shared';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Employees } from '../../../platform/db-types';
import { factFilters, type DateRange, type QueryContext } from '../context';
import { factDims, SUBTREE_GRAINS, type SubtreeDim, type SubtreeGrain } from '../../etl/module';
import { scopeFilter, type FactScope, type Measures } from './facts';

const lastOfMonth = (d: string) => {
  const [y, m] = d.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

export interface DayRun extends DateRange {
  sign: 1 | -1;
}

/**
 * A range as whole months and runs of days to add or subtract: a partly covered month is read as its days, or
 * as the month minus the days outside when fewer (a month's cells cost about one day's).
 */
export function coverRange(range: DateRange): { months: string[]; days: DayRun[] } {
  const months: string[] = [];
  const days: DayRun[] = [];
  for (let first = `${range.start.slice(0, 8)}01`; first <= range.end; first = addDays(lastOfMonth(first), 1)) {
    const last = lastOfMonth(first);
    const start = range.start > first ? range.start : first;
    const end = range.end < last ? range.end : last;
    if (start === first && end === last) {
      months.push(first);
      continue;
    }
    const inside = daysBetween(start, end) + 1;
    if (daysBetween(first, last) + 1 - inside >= inside) {
      days.push({ start, end, sign: 1 });
      continue;
    }
    months.push(first);
    if (start > first) days.push({ start: first, end: addDays(start, -1), sign: -1 });
    if (end < last) days.push({ start: addDays(end, 1), end: last, sign: -1 });
  }
  return { months, days };
}

export type SubtreeRow = Measures & {
  root_id: Selectable<Employees>['id'];
  /** The key columns' values joined by '|' ('' without key columns). */
  key: string;
};

const keyText = (columns: RawBuilder<unknown>[]) => (columns.length ? sql`concat_ws('|', ${sql.join(columns)})` : sql`''`);

/**
 * Business of the whole subtree of each root (a query of employee ids), grouped by the key columns, from the
 * subtree grain that fits the keys and filters (`coverRange` keeps leftover days few). Roots are read into an
 * array first, so cells are index lookups: as a join PostgreSQL reads the whole roll-up.
 */
export function subtreeSumsQuery(
  ctx: QueryContext,
  range: DateRange,
  roots: RawBuilder<unknown>,
  key: readonly SubtreeDim[],
  scope: FactScope,
): RawBuilder<SubtreeRow> {
  const { products, insurers, states } = ctx.filters;
  const negate = (sign: 1 | -1) => (sign === 1 ? sql`` : sql`-`);
  // A part of the union: its rows summed per root and key columns (named k0, k1, … so that the parts line up).
  const summed = (root: RawBuilder<unknown>, columns: RawBuilder<unknown>[], sign: 1 | -1, rows: RawBuilder<unknown>) => sql`
    select ${sql.join([
      sql`${root} as root_id`,
      ...columns.map((c, i) => sql`${c} as ${sql.id(`k${i}`)}`),
      sql`${negate(sign)}sum(f.nop) as nop, ${negate(sign)}sum(f.premium) as premium`,
      sql`${negate(sign)}sum(f.weightage_premium) as weightage_premium, ${negate(sign)}sum(f.loan_amount) as loan_amount`,
    ])}
    ${rows}
    group by ${sql.join([root, ...columns])}`;
  const rollup = (table: SubtreeGrain['table'], period: RawBuilder<unknown>, sign: 1 | -1) =>
    summed(
      sql`f.ancestor_id`,
      key.map((d) => sql.ref(`f.${d}`)),
      sign,
      sql`
      from ${sql.table(table)} f
      where f.ancestor_id = any(array(${roots})) and ${period} ${factFilters(ctx.filters)} ${scopeFilter(scope, sql`f.line`)}`,
    );
  // The daily facts of the roots' whole subtrees, per root.
  const facts = (run: DateRange, sign: 1 | -1) =>
    summed(
      sql`c.ancestor_id`,
      factDims(key),
      sign,
      sql`
      from fact_daily_business f
      join employee_closure c on c.descendant_id = f.employee_id
      join products pr on pr.product_type_id = f.product_type_id
      where c.ancestor_id in (${roots}) and f.day between ${run.start}::date and ${run.end}::date
        ${factFilters(ctx.filters)} ${scopeFilter(scope, sql`pr.line`)}`,
    );
  // The daily facts of the roots and the few people down to `depth` under them, read person by person: `offset 0`
  // stops PostgreSQL, which cannot estimate how few they are, from reading every descendant's days.
  const nearFacts = (run: DateRange, sign: 1 | -1, depth: number) =>
    summed(
      sql`c.ancestor_id`,
      factDims(key),
      sign,
      sql`
      from employee_closure c
      cross join lateral (
        select f.* from fact_daily_business f
        where f.employee_id = c.descendant_id and f.day between ${run.start}::date and ${run.end}::date ${factFilters(ctx.filters)}
        offset 0) f
      join products pr on pr.product_type_id = f.product_type_id
      where c.ancestor_id in (${roots}) and c.depth <= ${depth} ${scopeFilter(scope, sql`pr.line`)}`,
    );

  // A period's part from the first grain holding the key and filters, plus the daily facts of the levels it
  // leaves out; with no such grain, the daily facts of the whole subtree.
  const asked = [...key, ...(products ? (['product_type_id'] as const) : []), ...(insurers ? (['insurer_id'] as const) : [])];
  const grainOf = (period: SubtreeGrain['period']) =>
    SUBTREE_GRAINS.find((g) => g.period === period && asked.every((d) => g.dims.includes(d)) && (!g.directOnly || scope.directOnly));
  const fromGrain = (grain: SubtreeGrain, run: DateRange, sign: 1 | -1, within: RawBuilder<unknown>) => [
    rollup(grain.table, within, sign),
    ...(grain.minDepth > 0 ? [nearFacts(run, sign, grain.minDepth - 1)] : []),
  ];

  const parts: RawBuilder<unknown>[] = [];
  if (states) {
    parts.push(facts(range, 1));
  } else {
    const { months, days } = coverRange(range);
    const monthGrain = grainOf('month');
    if (months.length) {
      // The months of a range are consecutive: one run of days for the levels the cells leave out.
      const monthsRun = { start: months[0] as string, end: lastOfMonth(months.at(-1) as string) };
      const within = sql`f.month = any(${months}::date[])`;
      parts.push(...(monthGrain ? fromGrain(monthGrain, monthsRun, 1, within) : [facts(monthsRun, 1)]));
    }
    const dayGrain = grainOf('day');
    for (const run of days) {
      const within = sql`f.day between ${run.start}::date and ${run.end}::date`;
      parts.push(...(dayGrain ? fromGrain(dayGrain, run, run.sign, within) : [facts(run, run.sign)]));
    }
  }
  // The key text is made once per group, not for each row the parts read.
  const outerKeys = key.map((_, i) => sql.ref(`u.k${i}`));
  return sql<SubtreeRow>`
    select u.root_id, ${keyText(outerKeys)} as key, coalesce(sum(u.nop), 0)::int as nop, coalesce(sum(u.premium), 0)::float8 as premium,
      coalesce(sum(u.weightage_premium), 0)::float8 as wp, coalesce(sum(u.loan_amount), 0)::float8 as loan
    from (${sql.join(parts, sql` union all `)}) u
    group by ${sql.join([sql`u.root_id`, ...outerKeys])}
    -- Days subtracted from a month can leave a key with nothing: no policy, no row, as without the subtraction.
    having sum(u.nop) <> 0`;
}

export async function subtreeSums(...args: Parameters<typeof subtreeSumsQuery>): Promise<SubtreeRow[]> {
  return (await subtreeSumsQuery(...args).execute(args[0].db)).rows;
}
