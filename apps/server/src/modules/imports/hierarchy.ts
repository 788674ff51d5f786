import { sql } from 'kysely';
import { refreshSubtreeRollups } from '../etl/module';
import type { Trx } from './spec';

/**
 * The hierarchy an employees batch would produce (its rows over the stored ones), walked up from every row
 * with a manager: a walk that comes back to its start is a cycle, refused with its path.
 */
export async function findCycles(trx: Trx): Promise<void> {
  await sql`create temp table import_cycles on commit drop as
    with recursive eff(code, mgr) as (
      select r.unique_code, r.manager_code from import_resolved r
      union all
      select e.unique_code, m.unique_code from employees e left join employees m on m.id = e.manager_id
      where not exists (select 1 from import_resolved r where r.unique_code = e.unique_code)
    ),
    walk(line, start, code, path) as (
      select r.line, r.unique_code, r.manager_code, array[r.unique_code]
      from import_resolved r where r.manager_code is not null and r.manager_code <> r.unique_code
      union all
      select w.line, w.start, e.mgr, w.path || w.code
      from walk w join eff e on e.code = w.code
      where e.mgr is not null and not (w.code = any(w.path))
    )
    select line, array_to_string(path || code, ' → ') as path from walk where code = start`.execute(trx);
}

/** Before the upsert: which stored employees change manager, and who is above them now. */
export async function beforeEmployeesChanged(trx: Trx): Promise<void> {
  await sql`create temp table import_moved on commit drop as
    select e.id from employees e join import_resolved r on r.unique_code = e.unique_code
    where (select mm.unique_code from employees mm where mm.id = e.manager_id) is distinct from r.manager_code`.execute(trx);
  await sql`create temp table import_old_ancestors on commit drop as
    select distinct c.ancestor_id as id from employee_closure c where c.descendant_id in (select id from import_moved)`.execute(trx);
}

/**
 * After the upsert (every employee of the batch now exists): managers set, the closure rebuilt when the
 * hierarchy changed, and the subtree roll-ups of everyone above a moved employee, before and after, redone.
 */
export async function afterEmployeesChanged(trx: Trx): Promise<void> {
  await sql`update employees e set manager_id = m.id
    from import_resolved r left join employees m on m.unique_code = r.manager_code
    where e.unique_code = r.unique_code and e.manager_id is distinct from m.id`.execute(trx);
  const changed = await sql<{ n: number }>`select (
      (select count(*) from import_moved) +
      (select count(*) from employees e where not exists (select 1 from employee_closure c where c.descendant_id = e.id and c.depth = 0))
    )::int as n`.execute(trx);
  if ((changed.rows[0]?.n ?? 0) === 0) return;
  await sql`delete from employee_closure`.execute(trx);
  await sql`insert into employee_closure (ancestor_id, descendant_id, depth)
    with recursive c(ancestor_id, descendant_id, depth) as (
      select id, id, 0 from employees
      union all
      select e.manager_id, c.descendant_id, c.depth + 1 from c join employees e on e.id = c.ancestor_id where e.manager_id is not null
    )
    select ancestor_id, descendant_id, depth from c`.execute(trx);
  await refreshSubtreeRollups(
    trx,
    sql`select id from import_old_ancestors
        union select c.ancestor_id from employee_closure c where c.descendant_id in (select id from import_moved)`,
  );
}
