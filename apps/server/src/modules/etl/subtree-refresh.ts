import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { ETL_LOCK_KEY } from './business-etl';
import { refreshSubtreeBits } from './partner-bits';
import { SUBTREE_ROW_TABLES } from './subtree-row-tables';
import { refreshSubtreeRows } from './subtree-rows';
import { factDims, grainRows, SUBTREE_GRAINS, subtreeKey } from './rollup-sql';

/**
 * Recomputes every day and month of the subtree roll-ups (`SUBTREE_GRAINS`), the subtree's partner bitmap, life dues, partner cohorts and renewal days, for the
 * employees listed in `ancestors` (a one-column query of employee ids) from fact_daily_business and the
 * current closure. A hierarchy move changes which business sits under the old and the new managers without
 * touching any policy, so the policy-driven ETL would not see it; the import of the move calls this in its own transaction. Waits for a running ETL
 * (its advisory lock), as a move made on screen does: the ETL adds its deltas through the closure it reads, so
 * it must not run against a closure that is being rewritten.
 */
export async function refreshSubtreeRollups(db: Db, ancestors: ReturnType<typeof sql>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ETL_LOCK_KEY})`.execute(db);
  await sql`create temp table subtree_refresh on commit drop as select distinct x.id from (${ancestors}) as x(id)`.execute(db);
  for (const grain of SUBTREE_GRAINS) {
    const t = sql.table(grain.table);
    const dims = sql.join(factDims(grain.dims));
    await sql`delete from ${t} where ancestor_id in (select id from subtree_refresh)`.execute(db);
    await sql`
      insert into ${t} (${subtreeKey(grain)}, nop, premium, weightage_premium, loan_amount)
      select a.id, ${grain.periodOf(sql`f.day`)}, ${dims},
        sum(f.nop), sum(f.premium), sum(f.weightage_premium), sum(f.loan_amount)
      from subtree_refresh a
      join employee_closure d on d.ancestor_id = a.id and d.depth >= ${grain.minDepth}
      join fact_daily_business f on f.employee_id = d.descendant_id
      join products pr on pr.product_type_id = f.product_type_id
      where true ${grainRows(grain, sql`f.channel`)}
      group by 1, 2, ${dims}`.execute(db);
  }
  await refreshSubtreeBits(db, sql`select id from subtree_refresh`);
  for (const rows of SUBTREE_ROW_TABLES) await refreshSubtreeRows(db, rows, sql`select id from subtree_refresh`);
  await sql`drop table subtree_refresh`.execute(db);
}
