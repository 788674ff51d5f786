import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db';
import type { TableSwap } from '../../platform/table-swap';
import { foldMappedTable, holdMappings, rebuildMappedRows, type MappedRows } from './current-mappings';
import { foldSubtreeBits, rebuildPartnerBits } from './partner-bits';
import { foldPartnerCohorts, rebuildPartnerCohorts } from './partner-cohorts';
import { foldPartnerDues, rebuildPartnerDues } from './partner-dues';
import { addDeltas } from './rollup-sql';

/**
 * Partner activation per manager (docs/decisions/035-partner-activity-by-manager.md): fact_manager_partners
 * holds the partners currently mapped to each manager (and of them those mapped offline, without a request:
 * decision 040), fact_manager_partner_monthly, per month, those of them with successful business (their
 * months in fact_partner_monthly) and those whose first such month it is. A subtree's counts are the sums of
 * its people's rows. The partners of each subtree as a bitmap, for counts of distinct partners over days, are
 * kept beside them (./partner-bits.ts).
 *
 * With the mappings M and the partners' months F (or last days), the counts are M ⊗ F. A run changes both: mappings through
 * etl_mapping_changes (written by triggers, ΔM), months through the fold of the changed policies (ΔF, noted
 * in etl_partner_presence). The change of the counts is ΔM ⊗ F_now + M_before ⊗ ΔF, where M_before is
 * M_now − ΔM: it costs the changed partners' months, never the organisation's.
 */

// Each partner's months with business, and the partner's first such month.
const partnerMonths = (partners?: RawBuilder<unknown>) => sql`
  select distinct partner_id, month, min(month) over (partition by partner_id) as first_month from fact_partner_monthly
  ${partners ? sql`where partner_id in (${partners})` : sql``}`;

// A partner's rows of D: each month with business, and whether it was their first.
const partnerMonthRows = (partners?: RawBuilder<unknown>) => sql`
  select partner_id, month, 1 as active, (month = first_month)::int as activated from (${partnerMonths(partners)}) f`;

const PARTNER_MONTHS: MappedRows = { table: 'fact_manager_partner_monthly', keys: ['month'], measures: ['active', 'activated'] };

/** Writes the tables afresh from every current mapping, every partner-month, every partner-day and every due (a full ETL rebuild). */
export async function rebuildPartnerActivity(trx: Db, swap: TableSwap): Promise<void> {
  await holdMappings(trx);
  await swap.replace('fact_manager_partners', (t) =>
    sql`
      insert into ${t} (manager_id, mapped, offline)
      select manager_id, count(*), count(*) filter (where request_item_id is null)
      from partner_mappings where valid_to is null group by manager_id`.execute(trx),
  );
  await rebuildMappedRows(trx, swap, PARTNER_MONTHS, partnerMonthRows());
  await rebuildPartnerBits(trx, swap);
  await rebuildPartnerDues(trx, swap);
  await rebuildPartnerCohorts(trx, swap);
  await sql`truncate etl_mapping_changes, etl_partner_presence, etl_partner_dues, etl_partner_cohort_changes`.execute(trx);
}

/**
 * Notes the months with business of the partners whose policies this run folds, before (-1) or after (+1)
 * their partner-months change: one row for each of the run's months the partner has business in, and one for
 * the partner's first month. Before and after summed, what is left is what changed.
 */
export async function notePartnerPresence(trx: Db, sign: -1 | 1): Promise<void> {
  await sql`
    with touched as (
      select distinct partner_id, date_trunc('month', day)::date as month from etl_affected
      where status = 'success' and partner_id is not null and line is not null)
    insert into etl_partner_presence (partner_id, month, active, activated)
    select t.partner_id, t.month, ${sign}, 0 from touched t
    where exists (select 1 from fact_partner_monthly f where f.partner_id = t.partner_id and f.month = t.month)
    union all
    select p.partner_id, f.month, 0, ${sign}
    from (select distinct partner_id from touched) p
    cross join lateral (select min(f.month) as month from fact_partner_monthly f where f.partner_id = p.partner_id) f
    where f.month is not null`.execute(trx);
}

/**
 * Folds the mapping changes, the noted months and the noted dues into the tables (the mapping changes also into
 * the subtrees' bitmaps) and empties the scratch tables. Returns how
 * many changes there were (0: the counts stand as they were).
 */
export async function foldPartnerActivity(trx: Db): Promise<number> {
  await holdMappings(trx);
  const found = await sql<{ n: number }>`
    select ((select count(*) from etl_mapping_changes) + (select count(*) from etl_partner_presence)
      + (select count(*) from etl_partner_dues) + (select count(*) from etl_partner_cohort_changes))::int as n`.execute(trx);
  const changes = found.rows[0]?.n ?? 0;
  if (changes === 0) return 0;

  await addDeltas(
    trx,
    'fact_manager_partners',
    sql`
      insert into fact_manager_partners (manager_id, mapped, offline)
      select manager_id, sum(sign), coalesce(sum(sign) filter (where offline), 0) from etl_mapping_changes
      group by manager_id having sum(sign) <> 0 or sum(sign) filter (where offline) <> 0
      on conflict (manager_id) do update set
        mapped = fact_manager_partners.mapped + excluded.mapped, offline = fact_manager_partners.offline + excluded.offline`,
    sql`mapped = 0 and offline = 0`,
  );
  await foldMappedTable(trx, {
    ...PARTNER_MONTHS,
    now: partnerMonthRows,
    changed: sql`
      select partner_id, month, sum(active) as active, sum(activated) as activated from etl_partner_presence
      group by partner_id, month having sum(active) <> 0 or sum(activated) <> 0`,
  });
  await foldSubtreeBits(trx);
  await foldPartnerDues(trx);
  await foldPartnerCohorts(trx);
  // Nothing else writes these while the mappings and partners are held: emptied by truncate, they leave no dead rows.
  await sql`truncate etl_mapping_changes, etl_partner_presence, etl_partner_dues, etl_partner_cohort_changes`.execute(trx);
  return changes;
}
