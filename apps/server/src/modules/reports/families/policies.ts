import type { ReportColumnDef, ReportRecord } from '@dossier/shared';
import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Customers, Partners, Policies, Products } from '../../../platform/db-types';
import type { ReportResult } from '../catalogue';
import { readInBatches, type KeysetQuery } from '../../../platform/row-batches';
import { BUSINESS_ROLLUP_JOB, mayBeUnfolded, RENEWAL_DAY } from '../../etl/module';
import { column, COL, PREMIUM_COLUMN, WP_COLUMN } from '../columns';
import { hasPolicyFilters, issuedIn, policyFilters, round2, type QueryContext } from '../context';
import { mapped, orderedPage, pageWithin, sortedBy, type ListShape } from './paging';

// Policy lists grow with the business: downloads read them in batches, with the table's SQL so rows cannot drift
// apart. The page bound sits on the policies alone, so joins and the renewal look-up run for one page only.

/** How many policies match a list's where-clause (the table's page count). */
async function countRows(ctx: QueryContext, where: RawBuilder<unknown>): Promise<number> {
  const row = await ctx.db
    .selectFrom('policies as p')
    .select(sql<number>`count(*)`.as('n'))
    .where(sql<SqlBool>`${where}`)
    .executeTakeFirst();
  return row?.n ?? 0;
}

/**
 * One page of a policy list (the table): lists grow with the business, so the table is paged on the
 * server and never holds more than a page (docs/product/report-screens.md, 'Limits the server enforces').
 */
async function paged<R, K>(
  ctx: QueryContext,
  columns: ReportColumnDef[],
  shape: ListShape,
  total: number,
  query: (offset: number) => KeysetQuery<R, K>,
  record: (row: R) => ReportRecord,
): Promise<ReportResult> {
  const { paging, offset } = pageWithin(ctx, shape.sortable, total);
  const rows = total === 0 ? [] : (await query(offset).sql(null, paging.page_size).execute(ctx.db)).rows;
  return { columns, records: rows.map(record), paging };
}

// The columns the executive report sorts by, on the server (it is paged there).
const EXECUTIVE_SORT: Record<string, RawBuilder<unknown>> = {
  'Payment Id': sql`p.payment_id`,
  [COL.product]: sql`pr.name`,
  Customer: sql`cu.name`,
  [COL.premium]: sql`p.paid_amount`,
  [COL.wp]: sql`p.weightage_premium`,
  'Issue Date': sql`p.issued_at`,
  Status: sql`p.status`,
  Expiring_Policy_No: sql`p.previous_policy_no`,
};

export const EXECUTIVE_COLUMNS = sortedBy(EXECUTIVE_SORT, [
  column('Payment Id', 'text'),
  column(COL.product, 'text'),
  column('Customer', 'text'),
  PREMIUM_COLUMN,
  WP_COLUMN,
  column('Issue Date', 'text'),
  column('Status', 'text'),
  column('Expiring_Policy_No', 'text', { title: 'Expiring Policy No' }),
  column('One Click Url', 'pay', { title: 'Payment' }),
  column('view', 'sales-view', { title: 'Sales Promotion' }),
]);

/** A row of EXECUTIVE_SELECT: the policy's columns, its product's and customer's, and the amounts and days it computes. */
type ExecutiveRow = Pick<Selectable<Policies>, 'payment_id' | 'status' | 'previous_policy_no' | 'one_click_url' | 'proposal_no' | 'id'> &
  Pick<Selectable<Products>, 'product_type'> & {
    product: Selectable<Products>['name'];
    customer: Selectable<Customers>['name'];
    premium: number;
    wp: number;
    issue_day: string;
    // Order key. The instant as text: a JS Date would drop the microseconds and skip or repeat rows.
    issued_key: string;
  };

type ExecutiveKey = { issuedAt: string; id: ExecutiveRow['id'] };

/** The partner's policies of the range (the page bound and the count share it). */
const executiveWhere = (ctx: QueryContext) =>
  sql`p.partner_id = ${ctx.account.id} and ${issuedIn(ctx.range)} ${policyFilters(ctx.filters)}`;

const EXECUTIVE_SELECT = sql`p.payment_id, pr.name as product, pr.product_type, cu.name as customer, p.paid_amount::float8 as premium,
  p.weightage_premium::float8 as wp, business_day(p.issued_at)::text as issue_day, p.status, p.previous_policy_no,
  p.one_click_url, p.proposal_no, p.issued_at::text as issued_key, p.id`;
const EXECUTIVE_JOINS = sql`join products pr on pr.product_type_id = p.product_type_id join customers cu on cu.id = p.customer_id`;

const executiveShape = (ctx: QueryContext): ListShape => ({
  select: EXECUTIVE_SELECT,
  from: sql`policies p ${EXECUTIVE_JOINS}`,
  where: executiveWhere(ctx),
  sortable: EXECUTIVE_SORT,
  searchText: sql`concat_ws(' ', p.payment_id, pr.name, cu.name, p.paid_amount::text, p.weightage_premium::text,
    business_day(p.issued_at)::text, p.status, p.previous_policy_no, p.proposal_no)`,
  order: sql`p.issued_at desc, p.id desc`,
});

function executiveQuery(ctx: QueryContext, offset = 0): KeysetQuery<ExecutiveRow, ExecutiveKey> {
  return {
    sql: (after, limit) => sql<ExecutiveRow>`
      select ${EXECUTIVE_SELECT}
      from (
        select p.* from policies p
        where ${executiveWhere(ctx)}
          ${after ? sql`and (p.issued_at, p.id) < (${after.issuedAt}::timestamptz, ${after.id}::bigint)` : sql``}
          ${limit === null ? sql`` : sql`order by p.issued_at desc, p.id desc limit ${limit} offset ${offset}`}
      ) p
      ${EXECUTIVE_JOINS}
      order by p.issued_at desc, p.id desc`,
    keyOf: (r) => ({ issuedAt: r.issued_key, id: r.id }),
  };
}

function executiveRecord(r: ExecutiveRow): ReportRecord {
  return {
    'Payment Id': r.payment_id,
    [COL.product]: r.product,
    product_type: r.product_type,
    Customer: r.customer,
    [COL.premium]: round2(r.premium),
    [COL.wp]: round2(r.wp),
    'Issue Date': r.issue_day,
    Status: r.status,
    Expiring_Policy_No: r.previous_policy_no,
    // Only a renewal still awaiting payment can be paid from the report.
    'One Click Url': r.status === 'pending' ? r.one_click_url : null,
    view: r.proposal_no,
  };
}

/** Report 37, the end of a drill: one page of the policies of one partner issued in the range. */
export async function executiveReport(ctx: QueryContext): Promise<ReportResult> {
  if (ctx.page.sort || ctx.page.search) {
    return orderedPage(ctx, 'The executive report', EXECUTIVE_COLUMNS, executiveShape(ctx), executiveRecord);
  }
  const total = await countRows(ctx, executiveWhere(ctx));
  return paged(ctx, EXECUTIVE_COLUMNS, executiveShape(ctx), total, (offset) => executiveQuery(ctx, offset), executiveRecord);
}

/** Report 37's rows in batches (downloads). */
export function executiveBatches(ctx: QueryContext, batchSize: number): AsyncGenerator<ReportRecord[]> {
  return mapped(readInBatches(ctx.db, executiveQuery(ctx), batchSize), executiveRecord);
}

const RENEWAL_SORT: Record<string, RawBuilder<unknown>> = {
  'Policy No': sql`p.policy_no`,
  [COL.product]: sql`pr.name`,
  Customer: sql`cu.name`,
  'Partner Code': sql`pa.unique_code`,
  'Expiry Date': sql`p.expiry_date`,
  [COL.premium]: sql`p.paid_amount`,
};

export const RENEWAL_COLUMNS = sortedBy(RENEWAL_SORT, [
  column('Policy No', 'text'),
  column(COL.product, 'text'),
  column('product_type', 'text', { hidden: true }),
  column('Customer', 'text'),
  column('Partner Code', 'text'),
  column('Expiry Date', 'text'),
  PREMIUM_COLUMN,
  column('Renewal Link', 'link'),
  column('One Click Url', 'pay', { title: 'Payment' }),
]);

/** A row of RENEWAL_SELECT: the policy's columns (the links those of its renewal when one awaits payment) and its product's, customer's and partner's. */
type RenewalRow = Pick<Selectable<Policies>, 'renewal_link' | 'one_click_url' | 'id'> &
  Pick<Selectable<Products>, 'product_type'> & {
    // The list keeps only policies that have a number.
    policy_no: NonNullable<Selectable<Policies>['policy_no']>;
    product: Selectable<Products>['name'];
    customer: Selectable<Customers>['name'];
    partner_code: Selectable<Partners>['unique_code'] | null;
    expiry_date: string;
    premium: number;
  };

/**
 * Successful policies of the account expiring in the range, read in page order through policies_expiry_idx with
 * each entry's employee checked against the subtree, so a page stops after its rows. Not `= any(array(…))`: a
 * linear search per entry the planner cannot estimate.
 */
function renewalWhere(ctx: QueryContext) {
  const owner =
    ctx.account.kind === 'partner'
      ? sql`p.partner_id = ${ctx.account.id}`
      : sql`p.employee_id in (select descendant_id from employee_closure where ancestor_id = ${ctx.account.id})`;
  return sql`${owner} and p.status = 'success' and p.policy_no is not null
    and p.expiry_date between ${ctx.range.start}::date and ${ctx.range.end}::date ${policyFilters(ctx.filters)}`;
}

const RENEWAL_SELECT = sql`p.policy_no, pr.name as product, pr.product_type, cu.name as customer, pa.unique_code as partner_code,
  p.expiry_date::text as expiry_date, p.paid_amount::float8 as premium,
  coalesce(r.renewal_link, p.renewal_link) as renewal_link, coalesce(r.one_click_url, p.one_click_url) as one_click_url, p.id`;
// The renewal awaiting payment carries the link and the payment URL of the expiring policy.
const RENEWAL_JOINS = sql`join products pr on pr.product_type_id = p.product_type_id
  join customers cu on cu.id = p.customer_id
  left join partners pa on pa.id = p.partner_id
  left join lateral (
    select n.renewal_link, n.one_click_url from policies n
    where n.previous_policy_no = p.policy_no and n.status = 'pending' order by n.id desc limit 1
  ) r on true`;

const renewalShape = (ctx: QueryContext): ListShape => ({
  select: RENEWAL_SELECT,
  from: sql`policies p ${RENEWAL_JOINS}`,
  where: renewalWhere(ctx),
  sortable: RENEWAL_SORT,
  searchText: sql`concat_ws(' ', p.policy_no, pr.name, cu.name, pa.unique_code, p.expiry_date::text, p.paid_amount::text)`,
  order: sql`p.expiry_date, p.policy_no, p.id`,
});

function renewalQuery(ctx: QueryContext, offset = 0): KeysetQuery<RenewalRow, { expiry: string; policyNo: string; id: RenewalRow['id'] }> {
  return {
    // p.id breaks ties between equal policy numbers, so the order is total and a page can resume after any row.
    sql: (after, limit) => sql<RenewalRow>`
      select ${RENEWAL_SELECT}
      from (
        select p.* from policies p
        where ${renewalWhere(ctx)}
          ${after ? sql`and (p.expiry_date, p.policy_no, p.id) > (${after.expiry}::date, ${after.policyNo}::text, ${after.id}::bigint)` : sql``}
          ${limit === null ? sql`` : sql`order by p.expiry_date, p.policy_no, p.id limit ${limit} offset ${offset}`}
      ) p
      ${RENEWAL_JOINS}
      order by p.expiry_date, p.policy_no, p.id`,
    keyOf: (r) => ({ expiry: r.expiry_date, policyNo: r.policy_no, id: r.id }),
  };
}

function renewalRecord(r: RenewalRow): ReportRecord {
  return {
    'Policy No': r.policy_no,
    [COL.product]: r.product,
    product_type: r.product_type,
    Customer: r.customer,
    'Partner Code': r.partner_code,
    'Expiry Date': r.expiry_date,
    [COL.premium]: round2(r.premium),
    'Renewal Link': r.renewal_link,
    'One Click Url': r.one_click_url,
  };
}

// A waiting policy's look-up costs about ten policies due counted from the expiry index (docs/scaling.md).
const PROBE_COST = 10;

/**
 * Report 38's total from the ETL's renewal days: the viewer's rows plus the policies the last run may not have
 * seen, now less as folded, in one snapshot (decision 047). Null when the rows do not answer or a count is cheaper.
 */
async function renewalTotalFromRollups(ctx: QueryContext): Promise<number | null> {
  if (ctx.account.kind === 'partner' || hasPolicyFilters(ctx.filters)) return null;
  const job = await ctx.db
    .selectFrom('etl_jobs')
    .select(['last_transaction_updated_at as mark', 'fold_xmin', 'fold_since'])
    .where('name', '=', BUSINESS_ROLLUP_JOB)
    .executeTakeFirst();
  if (!job?.mark) return null;
  const unfolded = mayBeUnfolded({ watermark: job.mark, foldXmin: job.fold_xmin, foldSince: job.fold_since });
  const { start, end } = ctx.range;
  const folded = sql`select coalesce(sum(nop), 0) from fact_subtree_renewals
    where ancestor_id = ${ctx.account.id} and day between ${start}::date and ${end}::date`;
  // Cost of the look-ups: the look-back's policies. Cost of a count: every policy due in the range, estimated
  // from the top employees' renewal days. The total below reads the viewer's rows in the same snapshot.
  const dueInRange = sql`select coalesce(sum(nop), 0) from fact_subtree_renewals
    where ancestor_id in (select id from employees where manager_id is null) and day between ${start}::date and ${end}::date`;
  const due = (await ctx.db.selectNoFrom(sql<number>`(${dueInRange})::int`.as('n')).executeTakeFirst())?.n ?? 0;
  const waiting = await sql<{ n: number }>`
    select count(*)::int as n from (select 1 from policies p where ${unfolded} limit ${Math.floor(due / PROBE_COST) + 1}) x`.execute(
    ctx.db,
  );
  if ((waiting.rows[0]?.n ?? 0) * PROBE_COST > due) return null;
  const inSubtree = (employee: RawBuilder<unknown>) =>
    sql`${employee} in (select descendant_id from employee_closure where ancestor_id = ${ctx.account.id})`;
  const res = await sql<{ n: number }>`
    with changed as (
      select (${RENEWAL_DAY} between ${start}::date and ${end}::date and ${inSubtree(sql`p.employee_id`)}) as now_in,
        (s.renewal_day between ${start}::date and ${end}::date and ${inSubtree(sql`s.employee_id`)}) as was_in
      from policies p
      left join lateral (select s.renewal_day, s.employee_id, s.updated_at from etl_policy_state s where s.policy_id = p.id offset 0) s
        on true
      where ${unfolded} and s.updated_at is distinct from p.updated_at)
    select ((${folded}) + (select count(*) filter (where now_in) - count(*) filter (where was_in) from changed))::int as n`.execute(ctx.db);
  return res.rows[0]?.n ?? null;
}

/** Report 38: one page of the successful policies whose expiry (renewal) falls in the range, for a partner or a subtree. */
export async function renewalDuesReport(ctx: QueryContext): Promise<ReportResult> {
  if (ctx.page.sort || ctx.page.search) {
    return orderedPage(ctx, 'Renewal dues', RENEWAL_COLUMNS, renewalShape(ctx), renewalRecord);
  }
  const total = (await renewalTotalFromRollups(ctx)) ?? (await countRows(ctx, renewalWhere(ctx)));
  return paged(ctx, RENEWAL_COLUMNS, renewalShape(ctx), total, (offset) => renewalQuery(ctx, offset), renewalRecord);
}

/** Report 38's rows in batches (downloads). */
export function renewalDuesBatches(ctx: QueryContext, batchSize: number): AsyncGenerator<ReportRecord[]> {
  return mapped(readInBatches(ctx.db, renewalQuery(ctx), batchSize), renewalRecord);
}
