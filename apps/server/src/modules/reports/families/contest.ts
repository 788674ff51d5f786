import type { ReportRecord } from '@dossier/shared';
import { sql } from 'kysely';
import { column, COL, NAME_COLUMN, USER_ID_COLUMN, WP_COLUMN } from '../columns';
import { percent, round2, type QueryContext } from '../context';

export const CONTEST_COLUMNS = [
  USER_ID_COLUMN,
  NAME_COLUMN,
  WP_COLUMN,
  // The target is weightage premium too.
  column('Target', 'currency'),
  column('Achievement %', 'percent'),
  column('Rank', 'count'),
];

/**
 * Reports 32-34: every RM of the contest's zones ranked by successful weightage premium in the contest window;
 * the viewer gets the rows of their own subtree, each with its rank in the whole contest. An RM's figure is their
 * own business, kept per contest by the ETL (`contest_standings`, docs/decisions/049-contest-standings.md): a
 * few thousand rows to rank, however much business the zones have. The contest is shown as the standings were
 * summed for it (its window, zones and target); a contest changed since is summed afresh by the next run, and
 * one summed never yet shows with no business.
 */
export async function contestReport(
  ctx: QueryContext,
  contestId: number,
): Promise<{ records: ReportRecord[]; window: { start: string; end: string } | null }> {
  const contest =
    (await ctx.db
      .selectFrom('contest_boards')
      .select(['zone_ids', 'starts_on', 'ends_on', 'target_wp'])
      .where('contest_id', '=', contestId)
      .executeTakeFirst()) ??
    (await ctx.db
      .selectFrom('contests')
      .select(['zone_ids', 'starts_on', 'ends_on', 'target_wp'])
      .where('id', '=', contestId)
      .executeTakeFirst());
  if (!contest) return { records: [], window: null };
  const window = { start: contest.starts_on, end: contest.ends_on };
  // Ranked over the whole board first, then narrowed to the viewer's subtree.
  const res = await sql<{ code: string; name: string; wp: number; rank: number }>`
    with board as (
      select e.id, e.unique_code as code, e.name, coalesce(s.weightage_premium, 0)::float8 as wp,
        (rank() over (order by coalesce(s.weightage_premium, 0) desc))::int as rank
      from employees e left join contest_standings s on s.contest_id = ${contestId} and s.employee_id = e.id
      where e.designation = 'rm' and e.zone_id = any(${contest.zone_ids}::int[])
    )
    select b.code, b.name, b.wp, b.rank
    from board b join employee_closure c on c.ancestor_id = ${ctx.account.id} and c.descendant_id = b.id
    order by b.rank, b.name`.execute(ctx.db);
  const target = Number(contest.target_wp);
  const records = res.rows.map((r) => ({
    [COL.userId]: r.code,
    [COL.name]: r.name,
    [COL.wp]: round2(r.wp),
    Target: round2(target),
    'Achievement %': percent(r.wp, target),
    Rank: r.rank,
    [COL.accountId]: r.code,
  }));
  return { records, window };
}
