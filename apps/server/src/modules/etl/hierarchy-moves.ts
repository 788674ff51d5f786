import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { BUSINESS_ROLLUP_JOB, ETL_LOCK_KEY, noteRollupsChanged } from './business-etl';
import { moveSubtreeBits } from './partner-bits';
import { SUBTREE_ROW_TABLES } from './subtree-row-tables';
import { moveSubtreeRows } from './subtree-rows';
import { addDeltas, addToCell, dimRefs, factDims, grainRows, SUBTREE_GRAINS, subtreeKey } from './rollup-sql';

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

  // Each manager on the chain left loses what the moved subtree added to their cells, each on the chain joined
  // gains it. That depends on how far above the moved employee they are (a grain's minDepth leaves out the
  // business of the nearest levels), so a manager on both chains at another distance changes too.
  for (const grain of SUBTREE_GRAINS) {
    const share = (depth: number) => Math.max(0, grain.minDepth - depth);
    const same = (a: Link, chain: Link[]) => chain.some((b) => b.id === a.id && share(b.depth) === share(a.depth));
    const targets = [
      ...before.filter((a) => !same(a, after)).map((a) => sql`(${a.id}::int, -1, ${share(a.depth)}::int)`),
      ...after.filter((a) => !same(a, before)).map((a) => sql`(${a.id}::int, 1, ${share(a.depth)}::int)`),
    ];
    if (targets.length === 0) continue;
    const t = sql.table(grain.table);
    // The moved subtree's business in this grain: the moved employee's own cells, plus the daily facts of the
    // levels below them that their cells leave out but a target's take in.
    const facts = sql.join(factDims(grain.dims));
    const below =
      grain.minDepth === 0
        ? sql``
        : sql`union all
          select ${grain.periodOf(sql`f.day`)}, ${facts}, f.nop, f.premium, f.weightage_premium, f.loan_amount
          from employee_closure d
          join fact_daily_business f on f.employee_id = d.descendant_id
          join products pr on pr.product_type_id = f.product_type_id
          where d.ancestor_id = ${employeeId} and d.depth >= t.from_depth and d.depth < ${grain.minDepth}
            ${grainRows(grain, sql`f.channel`)}`;
    await addDeltas(
      trx,
      grain.table,
      sql`
        insert into ${t} (${subtreeKey(grain)}, nop, premium, weightage_premium, loan_amount)
        select t.ancestor_id, x.period, ${dimRefs(grain.dims, 'x')},
          sum(t.sign * x.nop), sum(t.sign * x.premium), sum(t.sign * x.weightage_premium), sum(t.sign * x.loan_amount)
        from (values ${sql.join(targets)}) as t(ancestor_id, sign, from_depth)
        cross join lateral (
          select c.${sql.ref(grain.period)} as period, ${dimRefs(grain.dims, 'c')}, c.nop, c.premium, c.weightage_premium, c.loan_amount
          from ${t} c where c.ancestor_id = ${employeeId}
          ${below}) as x(period, ${dimRefs(grain.dims)}, nop, premium, weightage_premium, loan_amount)
        group by t.ancestor_id, x.period, ${dimRefs(grain.dims, 'x')}
        having sum(t.sign * x.nop) <> 0 or sum(t.sign * x.premium) <> 0 or sum(t.sign * x.weightage_premium) <> 0
          or sum(t.sign * x.loan_amount) <> 0
        ${addToCell(grain.table, subtreeKey(grain))}`,
    );
  }
  const chainIds = (chain: Link[]) => new Set(chain.map((a) => a.id));
  const [was, is] = [chainIds(before), chainIds(after)];
  const left = [...was].filter((id) => !is.has(id));
  const joined = [...is].filter((id) => !was.has(id));
  await moveSubtreeBits(trx, employeeId, left, joined);
  for (const rows of SUBTREE_ROW_TABLES) await moveSubtreeRows(trx, rows, employeeId, left, joined);
  await trx
    .updateTable('etl_jobs')
    .set({ rollups_changed_at: sql`now()` })
    .where('name', '=', BUSINESS_ROLLUP_JOB)
    .execute();
}

/** Call after the moving transaction committed: report caches of this process drop figures at once. */
export const afterHierarchyMove = noteRollupsChanged;

interface Link {
  id: number;
  /** Levels between them and the employee (1: their manager). */
  depth: number;
}

async function ancestorsAbove(db: Db, employeeId: number): Promise<Link[]> {
  return db
    .selectFrom('employee_closure')
    .select(['ancestor_id as id', 'depth'])
    .where('descendant_id', '=', employeeId)
    .where('depth', '>', 0)
    .execute();
}
