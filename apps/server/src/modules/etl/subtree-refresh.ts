import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { ETL_LOCK_KEY } from './business-etl';
import { ROLLUPS } from './rollups/registry';

/**
 * Recomputes the per-subtree roll-ups for the employees in `ancestors` (a one-column query) from their sources
 * and the current closure, for a hierarchy move the policy-driven ETL would not see. Waits for a running ETL's
 * advisory lock: it adds deltas through the closure it reads.
 */
export async function refreshSubtreeRollups(db: Db, ancestors: ReturnType<typeof sql>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ETL_LOCK_KEY})`.execute(db);
  await sql`create temp table subtree_refresh on commit drop as select distinct x.id from (${ancestors}) as x(id)`.execute(db);
  for (const rollup of ROLLUPS) await rollup.hierarchy?.refresh(db, sql`select id from subtree_refresh`);
  await sql`drop table subtree_refresh`.execute(db);
}
