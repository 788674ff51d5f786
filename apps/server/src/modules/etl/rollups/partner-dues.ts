import { sql, type RawBuilder } from 'kysely';
import { foldMappedTable, rebuildMappedRows, type MappedRows } from '../current-mappings';
import { holdMappings } from '../rollup-helpers';
import { rebuildSubtreeRows, subtreeRowsFollowHierarchy, type SubtreeRows } from '../subtree-rows';
import type { Rollup } from './rollup';

/**
 * Life instalments due per manager, due month and mapped partner, and per subtree (decisions 041 and 044), so
 * the Life Renewals Report reads one subtree's rows. Manager rows are M ⊗ D like the partner counts
 * (`foldMappedTable`); subtree rows are the manager rows summed up the closure.
 */

const IS_DUE = sql`line = 'life' and status = 'success' and partner_id is not null and next_due_date is not null`;

// The dues of every partner, or of those a query names, per due month, from the policies as folded.
const partnerDues = (partners?: RawBuilder<unknown>) => sql`
  select partner_id, date_trunc('month', next_due_date)::date as month, count(*) as nop, sum(premium) as premium
  from etl_policy_state where ${IS_DUE} ${partners ? sql`and partner_id in (${partners})` : sql``}
  group by partner_id, 2`;

/** The dues' tables, as the fold, a hierarchy move and the import of moves see them. */
const DUES: MappedRows & SubtreeRows = {
  table: 'fact_manager_partner_dues',
  owner: 'manager_id',
  subtreeTable: 'fact_subtree_partner_dues',
  keys: ['month', 'partner_id'],
  measures: ['nop', 'premium'],
};

export const PARTNER_DUES: Rollup = {
  name: 'partner-dues',
  tables: [
    { name: 'fact_manager_partner_dues', key: ['manager_id', 'month', 'partner_id'], holds: 'nop, premium of the life instalments due' },
    { name: 'fact_subtree_partner_dues', key: ['ancestor_id', 'month', 'partner_id'], holds: 'the manager rows summed up the closure' },
  ],
  dependsOn: ['policy-versions'],
  // Notes what the run's changed policies (etl_affected) change in their partners' dues.
  fold: async (trx) => {
    await sql`
      insert into etl_partner_dues (partner_id, month, nop, premium)
      select partner_id, date_trunc('month', next_due_date)::date, sum(sign), sum(sign * premium) from etl_affected where ${IS_DUE}
      group by partner_id, 2 having sum(sign) <> 0 or sum(sign * premium) <> 0`.execute(trx);
  },
  // The mapping changes and the noted dues, into both tables.
  foldNoted: (trx) =>
    foldMappedTable(trx, {
      ...DUES,
      now: partnerDues,
      changed: sql`
        select partner_id, month, sum(nop) as nop, sum(premium) as premium from etl_partner_dues
        group by partner_id, month having sum(nop) <> 0 or sum(premium) <> 0`,
    }),
  // Both tables afresh from every current mapping and every due.
  rebuild: {
    inRun: async (trx, swap) => {
      await holdMappings(trx);
      await rebuildMappedRows(trx, swap, DUES, partnerDues());
      await rebuildSubtreeRows(swap, DUES);
    },
  },
  hierarchy: subtreeRowsFollowHierarchy(DUES),
};
