import { monthRange, runRate, type ReportColumnDef, type ReportRecord } from '@dossier/shared';
import { sql } from 'kysely';
import { column } from './columns';
import { round2, type DateRange, type QueryContext } from './context';

/** The run-rate columns' titles (docs/product/run-rate.md); the title is the key. */
export const RUN_RATE = {
  projected: 'Projected (month end)',
  achievement: 'Achievement %',
  projectedPct: 'Projected %',
  required: 'Required per day',
} as const;

const PROJECTED_COLUMN = column(RUN_RATE.projected, 'currency');
const ACHIEVEMENT_COLUMN = column(RUN_RATE.achievement, 'percent');
const PROJECTED_PCT_COLUMN = column(RUN_RATE.projectedPct, 'percent');
const REQUIRED_COLUMN = column(RUN_RATE.required, 'currency');

/** All four run-rate columns, for a report that has no achievement column of its own. */
export const RUN_RATE_COLUMNS: readonly ReportColumnDef[] = [PROJECTED_COLUMN, ACHIEVEMENT_COLUMN, PROJECTED_PCT_COLUMN, REQUIRED_COLUMN];
/** The run-rate columns beside an achievement column the report always shows (Team Business Performance). */
export const PROJECTION_COLUMNS: readonly ReportColumnDef[] = [PROJECTED_COLUMN, PROJECTED_PCT_COLUMN, REQUIRED_COLUMN];

/**
 * True when the range is the current month to date: it starts on the 1st of today's month and ends between today
 * and that month's end. A projection means nothing for a closed month, or for a range that is not a month so far.
 */
export function isCurrentMonth(range: DateRange, today: string): boolean {
  const month = monthRange(today);
  return range.start === month.start_date && range.end >= today && range.end <= month.end_date;
}

const pct = (value: number | null) => (value === null ? null : round2(value));

/**
 * The run-rate cells of one row: month-to-date `mtd` against `target` (null or 0: no target, whose cells are
 * empty). `withAchievement` false leaves out 'Achievement %' for a report that computes its own.
 */
export function runRateCells(mtd: number, target: number | null, today: string, withAchievement = true): ReportRecord {
  const r = runRate(mtd, target, today);
  return {
    [RUN_RATE.projected]: r.projected,
    ...(withAchievement ? { [RUN_RATE.achievement]: pct(r.achievement_pct) } : {}),
    [RUN_RATE.projectedPct]: pct(r.projected_pct),
    [RUN_RATE.required]: r.required_per_day,
  };
}

/** The month's premium targets of the account's direct reports, by employee code. */
export async function reporteeTargets(ctx: QueryContext): Promise<Map<string, number>> {
  const rows = await ctx.db
    .selectFrom('employees as e')
    .innerJoin('targets as t', (join) => join.onRef('t.employee_id', '=', 'e.id').on('t.month', '=', sql<string>`${ctx.range.start}::date`))
    .select(['e.unique_code as code', sql<number>`t.premium::float8`.as('premium')])
    .where('e.manager_id', '=', ctx.account.id)
    .execute();
  return new Map(rows.map((r) => [r.code, r.premium]));
}
