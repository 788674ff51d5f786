import { designationsWith, type ReportRecord } from '@dossier/shared';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { ContestBoards } from '../../../platform/db-types';
import type { ReportBatches, ReportResult } from '../catalogue';
import { column, COL, NAME_COLUMN, USER_ID_COLUMN, WP_COLUMN } from '../columns';
import { percent, round2, type QueryContext } from '../context';
import { isCurrentMonth, PROJECTION_COLUMNS, RUN_RATE, runRateCells } from '../run-rate-columns';
import type { EmployeeLabel } from './facts';
import { listInBatches, mapped, orderedRows, sortedBy, type ListShape } from './paging';

// The target is the same for every row, so achievement sorts as the weightage premium does.
const CONTEST_SORT: Record<string, RawBuilder<unknown>> = {
  [COL.userId]: sql`b.code`,
  [COL.name]: sql`b.name`,
  [COL.wp]: sql`b.wp`,
  'Achievement %': sql`b.wp`,
  Rank: sql`b.rank`,
};
// While the contest runs over the current month, its run-rate columns sort as its weightage premium too.
const RUN_RATE_SORT: Record<string, RawBuilder<unknown>> = {
  ...CONTEST_SORT,
  [RUN_RATE.projected]: sql`b.wp`,
  [RUN_RATE.projectedPct]: sql`b.wp`,
  // Less is still needed the more is sold.
  [RUN_RATE.required]: sql`-b.wp`,
};

export const CONTEST_COLUMNS = sortedBy(CONTEST_SORT, [
  USER_ID_COLUMN,
  NAME_COLUMN,
  WP_COLUMN,
  // The target is weightage premium too.
  column('Target', 'currency'),
  column('Achievement %', 'percent'),
  column('Rank', 'count'),
]);

/** A contest that runs over the current month also shows where each RM will land (the run-rate columns, on weightage premium). */
const RUN_RATE_CONTEST_COLUMNS = sortedBy(RUN_RATE_SORT, [...CONTEST_COLUMNS, ...PROJECTION_COLUMNS]);
const runsThisMonth = (ctx: QueryContext, contest: Contest) => isCurrentMonth(windowOf(contest), ctx.today);
const contestColumns = (ctx: QueryContext, contest: Contest) => (runsThisMonth(ctx, contest) ? RUN_RATE_CONTEST_COLUMNS : CONTEST_COLUMNS);

/** What a board is shown for: the contest's window, zones and target (`contest_boards` and `contests` share the columns). */
type Contest = Pick<Selectable<ContestBoards>, 'zone_ids' | 'starts_on' | 'ends_on' | 'target_wp'>;

/** A row of the board: the entrant, their weightage premium in the window and their rank over the whole contest. */
type BoardRow = EmployeeLabel & { wp: number; rank: number };

/** The contest as its standings were summed for it, or as defined when no run has summed it yet. */
async function contestOf(ctx: QueryContext, contestId: number): Promise<Contest | undefined> {
  return (
    (await ctx.db
      .selectFrom('contest_boards')
      .select(['zone_ids', 'starts_on', 'ends_on', 'target_wp'])
      .where('contest_id', '=', contestId)
      .executeTakeFirst()) ??
    (await ctx.db
      .selectFrom('contests')
      .select(['zone_ids', 'starts_on', 'ends_on', 'target_wp'])
      .where('id', '=', contestId)
      .executeTakeFirst())
  );
}

/** The viewer's rows of the board, each ranked over the whole board first. */
const boardShape = (ctx: QueryContext, contestId: number, contest: Contest): ListShape => ({
  select: sql`b.code, b.name, b.wp, b.rank`,
  from: sql`(
    select e.id, e.unique_code as code, e.name, coalesce(s.weightage_premium, 0)::float8 as wp,
      (rank() over (order by coalesce(s.weightage_premium, 0) desc))::int as rank
    from employees e left join contest_standings s on s.contest_id = ${contestId} and s.employee_id = e.id
    where e.designation = any(${designationsWith('contest-entrant')}::text[]) and e.zone_id = any(${contest.zone_ids}::int[])
  ) b join employee_closure c on c.ancestor_id = ${ctx.account.id} and c.descendant_id = b.id`,
  where: sql`true`,
  sortable: runsThisMonth(ctx, contest) ? RUN_RATE_SORT : CONTEST_SORT,
  searchText: sql`b.code || ' ' || b.name`,
  order: sql`b.rank, b.name, b.code`,
});

const contestRecord = (ctx: QueryContext, contest: Contest) => {
  const target = Number(contest.target_wp);
  const withRunRate = runsThisMonth(ctx, contest);
  return (r: BoardRow): ReportRecord => ({
    [COL.userId]: r.code,
    [COL.name]: r.name,
    [COL.wp]: round2(r.wp),
    Target: round2(target),
    'Achievement %': percent(r.wp, target),
    Rank: r.rank,
    ...(withRunRate ? runRateCells(r.wp, target, ctx.today, false) : {}),
    [COL.accountId]: r.code,
  });
};

/** The contest's own window, which replaces the range asked for. */
const windowOf = (contest: Contest) => ({ start: contest.starts_on, end: contest.ends_on });

/**
 * A contest's board: the RMs of its zones ranked by weightage premium in its window, from the ETL's standings
 * (docs/decisions/049-contest-standings.md); the viewer sees their subtree's rows with whole-contest ranks.
 * Paged, sorted and searched on the server, since a national head's board grows with the organisation.
 */
export async function contestReport(ctx: QueryContext, contestId: number, name: string): Promise<ReportResult> {
  const contest = await contestOf(ctx, contestId);
  if (!contest) return { columns: CONTEST_COLUMNS, records: [] };
  const { rows, paging } = await orderedRows<BoardRow>(ctx, name, boardShape(ctx, contestId, contest));
  return {
    columns: contestColumns(ctx, contest),
    records: rows.map(contestRecord(ctx, contest)),
    paging,
    range: windowOf(contest),
  };
}

/** The viewer's whole board in rank order, in batches (downloads and mails), with the contest's window. */
export async function contestBatches(ctx: QueryContext, contestId: number, batchSize: number): Promise<ReportBatches> {
  const contest = await contestOf(ctx, contestId);
  if (!contest) return { columns: CONTEST_COLUMNS, batches: [] };
  const after = (row: BoardRow) => sql`(b.rank, b.name, b.code) > (${row.rank}, ${row.name}, ${row.code})`;
  return {
    columns: contestColumns(ctx, contest),
    batches: mapped(listInBatches(ctx, boardShape(ctx, contestId, contest), after, batchSize), contestRecord(ctx, contest)),
    range: windowOf(contest),
  };
}
