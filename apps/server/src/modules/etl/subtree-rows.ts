import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db';
import type { TableSwap } from '../../platform/table-swap';
import { addDeltas, allZero } from './rollup-helpers';

/**
 * Tables per employee for their whole subtree, summed up the closure from a table of rows per owner. Rebuilds
 * write them from the owner rows; moves carry the moved rows from the chain left to the chain joined.
 */

/** A table of rows per owner with its subtree table: the columns of the key after the owner, and the measures. */
export interface SubtreeRows {
  table: 'fact_manager_partner_dues' | 'fact_manager_partner_cohorts' | 'fact_employee_renewals';
  owner: 'manager_id' | 'employee_id';
  subtreeTable: 'fact_subtree_partner_dues' | 'fact_subtree_partner_cohorts' | 'fact_subtree_renewals';
  keys: readonly string[];
  measures: readonly string[];
}

// The subtree rows of every employee, or of the employees a one-column query names, summed from the owner rows.
const subtreeSums = (t: SubtreeRows, ancestors?: RawBuilder<unknown>) => sql`
  select c.ancestor_id, ${sql.join(t.keys.map((k) => sql.ref(`f.${k}`)))}, ${sql.join(t.measures.map((m) => sql`sum(${sql.ref(`f.${m}`)})`))}
  from ${sql.table(t.table)} f join employee_closure c on c.descendant_id = ${sql.ref(`f.${t.owner}`)}
  ${ancestors ? sql`where c.ancestor_id in (${ancestors})` : sql``}
  group by c.ancestor_id, ${sql.join(t.keys.map((k) => sql.ref(`f.${k}`)))}`;

const subtreeColumns = (t: SubtreeRows) => sql.join(['ancestor_id', ...t.keys, ...t.measures].map((c) => sql.ref(c)));

/** Writes the subtree rows afresh from the owner rows (a full ETL rebuild, after the owner rows). */
export async function rebuildSubtreeRows(swap: TableSwap, t: SubtreeRows): Promise<void> {
  await swap.replace(t.subtreeTable, (target, db) =>
    sql`insert into ${target} (${subtreeColumns(t)}) select * from (${subtreeSums(t)}) s
      order by ${sql.join(['ancestor_id', ...t.keys].map((c) => sql.ref(c)))}`.execute(db),
  );
}

/**
 * A hierarchy move: the employees of the chain the moved employee left lose the moved subtree's rows, those of
 * the chain joined gain them (an owner row belongs to one employee, so nothing else below them holds it).
 */
async function moveSubtreeRows(trx: Db, t: SubtreeRows, employeeId: number, left: number[], joined: number[]): Promise<void> {
  if (!left.length && !joined.length) return;
  const table = sql.table(t.subtreeTable);
  const keys = sql.join(t.keys.map((k) => sql.ref(k)));
  await addDeltas(
    trx,
    t.subtreeTable,
    sql`
      insert into ${table} (${subtreeColumns(t)})
      select t.id, ${sql.join(t.keys.map((k) => sql.ref(`x.${k}`)))}, ${sql.join(t.measures.map((m) => sql`t.sign * ${sql.ref(`x.${m}`)}`))}
      from (select unnest(${left}::int[]), -1 union all select unnest(${joined}::int[]), 1) as t(id, sign)
      cross join ${table} x where x.ancestor_id = ${employeeId}
      on conflict (ancestor_id, ${keys}) do update set
        ${sql.join(t.measures.map((m) => sql`${sql.ref(m)} = ${table}.${sql.ref(m)} + excluded.${sql.ref(m)}`))}`,
    allZero(t.measures),
  );
}

/**
 * The subtree rows of the employees `ancestors` (a one-column query) written afresh from the owner rows and
 * the current closure (the import of hierarchy moves; call with the ETL's lock held).
 */
async function refreshSubtreeRows(trx: Db, t: SubtreeRows, ancestors: RawBuilder<unknown>): Promise<void> {
  await sql`delete from ${sql.table(t.subtreeTable)} where ancestor_id in (${ancestors})`.execute(trx);
  await sql`insert into ${sql.table(t.subtreeTable)} (${subtreeColumns(t)}) ${subtreeSums(t, ancestors)}`.execute(trx);
}

/** How a hierarchy move and the import of moves carry the subtree rows of `t` (a roll-up's `hierarchy`). */
export const subtreeRowsFollowHierarchy = (t: SubtreeRows) => ({
  move: (trx: Db, m: { employeeId: number; left: number[]; joined: number[] }) => moveSubtreeRows(trx, t, m.employeeId, m.left, m.joined),
  refresh: (trx: Db, ancestors: RawBuilder<unknown>) => refreshSubtreeRows(trx, t, ancestors),
});
