import type { ReportRecord } from '@dossier/shared';
import { sql } from 'kysely';
import { COL } from '../columns';
import { issuedIn, policyFilters, round2, type QueryContext } from '../context';

export const EXECUTIVE_COLUMNS = ['Payment Id', COL.product, 'Customer', COL.premium, COL.wp, 'Issue Date', 'Status', 'Expiring_Policy_No', 'One Click Url', 'view'];

/** Report 37, the end of a drill: the policies of one partner issued in the range. */
export async function executiveReport(ctx: QueryContext): Promise<ReportRecord[]> {
  const res = await sql<{
    payment_id: string;
    product: string;
    product_type: string;
    customer: string;
    premium: number;
    wp: number;
    issue_day: string;
    status: string;
    previous_policy_no: string | null;
    one_click_url: string | null;
    proposal_no: string;
  }>`
    select p.payment_id, pr.name as product, pr.product_type, cu.name as customer, p.paid_amount::float8 as premium,
      p.weightage_premium::float8 as wp, business_day(p.issued_at)::text as issue_day, p.status, p.previous_policy_no,
      p.one_click_url, p.proposal_no
    from policies p
    join products pr on pr.product_type_id = p.product_type_id
    join customers cu on cu.id = p.customer_id
    where p.partner_id = ${ctx.account.id} and ${issuedIn(ctx.range)} ${policyFilters(ctx.filters)}
    order by p.issued_at desc, p.id desc`.execute(ctx.db);
  return res.rows.map((r) => ({
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
  }));
}

export const RENEWAL_COLUMNS = ['Policy No', COL.product, 'product_type', 'Customer', 'Partner Code', 'Expiry Date', COL.premium, 'Renewal Link', 'One Click Url'];

/** Report 38: successful policies whose expiry (renewal) falls in the range, for a partner or a whole subtree. */
export async function renewalDuesReport(ctx: QueryContext): Promise<ReportRecord[]> {
  const owner =
    ctx.account.kind === 'partner'
      ? sql`p.partner_id = ${ctx.account.id}`
      : sql`p.employee_id in (select descendant_id from employee_closure where ancestor_id = ${ctx.account.id})`;
  const res = await sql<{
    policy_no: string;
    product: string;
    product_type: string;
    customer: string;
    partner_code: string | null;
    expiry_date: string;
    premium: number;
    renewal_link: string | null;
    one_click_url: string | null;
  }>`
    select p.policy_no, pr.name as product, pr.product_type, cu.name as customer, pa.unique_code as partner_code,
      p.expiry_date::text as expiry_date, p.paid_amount::float8 as premium,
      coalesce(r.renewal_link, p.renewal_link) as renewal_link, coalesce(r.one_click_url, p.one_click_url) as one_click_url
    from policies p
    join products pr on pr.product_type_id = p.product_type_id
    join customers cu on cu.id = p.customer_id
    left join partners pa on pa.id = p.partner_id
    -- The renewal awaiting payment carries the link and the payment URL of the expiring policy.
    left join lateral (
      select n.renewal_link, n.one_click_url from policies n
      where n.previous_policy_no = p.policy_no and n.status = 'pending' order by n.id desc limit 1
    ) r on true
    where ${owner} and p.status = 'success' and p.policy_no is not null
      and p.expiry_date between ${ctx.range.start}::date and ${ctx.range.end}::date ${policyFilters(ctx.filters)}
    order by p.expiry_date, p.policy_no`.execute(ctx.db);
  return res.rows.map((r) => ({
    'Policy No': r.policy_no,
    [COL.product]: r.product,
    product_type: r.product_type,
    Customer: r.customer,
    'Partner Code': r.partner_code,
    'Expiry Date': r.expiry_date,
    [COL.premium]: round2(r.premium),
    'Renewal Link': r.renewal_link,
    'One Click Url': r.one_click_url,
  }));
}
