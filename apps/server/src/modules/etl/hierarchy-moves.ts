import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { BUSINESS_ROLLUP_JOB, ETL_LOCK_KEY, noteRollupsChanged } from './business-etl';
import { ROLLUPS } from './rollups/registry';
import type { ChainLink } from './rollups/rollup';

/**
 * Hierarchy changes that must show in access checks and reports on the next request: the closure and subtree
 * sums follow in the caller's transaction. Past business stays credited to whoever made it.
 */

/** Closure rows of a new employee: themselves, and every ancestor of their manager one level further. */
export async function addToClosure(trx: Db, employeeId: number, managerId: number | null): Promise<void> {
  await sql`insert into employee_closure (ancestor_id, descendant_id, depth) values (${employeeId}, ${employeeId}, 0)`.execute(trx);
  if (managerId === null) return;
  await sql`
    insert into employee_closure (ancestor_id, descendant_id, depth)
    select ancestor_id, ${employeeId}, depth + 1 from employee_closure where descendant_id = ${managerId}`.execute(trx);
}

/** True when `candidateId` is `employeeId` or anywhere below them (moving under them would make a cycle). */
export async function isSelfOrBelow(db: Db, employeeId: number, candidateId: number): Promise<boolean> {
  const row = await db
    .selectFrom('employee_closure')
    .select('depth')
    .where('ancestor_id', '=', employeeId)
    .where('descendant_id', '=', candidateId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves an employee and their subtree to another manager (null: the top), inside a transaction; the caller has
 * checked for cycles. Waits for a running ETL's advisory lock, so roll-ups never have two writers.
 */
export async function moveEmployee(trx: Db, employeeId: number, newManagerId: number | null): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ETL_LOCK_KEY})`.execute(trx);
  const before = await ancestorsAbove(trx, employeeId);

  // The subtree keeps its inner rows; only its links to the old ancestors go, and links to the new ones come.
  await sql`
    delete from employee_closure
    where descendant_id in (select descendant_id from employee_closure where ancestor_id = ${employeeId})
      and ancestor_id in (select ancestor_id from employee_closure where descendant_id = ${employeeId} and ancestor_id <> ${employeeId})`.execute(
    trx,
  );
  if (newManagerId !== null) {
    await sql`
      insert into employee_closure (ancestor_id, descendant_id, depth)
      select a.ancestor_id, s.descendant_id, a.depth + s.depth + 1
      from employee_closure a, employee_closure s
      where a.descendant_id = ${newManagerId} and s.ancestor_id = ${employeeId}`.execute(trx);
  }
  await trx.updateTable('employees').set({ manager_id: newManagerId }).where('id', '=', employeeId).execute();
  const after = await ancestorsAbove(trx, employeeId);

  const chainIds = (chain: readonly ChainLink[]) => new Set(chain.map((a) => a.id));
  const [was, is] = [chainIds(before), chainIds(after)];
  const left = [...was].filter((id) => !is.has(id));
  const joined = [...is].filter((id) => !was.has(id));
  // Each roll-up kept per subtree carries the moved subtree's rows from the chain left to the chain joined.
  for (const rollup of ROLLUPS) await rollup.hierarchy?.move(trx, { employeeId, before, after, left, joined });
  await trx
    .updateTable('etl_jobs')
    .set({ rollups_changed_at: sql`now()` })
    .where('name', '=', BUSINESS_ROLLUP_JOB)
    .execute();
}

/** Call after the moving transaction committed: report caches of this process drop figures at once. */
export const afterHierarchyMove = noteRollupsChanged;

async function ancestorsAbove(db: Db, employeeId: number): Promise<ChainLink[]> {
  return db
    .selectFrom('employee_closure')
    .select(['ancestor_id as id', 'depth'])
    .where('descendant_id', '=', employeeId)
    .where('depth', '>', 0)
    .execute();
}
