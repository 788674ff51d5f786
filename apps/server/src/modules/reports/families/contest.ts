import type { ReportRecord } from '@dossier/shared';
import { sql } from 'kysely';
import { column, COL, NAME_COLUMN, USER_ID_COLUMN, WP_COLUMN } from '../columns';
import { percent, round2, type QueryContext } from '../context';
import { subtreeSumsQuery } from './subtree-sums';

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
 * Reports 32-34: every RM of the contest's zones ranked by successful weightage premium in the contest
 * window; the viewer gets the rows of their own subtree, each with its rank in the whole contest.
 */
export async function contestReport(
  ctx: QueryContext,
  contestId: number,
): Promise<{ records: ReportRecord[]; window: { start: string; end: string } | null }> {
  const contest = await ctx.db.selectFrom('contests').selectAll().where('id', '=', contestId).executeTakeFirst();
  if (!contest) return { records: [], window: null };
  const window = { start: contest.starts_on, end: contest.ends_on };
  const rms = sql`select id from employees where designation = 'rm' and zone_id = any(${contest.zone_ids}::int[])`;
  // An RM's own business from the subtree roll-ups (a few cells per person, not every policy of the zones):
  // their subtree's, less that of anyone reporting to them.
  const sums = subtreeSumsQuery(ctx, window, sql`${rms} union select id from employees where manager_id in (${rms})`, [], {
    statuses: ['success'],
  });
  const res = await sql<{ code: string; name: string; wp: number; rank: number; in_subtree: boolean }>`
    with sums as (${sums}),
    -- Summed per manager once: a lookup per RM would scan every RM's sums for each one.
    reportees as (select ch.manager_id, sum(r.wp) as wp from sums r join employees ch on ch.id = r.root_id group by ch.manager_id),
    board as (
      select e.id, e.unique_code as code, e.name, (coalesce(s.wp, 0) - coalesce(r.wp, 0))::float8 as wp
      from employees e left join sums s on s.root_id = e.id left join reportees r on r.manager_id = e.id
      where e.id in (${rms})
    )
    select b.code, b.name, b.wp, (rank() over (order by b.wp desc))::int as rank,
      exists (select 1 from employee_closure c where c.ancestor_id = ${ctx.account.id} and c.descendant_id = b.id) as in_subtree
    from board b order by rank, b.name`.execute(ctx.db);
  const target = Number(contest.target_wp);
  const records = res.rows
    .filter((r) => r.in_subtree)
    .map((r) => ({
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
