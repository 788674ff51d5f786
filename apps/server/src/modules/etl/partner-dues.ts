import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db';
import { replaceTable } from '../../platform/table-swap';
import { allZero, foldMappedTable } from './current-mappings';
import { addDeltas } from './rollup-sql';

/**
 * Life instalments due, per manager, due month and partner currently mapped to the manager
 * (fact_manager_partner_dues, docs/decisions/041-life-renewals-by-manager.md), and the same per employee for
 * their whole subtree (fact_subtree_partner_dues, docs/decisions/044-life-renewals-by-subtree.md): the Life
 * Renewals Report reads one subtree's rows instead of asking every mapped partner for their dues. A due is a
 * successful life policy with a partner, in the month of its next instalment (`next_due_date`).
 *
 * As the partner counts (./partner-activity.ts), the manager rows are M ⊗ D, with the mappings M and the
 * partners' dues D per due month (`foldMappedTable`): a mapping that came or went takes the partner's dues with
 * it, and the dues the run's policies changed (noted in etl_partner_dues) go to the partner's managers. The
 * subtree rows are the manager rows summed up the closure: the same changes reach each manager's ancestors,
 * and a hierarchy move carries the moved subtree's rows from the chain it left to the chain it joined.
 */

const IS_DUE = sql`line = 'life' and status = 'success' and partner_id is not null and next_due_date is not null`;

// The dues of every partner, or of those a query names, per due month, from the policies as folded.
const partnerDues = (partners?: RawBuilder<unknown>) => sql`
  select partner_id, date_trunc('month', next_due_date)::date as month, count(*) as nop, sum(premium) as premium
  from etl_policy_state where ${IS_DUE} ${partners ? sql`and partner_id in (${partners})` : sql``}
  group by partner_id, 2`;

// The subtree rows of every employee, or of the employees a one-column query names, from the manager rows.
const subtreeDues = (ancestors?: RawBuilder<unknown>) => sql`
  select c.ancestor_id, f.month, f.partner_id, sum(f.nop) as nop, sum(f.premium) as premium
  from fact_manager_partner_dues f join employee_closure c on c.descendant_id = f.manager_id
  ${ancestors ? sql`where c.ancestor_id in (${ancestors})` : sql``}
  group by 1, 2, 3`;

const MEASURES = ['nop', 'premium'] as const;

/** Notes what the run's changed policies (etl_affected) change in their partners' dues. */
export async function notePartnerDues(trx: Db): Promise<void> {
  await sql`
    insert into etl_partner_dues (partner_id, month, nop, premium)
    select partner_id, date_trunc('month', next_due_date)::date, sum(sign), sum(sign * premium) from etl_affected where ${IS_DUE}
    group by partner_id, 2 having sum(sign) <> 0 or sum(sign * premium) <> 0`.execute(trx);
}

/** Writes both tables afresh from every current mapping and every due (a full ETL rebuild). */
export async function rebuildPartnerDues(trx: Db): Promise<void> {
  await replaceTable(trx, 'fact_manager_partner_dues', (t) =>
    sql`
      insert into ${t} (manager_id, month, partner_id, nop, premium)
      select m.manager_id, d.month, d.partner_id, d.nop, d.premium
      from (${partnerDues()}) d join partner_mappings m on m.partner_id = d.partner_id and m.valid_to is null
      order by 1, 2, 3`.execute(trx),
  );
  await replaceTable(trx, 'fact_subtree_partner_dues', (t) =>
    sql`insert into ${t} (ancestor_id, month, partner_id, nop, premium) select * from (${subtreeDues()}) s order by 1, 2, 3`.execute(trx),
  );
}

/** Folds the mapping changes and the noted dues into both tables. */
export async function foldPartnerDues(trx: Db): Promise<void> {
  await foldMappedTable(trx, {
    table: 'fact_manager_partner_dues',
    subtreeTable: 'fact_subtree_partner_dues',
    keys: ['month', 'partner_id'],
    measures: MEASURES,
    now: partnerDues,
    changed: sql`
      select partner_id, month, sum(nop) as nop, sum(premium) as premium from etl_partner_dues
      group by partner_id, month having sum(nop) <> 0 or sum(premium) <> 0`,
  });
}

/**
 * A hierarchy move: the managers of the chain the moved employee left lose the moved subtree's rows, those of
 * the chain joined gain them (a partner is mapped to one manager, so nothing else below them holds its dues).
 */
export async function moveSubtreeDues(trx: Db, employeeId: number, left: number[], joined: number[]): Promise<void> {
  if (!left.length && !joined.length) return;
  await addDeltas(
    trx,
    'fact_subtree_partner_dues',
    sql`
      insert into fact_subtree_partner_dues (ancestor_id, month, partner_id, nop, premium)
      select t.id, x.month, x.partner_id, t.sign * x.nop, t.sign * x.premium
      from (select unnest(${left}::int[]), -1 union all select unnest(${joined}::int[]), 1) as t(id, sign)
      cross join fact_subtree_partner_dues x where x.ancestor_id = ${employeeId}
      on conflict (ancestor_id, month, partner_id) do update set
        nop = fact_subtree_partner_dues.nop + excluded.nop, premium = fact_subtree_partner_dues.premium + excluded.premium`,
    allZero(MEASURES),
  );
}

/**
 * The subtree rows of the employees `ancestors` (a one-column query) written afresh from the manager rows and
 * the current closure (the import of hierarchy moves; call with the ETL's lock held).
 */
export async function refreshSubtreeDues(trx: Db, ancestors: RawBuilder<unknown>): Promise<void> {
  await sql`delete from fact_subtree_partner_dues where ancestor_id in (${ancestors})`.execute(trx);
  await sql`insert into fact_subtree_partner_dues (ancestor_id, month, partner_id, nop, premium) ${subtreeDues(ancestors)}`.execute(trx);
}
