import { sql } from 'kysely';
import type { Db } from '../src/platform/db';

/**
 * Roll-up checks shared by the ETL tests: each fact table against the same figures recomputed straight
 * from policies. Rows come back as comparable text, so a mismatch shows the differing cells.
 */
interface WithDb {
  db: Db;
}

/** fact_daily_business recomputed straight from policies, as comparable text rows. */
export async function rawAggregate(db: WithDb): Promise<string[]> {
  const res = await sql<{ r: string }>`
    select concat_ws('|', business_day(issued_at), employee_id, product_type_id, insurer_id, state_id, business_type, channel, status,
      coalesce(premium_payment_term, 0), coalesce(premium_installment_type, ''), count(*), sum(paid_amount), sum(weightage_premium), coalesce(sum(loan_amount), 0)::numeric(16,2)) as r
    from policies group by business_day(issued_at), employee_id, product_type_id, insurer_id, state_id, business_type, channel, status,
      coalesce(premium_payment_term, 0), coalesce(premium_installment_type, '') order by 1`.execute(db.db);
  return res.rows.map((r) => r.r);
}

export async function factRows(db: WithDb): Promise<string[]> {
  const res = await sql<{ r: string }>`
    select concat_ws('|', day, employee_id, product_type_id, insurer_id, state_id, business_type, channel, status, payment_term,
      installment_type, nop, premium, weightage_premium, loan_amount) as r from fact_daily_business order by 1`.execute(db.db);
  return res.rows.map((r) => r.r);
}

export async function partnerMonthlyMatches(db: WithDb): Promise<boolean> {
  const res = await sql<{ n: number }>`
    with raw as (
      select date_trunc('month', business_day(p.issued_at))::date as month, p.partner_id, pr.line, count(*)::int as nop,
        sum(p.paid_amount) as premium, min(business_day(p.issued_at)) as first_day, max(business_day(p.issued_at)) as last_day
      from policies p join products pr on pr.product_type_id = p.product_type_id
      where p.status = 'success' and p.partner_id is not null group by 1, 2, 3
    )
    select count(*)::int as n from (
      (select month, partner_id, line, nop, premium, first_day, last_day from raw
       except select month, partner_id, line, nop, premium, first_issue_day, last_issue_day from fact_partner_monthly)
      union all
      (select month, partner_id, line, nop, premium, first_issue_day, last_issue_day from fact_partner_monthly
       except select month, partner_id, line, nop, premium, first_day, last_day from raw)
    ) diff`.execute(db.db);
  return res.rows[0]?.n === 0;
}

// After CTEs `raw` and `fact` of the same columns: how many rows are in one and not the other (0: the same rows).
const SAME_ROWS = sql`select count(*)::int as n from ((select * from raw except select * from fact) union all (select * from fact except select * from raw)) d`;

// The subtree roll-ups' dimensions as read from a policy (alias p) and its product (alias pr).
const POLICY_DIMS = {
  status: sql`p.status`,
  business_type: sql`p.business_type`,
  channel: sql`p.channel`,
  line: sql`pr.line`,
  product_type_id: sql`p.product_type_id`,
  insurer_id: sql`p.insurer_id`,
  payment_term: sql`coalesce(p.premium_payment_term, 0)`,
  installment_type: sql`coalesce(p.premium_installment_type, '')`,
};
type Dim = keyof typeof POLICY_DIMS;
const NARROW: Dim[] = ['status', 'business_type', 'channel', 'line'];

/**
 * A subtree roll-up against sums straight from policies: per `period` and ancestor and the dimensions `dims`,
 * the business of everyone at least `minDepth` levels below the ancestor.
 */
async function cellsMatch(db: WithDb, table: string, period: 'day' | 'month', dims: Dim[], minDepth: number): Promise<boolean> {
  const cols = sql.join(dims.map((d) => sql.ref(d)));
  const res = await sql<{ n: number }>`
    with raw as (
      select date_trunc(${period}, business_day(p.issued_at))::date as period, c.ancestor_id,
        ${sql.join(dims.map((d) => sql`${POLICY_DIMS[d]} as ${sql.ref(d)}`))},
        count(*)::int as nop, sum(p.paid_amount) as premium, sum(p.weightage_premium) as wp
      from policies p join employee_closure c on c.descendant_id = p.employee_id and c.depth >= ${minDepth}
      join products pr on pr.product_type_id = p.product_type_id
      group by ${sql.join([sql`1`, sql`2`, ...dims.map((_, i) => sql.raw(String(i + 3)))])}
    ), fact as (
      select ${sql.ref(period)} as period, ancestor_id, ${cols}, nop, premium, weightage_premium as wp from ${sql.table(table)}
    )
    ${SAME_ROWS}`.execute(db.db);
  return res.rows[0]?.n === 0;
}

/** fact_subtree_daily or fact_subtree_monthly: each ancestor's cells hold their whole subtree's business. */
export const subtreeMatches = (db: WithDb, period: 'day' | 'month') =>
  cellsMatch(db, period === 'day' ? 'fact_subtree_daily' : 'fact_subtree_monthly', period, NARROW, 0);

/**
 * fact_subtree_product_monthly: each ancestor's cells hold the business of everyone at least one level below
 * them (a team lead's, their RMs'), never their own.
 */
export const productCellsMatch = (db: WithDb) =>
  cellsMatch(
    db,
    'fact_subtree_product_monthly',
    'month',
    [...NARROW, 'product_type_id', 'insurer_id', 'payment_term', 'installment_type'],
    1,
  );

/** The product, insurer and terms days: each ancestor's cells hold the business of everyone at least two levels below. */
export const dayCellsMatch = async (db: WithDb) =>
  (await cellsMatch(db, 'fact_subtree_product_daily', 'day', [...NARROW, 'product_type_id'], 2)) &&
  (await cellsMatch(db, 'fact_subtree_insurer_daily', 'day', [...NARROW, 'insurer_id'], 2)) &&
  (await cellsMatch(db, 'fact_subtree_terms_daily', 'day', [...NARROW, 'payment_term', 'installment_type'], 2));

/**
 * Breaks in the key order of `table` read in its physical order (ctid): rows whose primary key is lower than
 * the row before them. A table written in key order has almost none (the heap may still put a short row in
 * the space an earlier page had left); one written in a hash order has about one for every two rows.
 */
export async function keyOrderBreaks(db: WithDb, table: string): Promise<{ breaks: number; rows: number }> {
  const key = await sql<{ column: string }>`
    select a.attname as column from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${table}::regclass and i.indisprimary
    order by array_position(i.indkey::int2[], a.attnum)`.execute(db.db);
  const row = sql`row(${sql.join(key.rows.map((r) => sql.ref(r.column)))})`;
  const res = await sql<{ breaks: number; rows: number }>`
    select (count(*) filter (where previous > current))::int as breaks, count(*)::int as rows from (
      select ${row} as current, lag(${row}) over (order by ctid) as previous from ${sql.table(table)}) t`.execute(db.db);
  return res.rows[0] ?? { breaks: -1, rows: 0 };
}
