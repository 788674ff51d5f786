import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { BUSINESS_ROLLUP_JOB, ETL_LOCK_KEY, noteRollupsChanged } from './business-etl';
import { addDeltas, addToCell, dimRefs, SUBTREE_GRAINS, subtreeKey } from './rollup-sql';

/**
 * Hierarchy changes that must show in access checks and reports on the very next request: the
 * closure table and the subtree sums of the roll-ups follow inside the caller's transaction.
 * Past business stays credited to the employee who made it (policies.employee_id); a move only
 * changes which managers it rolls up to.
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

const ids = (list: readonly number[]) => sql.join(list.map((id) => sql`${id}::int`));

/**
 * Moves an employee, with everyone under them, to another manager (null: to the top). Call inside
 * a transaction; the caller has checked that the new manager is not in the moved subtree. Waits for
 * a running ETL (its advisory lock), so roll-ups are never rewritten by two writers at once.
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

  // Managers on both chains keep the same totals; those left lose the subtree's business, those joined gain it.
  const left = before.filter((id) => !after.includes(id));
  const joined = after.filter((id) => !before.includes(id));
  if (left.length === 0 && joined.length === 0) return;
  const targets = [
    ...(left.length ? [sql`select id as ancestor_id, -1 as sign from unnest(array[${ids(left)}]) as id`] : []),
    ...(joined.length ? [sql`select id as ancestor_id, 1 as sign from unnest(array[${ids(joined)}]) as id`] : []),
  ];
  const targetRows = sql.join(targets, sql` union all `);
  // The moved subtree's business is its head's own cells in each subtree roll-up.
  for (const grain of SUBTREE_GRAINS) {
    const t = sql.table(grain.table);
    await addDeltas(
      trx,
      grain.table,
      sql`
        insert into ${t} (${subtreeKey(grain)}, nop, premium, weightage_premium, loan_amount)
        select t.ancestor_id, c.${sql.ref(grain.period)}, ${dimRefs(grain.dims, 'c')},
          t.sign * c.nop, t.sign * c.premium, t.sign * c.weightage_premium, t.sign * c.loan_amount
        from ${t} c cross join (${targetRows}) t
        where c.ancestor_id = ${employeeId}
        ${addToCell(grain.table, subtreeKey(grain))}`,
    );
  }
  await trx
    .updateTable('etl_jobs')
    .set({ rollups_changed_at: sql`now()` })
    .where('name', '=', BUSINESS_ROLLUP_JOB)
    .execute();
}

/** Call after the moving transaction committed: report caches of this process drop figures at once. */
export const afterHierarchyMove = noteRollupsChanged;

async function ancestorsAbove(db: Db, employeeId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('employee_closure')
    .select('ancestor_id')
    .where('descendant_id', '=', employeeId)
    .where('depth', '>', 0)
    .execute();
  return rows.map((r) => r.ancestor_id);
}
