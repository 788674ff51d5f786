import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db';
import type { TableSwap } from '../../platform/table-swap';
import { rebuildSubtreeRows, type SubtreeRows } from './subtree-rows';
import { addDeltas } from './rollup-sql';

/**
 * The renewal dues per expiry day (docs/decisions/047-renewal-dues-count.md): per employee
 * (fact_employee_renewals) and per employee for their whole subtree (fact_subtree_renewals), how many of the
 * policies as the ETL last folded them fall due for renewal on the day (`RENEWAL_DAY` of ./rollup-sql.ts). Report
 * 38's total is the viewer's subtree rows for the range plus the policies changed since the run. The employee
 * rows are what a hierarchy move's import rewrites the subtree rows from.
 */

/** The tables, as a hierarchy move and the import of moves see them. */
export const RENEWAL_DAYS: SubtreeRows = {
  table: 'fact_employee_renewals',
  owner: 'employee_id',
  subtreeTable: 'fact_subtree_renewals',
  keys: ['day'],
  measures: ['nop'],
};

// The run's changes per employee and day (etl_affected holds each changed policy's old version, -1, and new, +1).
const DELTAS = sql`
  select employee_id, renewal_day as day, sum(sign) as nop from etl_affected where renewal_day is not null
  group by 1, 2 having sum(sign) <> 0`;

const addNop = (table: RawBuilder<unknown>) => sql`nop = ${table}.nop + excluded.nop`;

/** Folds the run's changed policies into both tables. */
export async function foldRenewalDays(trx: Db): Promise<void> {
  const employees = sql.table('fact_employee_renewals');
  await addDeltas(
    trx,
    'fact_employee_renewals',
    sql`insert into ${employees} (employee_id, day, nop) ${DELTAS}
      on conflict (employee_id, day) do update set ${addNop(employees)}`,
  );
  const subtrees = sql.table('fact_subtree_renewals');
  await addDeltas(
    trx,
    'fact_subtree_renewals',
    sql`insert into ${subtrees} (ancestor_id, day, nop)
      select c.ancestor_id, d.day, sum(d.nop) from (${DELTAS}) d join employee_closure c on c.descendant_id = d.employee_id
      group by 1, 2 having sum(d.nop) <> 0
      on conflict (ancestor_id, day) do update set ${addNop(subtrees)}`,
  );
}

/** Writes both tables afresh from the policies as folded (a full ETL rebuild, after etl_policy_state). */
export async function rebuildRenewalDays(swap: TableSwap): Promise<void> {
  await swap.replace('fact_employee_renewals', (t, db) =>
    sql`
      insert into ${t} (employee_id, day, nop)
      select employee_id, renewal_day, count(*) from etl_policy_state where renewal_day is not null
      group by 1, 2 order by 1, 2`.execute(db),
  );
  await rebuildSubtreeRows(swap, RENEWAL_DAYS);
}
