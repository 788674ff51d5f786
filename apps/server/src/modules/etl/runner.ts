import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { swapTables, type SwapHelpers } from '../../platform/table-swap';
import { CONTRIBUTION, contributionOf, groupingSettings, holdMappings, renewals } from './rollup-helpers';
import { rebuildPlan, rollupOrder } from './rollups/order';
import { ROLLUPS } from './rollups/registry';
import type { FoldRun, Rollup } from './rollups/rollup';

/**
 * Runs the roll-ups in dependency order (docs/decisions/071-how-the-etl-works.md). Each policy's folded
 * contribution is kept in etl_policy_state, so a change costs the changed policies and the hierarchy's depth.
 */

interface FoldStats {
  policies: number;
  maxUpdated: Date | null;
  maxCreated: Date | null;
}

/** The tables where triggers and folds note changes for `Rollup.foldNoted`, emptied once folded. */
const NOTE_TABLES = sql`etl_mapping_changes, etl_partner_presence, etl_partner_dues, etl_partner_cohort_changes`;

/**
 * Folds the policies selected by `changed` (a condition on `policies p`) by deltas; null when none. They are read
 * once into etl_affected, so facts and state rows come from the same versions.
 */
export async function foldChanges(
  trx: Db,
  changed: ReturnType<typeof sql>,
  run: FoldRun,
  rollups: readonly Rollup[] = ROLLUPS,
): Promise<FoldStats | null> {
  // Truncate, not delete: a scratch table emptied this way leaves no dead rows behind.
  await sql`truncate etl_affected`.execute(trx);
  await sql`
    insert into etl_affected (policy_id, sign, ${CONTRIBUTION}, updated_at, created_at)
    select p.id, 1, ${contributionOf}, p.updated_at, p.created_at
    from policies p left join products pr on pr.product_type_id = p.product_type_id ${renewals(false)}
    where ${changed}`.execute(trx);
  const row = await trx
    .selectFrom('etl_affected')
    .select((eb) => [
      sql<number>`count(*)::int`.as('n'),
      eb.fn.max('updated_at').as('max_updated'),
      eb.fn.max('created_at').as('max_created'),
    ])
    .executeTakeFirst();
  if (!row || row.n === 0) return null;
  // The policies a changed renewal renews, or renewed as last folded: whether they are renewed may have changed.
  await sql`
    insert into etl_affected (policy_id, sign, ${CONTRIBUTION}, updated_at, created_at)
    select p.id, 1, ${contributionOf}, p.updated_at, p.created_at
    from policies p left join products pr on pr.product_type_id = p.product_type_id ${renewals(false)}
    where p.policy_no in (
        select a.renews from etl_affected a where a.renews is not null
        union select s.renews from etl_affected a join etl_policy_state s on s.policy_id = a.policy_id where s.renews is not null)
      and not exists (select 1 from etl_affected a where a.policy_id = p.id)`.execute(trx);
  // The versions these replace, as they were folded: subtracting them removes exactly what they added.
  await sql`
    insert into etl_affected (policy_id, sign, ${CONTRIBUTION})
    select s.policy_id, -1, ${sql`s.day, s.employee_id, s.partner_id, s.product_type_id, s.insurer_id, s.state_id, s.business_type,
      s.channel, s.status, s.payment_term, s.installment_type, s.line, s.premium, s.weightage_premium, s.loan_amount,
      s.next_due_date, s.renewal_day, s.renews, s.renewed`}
    from etl_affected a join etl_policy_state s on s.policy_id = a.policy_id
    where a.sign = 1`.execute(trx);
  // The planner last saw this table empty; statistics on the join and filter columns are enough.
  await sql`analyze etl_affected (policy_id, sign, employee_id, line, status, partner_id)`.execute(trx);
  // The folds' groupings spill in the default 4 MB. Set only now: earlier, the reads above would hash all of
  // etl_policy_state instead of looking up the changed rows.
  await sql`set local work_mem = '64MB'`.execute(trx);

  for (const rollup of rollupOrder(rollups)) await rollup.fold?.(trx, run);

  await sql`truncate etl_affected`.execute(trx);
  return { policies: row.n, maxUpdated: row.max_updated, maxCreated: row.max_created };
}

/**
 * Folds what the triggers and the folds noted (`Rollup.foldNoted`) and empties the tables they noted it in.
 * Returns how many changes there were (0: the roll-ups stand as they were).
 */
export async function foldNoted(trx: Db, rollups: readonly Rollup[] = ROLLUPS): Promise<number> {
  await holdMappings(trx);
  const found = await trx
    .selectNoFrom(
      sql<number>`((select count(*) from etl_mapping_changes) + (select count(*) from etl_partner_presence)
      + (select count(*) from etl_partner_dues) + (select count(*) from etl_partner_cohort_changes))::int`.as('n'),
    )
    .executeTakeFirst();
  const changes = found?.n ?? 0;
  if (changes === 0) return 0;
  for (const rollup of rollupOrder(rollups)) await rollup.foldNoted?.(trx);
  // Nothing else writes these while the mappings and partners are held: emptied by truncate, they leave no dead rows.
  await sql`truncate ${NOTE_TABLES}`.execute(trx);
  return changes;
}

/** Before a fold: each roll-up sums afresh what edits of its definition made stale. Returns how many parts were. */
export async function beforeFold(trx: Db, rollups: readonly Rollup[] = ROLLUPS): Promise<number> {
  let summed = 0;
  for (const rollup of rollupOrder(rollups)) summed += (await rollup.beforeFold?.(trx)) ?? 0;
  return summed;
}

/** Writes the rows of a new business day of the roll-ups that keep rows per day. */
export async function writeNewDay(trx: Db, day: string, rollups: readonly Rollup[] = ROLLUPS): Promise<void> {
  for (const rollup of rollupOrder(rollups)) await rollup.newDay?.(trx, day);
}

/**
 * Rebuilds every roll-up from the policies, read once into etl_policy_state. Fresh tables written in key order
 * (decision 039) are swapped in together at the end, so reports read the old figures until commit. Spread groups
 * run side by side first (`rebuildPlan`), then the in-run roll-ups, which hold the mappings until commit, then the
 * rows written whole for `day`.
 */
export async function rebuildAll(trx: Db, day: string, helpers?: SwapHelpers, rollups: readonly Rollup[] = ROLLUPS): Promise<FoldStats> {
  const plan = rebuildPlan(rollups);
  await sql`truncate etl_affected`.execute(trx);
  return swapTables(
    trx,
    async (swap) => {
      for (const group of plan.spreads) await swap.spread(group);
      // The steps below group in this transaction.
      await groupingSettings(trx, true);
      for (const rebuild of plan.inRun) await rebuild(trx, swap);
      // The rebuild read every mapping and partner: what was noted of them is in the tables now.
      await holdMappings(trx);
      await sql`truncate ${NOTE_TABLES}`.execute(trx);
      // The day's rows are written from the fresh tables before the swap: after it, readers of every swapped table
      // would wait for them.
      await writeNewDay(trx, day, rollups);
      // Read before the swap, from the fresh policy versions: after it, readers of the swapped tables would wait
      // for this scan of every policy.
      const stats = await trx
        .selectFrom('etl_policy_state')
        .select((eb) => [sql<number>`count(*)::int`.as('n'), eb.fn.max<Date | null>('updated_at').as('max_updated')])
        .executeTakeFirst();
      const created = await trx
        .selectFrom('policies')
        .select((eb) => eb.fn.max<Date | null>('created_at').as('max_created'))
        .executeTakeFirst();
      return {
        policies: stats?.n ?? 0,
        maxUpdated: stats?.max_updated ?? null,
        maxCreated: created?.max_created ?? null,
      };
    },
    helpers,
  );
}
