import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../platform/db';
import type { TableSwap } from '../../../platform/table-swap';
import { addDeltas } from '../rollup-helpers';
import { rebuildSubtreeRows, subtreeRowsFollowHierarchy, type SubtreeRows } from '../subtree-rows';
import type { Rollup } from './rollup';

/**
 * Renewal dues per expiry day (docs/decisions/047-renewal-dues-count.md), per employee and per subtree: policies
 * due per line, and of them those not yet renewed with their premium (My day). Report 38's total is the subtree
 * rows plus the policies changed since the run.
 */

/** The tables, as a hierarchy move and the import of moves see them. */
const TABLES: SubtreeRows = {
  table: 'fact_employee_renewals',
  owner: 'employee_id',
  subtreeTable: 'fact_subtree_renewals',
  keys: ['day', 'line'],
  measures: ['nop', 'open_nop', 'open_premium'],
};

// The line a due counts under: a policy of no known product has none.
const LINE = sql`coalesce(line, '') as line`;

// The measures of rows of policy versions (alias s), each version weighted by `sign`.
const measuresOf = (sign: RawBuilder<unknown>) => sql`sum(${sign}) as nop,
  coalesce(sum(${sign}) filter (where not renewed), 0) as open_nop,
  coalesce(sum(${sign} * premium) filter (where not renewed), 0) as open_premium`;

// The run's changes per employee and day (etl_affected holds each changed policy's old version, -1, and new, +1).
const DELTAS = sql`
  select employee_id, renewal_day as day, ${LINE}, ${measuresOf(sql`sign`)} from etl_affected where renewal_day is not null
  group by 1, 2, 3 having sum(sign) <> 0 or sum(sign) filter (where not renewed) <> 0 or sum(sign * premium) filter (where not renewed) <> 0`;

const addMeasures = (table: RawBuilder<unknown>) => sql`nop = ${table}.nop + excluded.nop,
  open_nop = ${table}.open_nop + excluded.open_nop, open_premium = ${table}.open_premium + excluded.open_premium`;

/** Folds the run's changed policies into both tables. */
async function foldRenewalDays(trx: Db): Promise<void> {
  const employees = sql.table('fact_employee_renewals');
  await addDeltas(
    trx,
    'fact_employee_renewals',
    sql`insert into ${employees} (employee_id, day, line, nop, open_nop, open_premium) ${DELTAS}
      on conflict (employee_id, day, line) do update set ${addMeasures(employees)}`,
  );
  const subtrees = sql.table('fact_subtree_renewals');
  await addDeltas(
    trx,
    'fact_subtree_renewals',
    sql`insert into ${subtrees} (ancestor_id, day, line, nop, open_nop, open_premium)
      select c.ancestor_id, d.day, d.line, sum(d.nop), sum(d.open_nop), sum(d.open_premium)
      from (${DELTAS}) d join employee_closure c on c.descendant_id = d.employee_id
      group by 1, 2, 3 having sum(d.nop) <> 0 or sum(d.open_nop) <> 0 or sum(d.open_premium) <> 0
      on conflict (ancestor_id, day, line) do update set ${addMeasures(subtrees)}`,
  );
}

/** Writes both tables afresh from the policies as folded (a full ETL rebuild, after etl_policy_state). */
async function rebuildRenewalDays(swap: TableSwap): Promise<void> {
  await swap.replace('fact_employee_renewals', (t, db) =>
    sql`
      insert into ${t} (employee_id, day, line, nop, open_nop, open_premium)
      select employee_id, renewal_day, ${LINE}, ${measuresOf(sql`1`)} from etl_policy_state where renewal_day is not null
      group by 1, 2, 3 order by 1, 2, 3`.execute(db),
  );
  await rebuildSubtreeRows(swap, TABLES);
}

export const RENEWAL_DAYS: Rollup = {
  name: 'renewal-days',
  tables: [
    { name: 'fact_employee_renewals', key: ['employee_id', 'day', 'line'], holds: 'nop, open_nop, open_premium of the renewals due' },
    { name: 'fact_subtree_renewals', key: ['ancestor_id', 'day', 'line'], holds: 'the employee rows summed up the closure' },
  ],
  dependsOn: ['policy-versions'],
  fold: foldRenewalDays,
  rebuild: { spread: [rebuildRenewalDays] },
  hierarchy: subtreeRowsFollowHierarchy(TABLES),
};
