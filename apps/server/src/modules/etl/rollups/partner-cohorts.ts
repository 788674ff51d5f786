import { sql, type RawBuilder } from 'kysely';
import { foldMappedTable, rebuildMappedRows, type MappedRows } from '../current-mappings';
import { holdMappings } from '../rollup-helpers';
import { rebuildSubtreeRows, subtreeRowsFollowHierarchy, type SubtreeRows } from '../subtree-rows';
import type { Rollup } from './rollup';

/**
 * The partners' onboarding cohorts per manager and per subtree (docs/decisions/046-partner-cohorts.md): Apex
 * Journey and Recruitment sum a subtree's rows for the range's days. A partner's row holds its registration day,
 * certifications and onboarding level at its registration month's end; rows are M ⊗ D with the mappings.
 */

/** The onboarding stages in order, each with the column of the day it was reached and its title. */
export const ONBOARDING_STAGES = [
  ['registered_at', 'Registered'],
  ['documents_at', 'Documents'],
  ['training_at', 'Training'],
  ['exam_at', 'Exam Passed'],
  ['certified_at', 'Certified'],
  ['first_sale_at', 'First Sale'],
] as const;

/**
 * The level of a partner (columns of `alias`): 1 when registered, one more for each later stage reached, with
 * every stage before it, by the end of the registration month (a day not given is a stage not reached).
 */
function level(alias: string): RawBuilder<number> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  const monthEnd = sql`(date_trunc('month', ${col('registered_at')}) + interval '1 month' - interval '1 day')::date`;
  const later = ONBOARDING_STAGES.slice(1).map(([c], i) => sql`when not coalesce(${col(c)} <= ${monthEnd}, false) then ${sql.lit(i + 1)}`);
  return sql<number>`(case ${sql.join(later, sql` `)} else ${sql.lit(ONBOARDING_STAGES.length)} end)::smallint`;
}

/** The cohort tables, as the fold, a hierarchy move and the import of moves see them. */
const COHORTS: MappedRows & SubtreeRows = {
  table: 'fact_manager_partner_cohorts',
  owner: 'manager_id',
  subtreeTable: 'fact_subtree_partner_cohorts',
  keys: ['day', 'li', 'gi', 'level'],
  measures: ['partners'],
};

// D of every partner, or of those a query names.
const partnerRows = (partners?: RawBuilder<unknown>) => sql`
  select pa.id as partner_id, pa.registered_at as day, pa.li_pos_status as li, pa.gi_pos_status as gi, ${level('pa')} as level,
    1 as partners
  from partners pa ${partners ? sql`where pa.id in (${partners})` : sql``}`;

export const PARTNER_COHORTS: Rollup = {
  name: 'partner-cohorts',
  tables: [
    {
      name: 'fact_manager_partner_cohorts',
      key: ['manager_id', 'day', 'li', 'gi', 'level'],
      holds: 'partners of the cohort mapped to the manager',
    },
    {
      name: 'fact_subtree_partner_cohorts',
      key: ['ancestor_id', 'day', 'li', 'gi', 'level'],
      holds: 'the manager rows summed up the closure',
    },
  ],
  dependsOn: [],
  // The mapping changes and the partners' noted changes, into both tables.
  foldNoted: (trx) =>
    foldMappedTable(trx, {
      ...COHORTS,
      now: partnerRows,
      changed: sql`
        select c.partner_id, c.registered_at as day, c.li_pos_status as li, c.gi_pos_status as gi, ${level('c')} as level,
          sum(c.sign) as partners
        from etl_partner_cohort_changes c group by 1, 2, 3, 4, 5 having sum(c.sign) <> 0`,
    }),
  // Both tables afresh from every current mapping and every partner.
  rebuild: {
    inRun: async (trx, swap) => {
      await holdMappings(trx);
      await rebuildMappedRows(trx, swap, COHORTS, partnerRows());
      await rebuildSubtreeRows(swap, COHORTS);
    },
  },
  hierarchy: subtreeRowsFollowHierarchy(COHORTS),
};
