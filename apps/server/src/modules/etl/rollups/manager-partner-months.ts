import { sql, type RawBuilder } from 'kysely';
import { foldMappedTable, rebuildMappedRows, type MappedRows } from '../current-mappings';
import { holdMappings } from '../rollup-helpers';
import type { Rollup } from './rollup';

/**
 * Partner activation per manager and month (docs/decisions/035-partner-activity-by-manager.md): of the partners
 * mapped to the manager, those active in the month and those for the first time. Folded as ΔM ⊗ F_now +
 * M_before ⊗ ΔF, so a run costs the changed partners' months, never the organisation's.
 */

// Each partner's months with business, and the partner's first such month.
const partnerMonths = (partners?: RawBuilder<unknown>) => sql`
  select distinct partner_id, month, min(month) over (partition by partner_id) as first_month from fact_partner_monthly
  ${partners ? sql`where partner_id in (${partners})` : sql``}`;

// A partner's rows of D: each month with business, and whether it was their first.
const partnerMonthRows = (partners?: RawBuilder<unknown>) => sql`
  select partner_id, month, 1 as active, (month = first_month)::int as activated from (${partnerMonths(partners)}) f`;

const TABLE: MappedRows = { table: 'fact_manager_partner_monthly', keys: ['month'], measures: ['active', 'activated'] };

export const MANAGER_PARTNER_MONTHS: Rollup = {
  name: 'manager-partner-months',
  tables: [
    {
      name: 'fact_manager_partner_monthly',
      key: ['manager_id', 'month'],
      holds: 'active, activated: the mapped partners with business in the month, and those whose first month it is',
    },
  ],
  dependsOn: ['partner-months'],
  foldNoted: (trx) =>
    foldMappedTable(trx, {
      ...TABLE,
      now: partnerMonthRows,
      changed: sql`
        select partner_id, month, sum(active) as active, sum(activated) as activated from etl_partner_presence
        group by partner_id, month having sum(active) <> 0 or sum(activated) <> 0`,
    }),
  rebuild: {
    inRun: async (trx, swap) => {
      await holdMappings(trx);
      await rebuildMappedRows(trx, swap, TABLE, partnerMonthRows());
    },
  },
};
