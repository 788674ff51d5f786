import { sql } from 'kysely';
import type { Db } from '../../../platform/db';
import { addDeltas } from '../rollup-helpers';
import type { Rollup } from './rollup';

/**
 * The contests' standings (docs/decisions/049-contest-standings.md): per contest and credited employee, their
 * weightage premium in the window as last folded. `contest_boards` holds each contest as it was summed.
 */

// The run's changes per contest and employee (etl_affected holds each changed policy's old version, -1, and new,
// +1), for the windows the standings were summed for.
const DELTAS = sql`
  select b.contest_id, a.employee_id, sum(a.sign) as nop, sum(a.sign * a.weightage_premium) as weightage_premium
  from etl_affected a join contest_boards b on a.day between b.starts_on and b.ends_on
  where a.status = 'success' and a.employee_id is not null
  group by 1, 2 having sum(a.sign) <> 0 or sum(a.sign * a.weightage_premium) <> 0`;

/** Folds the run's changed policies into the standings of every contest whose window they fall in. */
async function foldContestStandings(trx: Db): Promise<void> {
  const standings = sql.table('contest_standings');
  await addDeltas(
    trx,
    'contest_standings',
    sql`insert into ${standings} (contest_id, employee_id, nop, weightage_premium) ${DELTAS}
      on conflict (contest_id, employee_id) do update set
        nop = ${standings}.nop + excluded.nop,
        weightage_premium = ${standings}.weightage_premium + excluded.weightage_premium`,
  );
}

/**
 * Sums afresh the standings of each new or changed contest (every change, so all show at the same run) from the
 * daily facts before this run's fold; with `all`, every contest's. Returns how many: the cache must start afresh.
 */
async function refreshContestBoards(trx: Db, { all = false } = {}): Promise<number> {
  if (all) await sql`delete from contest_boards`.execute(trx);
  const stale = await trx
    .selectFrom('contests as c')
    .leftJoin('contest_boards as b', 'b.contest_id', 'c.id')
    .select('c.id')
    .where((eb) =>
      eb.or([
        eb('b.contest_id', 'is', null),
        eb(
          eb.refTuple('b.zone_ids', 'b.starts_on', 'b.ends_on', 'b.target_wp'),
          '<>',
          eb.refTuple('c.zone_ids', 'c.starts_on', 'c.ends_on', 'c.target_wp'),
        ),
      ]),
    )
    .execute();
  const ids = stale.map((r) => r.id);
  if (!ids.length) return 0;
  await sql`delete from contest_standings where contest_id = any(${ids}::int[])`.execute(trx);
  await sql`
    insert into contest_boards (contest_id, zone_ids, starts_on, ends_on, target_wp)
    select id, zone_ids, starts_on, ends_on, target_wp from contests where id = any(${ids}::int[])
    on conflict (contest_id) do update set
      zone_ids = excluded.zone_ids, starts_on = excluded.starts_on, ends_on = excluded.ends_on, target_wp = excluded.target_wp`.execute(
    trx,
  );
  await sql`
    insert into contest_standings (contest_id, employee_id, nop, weightage_premium)
    select b.contest_id, f.employee_id, sum(f.nop), sum(f.weightage_premium)
    from contest_boards b
    join fact_daily_business f on f.day between b.starts_on and b.ends_on
    where b.contest_id = any(${ids}::int[]) and f.status = 'success' and f.employee_id is not null
    group by 1, 2`.execute(trx);
  return ids.length;
}

export const CONTEST_STANDINGS: Rollup = {
  name: 'contest-standings',
  tables: [
    {
      name: 'contest_standings',
      key: ['contest_id', 'employee_id'],
      holds: "nop, weightage_premium of the employee's own successful business in the window",
    },
  ],
  dependsOn: ['daily-business'],
  beforeFold: (trx) => refreshContestBoards(trx),
  fold: foldContestStandings,
  // Summed from the daily facts just filled (the swap's search path reads them first); not swapped: contest_boards
  // says what each contest was summed for.
  rebuild: {
    inRun: async (trx) => {
      await refreshContestBoards(trx, { all: true });
    },
  },
};
