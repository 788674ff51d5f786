import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db';
import type { DB as Database } from '../../platform/db-types';

/**
 * SQL shared by several roll-ups (./rollups/) and the runner (./runner.ts). Imports no roll-up, so that every
 * roll-up can import it.
 */

type Table = keyof Database;

/**
 * The day a policy (p) counts among the renewal dues (report 38): its expiry, when it is successful and has a
 * policy number; null otherwise.
 */
export const RENEWAL_DAY = sql<string | null>`case when p.status = 'success' and p.policy_no is not null then p.expiry_date end`;

/** What a policy contributes, in the column order of etl_affected and etl_policy_state (after their key). */
export const CONTRIBUTION = sql`day, employee_id, partner_id, product_type_id, insurer_id, state_id, business_type, channel, status,
  payment_term, installment_type, line, premium, weightage_premium, loan_amount, next_due_date, renewal_day, renews, renewed`;
/** The contribution of policy p (products pr); `rn.renewed` says whether a successful policy renews it (`renewals`). */
export const contributionOf = sql`business_day(p.issued_at), p.employee_id, p.partner_id, p.product_type_id, p.insurer_id, p.state_id,
  p.business_type, p.channel, p.status, coalesce(p.premium_payment_term, 0), coalesce(p.premium_installment_type, ''), pr.line,
  p.paid_amount, p.weightage_premium, coalesce(p.loan_amount, 0), p.next_due_date, ${RENEWAL_DAY},
  case when p.status = 'success' then p.previous_policy_no end, rn.renewed is not null`;
/**
 * Joins rn (renewed) to policies p: true where a successful policy renews p. A fold looks each policy up; a
 * rebuild joins every policy with the set of renewed numbers at once.
 */
export const renewals = (all: boolean) =>
  all
    ? sql`left join (select distinct previous_policy_no as policy_no, true as renewed from policies
        where status = 'success' and previous_policy_no is not null) rn on rn.policy_no = p.policy_no`
    : sql`left join lateral (select true as renewed from policies n
        where n.previous_policy_no = p.policy_no and n.status = 'success' limit 1) rn on true`;

/** The ON CONFLICT clause that adds a row's measures (nop, premium, weightage premium, loan amount) to the cell already there. */
export const addToCell = (table: Table, key: RawBuilder<unknown>) => {
  const t = sql.table(table);
  return sql`on conflict (${key}) do update set
    nop = ${t}.nop + excluded.nop,
    premium = ${t}.premium + excluded.premium,
    weightage_premium = ${t}.weightage_premium + excluded.weightage_premium,
    loan_amount = ${t}.loan_amount + excluded.loan_amount`;
};

/**
 * Deletes the rows at the given addresses (`ctid`s an upsert of this transaction returned for cells it left at
 * nop 0): a rebuild would not write an empty cell. Only a cell that lost a policy can be left empty.
 */
export async function dropEmptied(trx: Db, table: Table, emptied: { tid: string }[]): Promise<void> {
  const tids = emptied.map((r) => r.tid);
  if (tids.length) await sql`delete from ${sql.table(table)} where ctid = any(${tids}::tid[])`.execute(trx);
}

/**
 * Runs an upsert of deltas into `table` (an INSERT … ON CONFLICT, no RETURNING) and drops the cells it left
 * `empty` (a condition on the written row; by default no policy left).
 */
export async function addDeltas(trx: Db, table: Table, upsert: RawBuilder<unknown>, empty = sql`nop = 0`): Promise<void> {
  const emptied = await sql<{ tid: string }>`
    with written as (${upsert} returning ctid, ${empty} as empty)
    select ctid::text as tid from written where empty`.execute(trx);
  await dropEmptied(trx, table, emptied.rows);
}

/** A row whose measures are all zero, which a rebuild would not write (the fold and a move drop it). */
export const allZero = (measures: readonly string[]) =>
  sql.join(
    measures.map((m) => sql`${sql.ref(m)} = 0`),
    sql` and `,
  );

/**
 * Holds partners and mappings until the run commits, or a change saved meanwhile would be counted twice (from
 * the rows read and from the change tables). Taken last in a run; partners first, in the order importers use,
 * so no deadlock.
 */
export const holdMappings = (trx: Db) => sql`lock table partners, partner_mappings in share mode`.execute(trx);

/**
 * Settings for a rebuild's grouping of millions of cells, which spilled to disk in the default memory
 * (docs/scaling.md, 'ETL'). `sorted` groups by sorting, not hashing, for groupings with about as many cells as
 * rows, where hashed numeric sums spill in many batches and are sorted again anyway.
 */
export async function groupingSettings(db: Db, sorted: boolean): Promise<void> {
  await sql`set local work_mem = '256MB'`.execute(db);
  await sql`set local maintenance_work_mem = '512MB'`.execute(db);
  await sql`set local enable_hashagg = ${sql.raw(sorted ? 'off' : 'on')}`.execute(db);
}
