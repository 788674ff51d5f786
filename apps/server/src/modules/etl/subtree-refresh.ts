import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { ETL_LOCK_KEY } from './business-etl';
import { ROLLUPS } from './rollups/registry';

/**
 * Recomputes the rows of every roll-up kept per subtree (`Rollup.hierarchy`) for the employees listed in
 * `ancestors` (a one-column query of employee ids) from the rows they are summed from and the current closure. A
 * hierarchy move changes which business sits under the old and the new managers without touching any policy, so
 * the policy-driven ETL would not see it; the import of the move calls this in its own transaction. Waits for a
 * running ETL (its advisory lock), as a move made on screen does: the ETL adds its deltas through the closure it
 * reads, so it must not run against a closure that is being rewritten.
 */
export async function refreshSubtreeRollups(db: Db, ancestors: ReturnType<typeof sql>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ETL_LOCK_KEY})`.execute(db);
  await sql`create temp table subtree_refresh on commit drop as select distinct x.id from (${ancestors}) as x(id)`.execute(db);
  for (const rollup of ROLLUPS) await rollup.hierarchy?.refresh(db, sql`select id from subtree_refresh`);
  await sql`drop table subtree_refresh`.execute(db);
}
