import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db';
import { replaceTable } from '../../platform/table-swap';
import { currentManager } from './current-mappings';
import { addDeltas } from './rollup-sql';

/**
 * Life instalments due, per manager, due month and partner currently mapped to the manager
 * (fact_manager_partner_dues, docs/decisions/041-life-renewals-by-manager.md): the Life Renewals Report reads a
 * subtree's rows instead of asking every mapped partner for their dues. A due is a successful life policy with a
 * partner, in the month of its next instalment (`next_due_date`).
 *
 * As the partner counts (./partner-activity.ts), the rows are M ⊗ D, with the mappings M and the partners' dues
 * D per due month; a run adds ΔM ⊗ D_now (a mapping that came or went takes the partner's dues with it) and
 * M_before ⊗ ΔD (the dues the run's policies changed, noted in etl_partner_dues), with M_before = M_now − ΔM.
 * Both cost the changed partners' rows only. Called while the mappings are held (`holdMappings`).
 */

const IS_DUE = sql`line = 'life' and status = 'success' and partner_id is not null and next_due_date is not null`;

// The dues of every partner, or of those a query names, per due month, from the policies as folded.
const partnerDues = (partners?: RawBuilder<unknown>) => sql`
  select partner_id, date_trunc('month', next_due_date)::date as month, count(*) as nop, sum(premium) as premium
  from etl_policy_state where ${IS_DUE} ${partners ? sql`and partner_id in (${partners})` : sql``}
  group by partner_id, 2`;

/** Notes what the run's changed policies (etl_affected) change in their partners' dues. */
export async function notePartnerDues(trx: Db): Promise<void> {
  await sql`
    insert into etl_partner_dues (partner_id, month, nop, premium)
    select partner_id, date_trunc('month', next_due_date)::date, sum(sign), sum(sign * premium) from etl_affected where ${IS_DUE}
    group by partner_id, 2 having sum(sign) <> 0 or sum(sign * premium) <> 0`.execute(trx);
}

/** Writes the table afresh from every current mapping and every due (a full ETL rebuild). */
export async function rebuildPartnerDues(trx: Db): Promise<void> {
  await replaceTable(trx, 'fact_manager_partner_dues', (t) =>
    sql`
      insert into ${t} (manager_id, month, partner_id, nop, premium)
      select m.manager_id, d.month, d.partner_id, d.nop, d.premium
      from (${partnerDues()}) d join partner_mappings m on m.partner_id = d.partner_id and m.valid_to is null
      order by 1, 2, 3`.execute(trx),
  );
}

/** Folds the mapping changes and the noted dues into the table. */
export async function foldPartnerDues(trx: Db): Promise<void> {
  await addDeltas(
    trx,
    'fact_manager_partner_dues',
    sql`
      with changed as (
        select partner_id, month, sum(nop) as nop, sum(premium) as premium from etl_partner_dues
        group by partner_id, month having sum(nop) <> 0 or sum(premium) <> 0
      ),
      deltas as (
        select c.manager_id, d.month, d.partner_id, c.sign * d.nop as nop, c.sign * d.premium as premium
        from etl_mapping_changes c join (${partnerDues(sql`select partner_id from etl_mapping_changes`)}) d on d.partner_id = c.partner_id
        union all
        select m.manager_id, d.month, d.partner_id, d.nop, d.premium
        from changed d join lateral (${currentManager(sql`d.partner_id`)}) m on true
        union all
        select c.manager_id, d.month, d.partner_id, -c.sign * d.nop, -c.sign * d.premium
        from changed d join etl_mapping_changes c on c.partner_id = d.partner_id
      )
      insert into fact_manager_partner_dues (manager_id, month, partner_id, nop, premium)
      select manager_id, month, partner_id, sum(nop), sum(premium) from deltas
      group by manager_id, month, partner_id having sum(nop) <> 0 or sum(premium) <> 0
      on conflict (manager_id, month, partner_id) do update set
        nop = fact_manager_partner_dues.nop + excluded.nop,
        premium = fact_manager_partner_dues.premium + excluded.premium`,
  );
}
