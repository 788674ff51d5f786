import { sql, type Selectable } from 'kysely';
import type { Partners } from '../../../platform/db-types';
import { factFilters, issuedIn, policyFilters, type DateRange, type QueryContext } from '../context';
import { MEASURES, scopeFilter, type EmployeeLabel, type FactScope, type Measures } from './facts';
import { subtreeSumsQuery } from './subtree-sums';

/**
 * One row of a hierarchy roll-up: a direct report, a partner (its code and name are alike), or the account's own
 * direct business, which has no code.
 */
export type ChildRow = Measures & Pick<EmployeeLabel, 'name'> & { code: EmployeeLabel['code'] | null };

export const OWN_DIRECT_NAME = 'Direct business';

async function hasReportees(ctx: QueryContext): Promise<boolean> {
  const row = await ctx.db.selectFrom('employees').select('id').where('manager_id', '=', ctx.account.id).executeTakeFirst();
  return row !== undefined;
}

/** Direct reports of the account, each with the sums of their whole subtree, then the account's own direct business. */
async function byReportee(ctx: QueryContext, range: DateRange, scope: FactScope): Promise<ChildRow[]> {
  const sums = subtreeSumsQuery(ctx, range, sql`select id from employees where manager_id = ${ctx.account.id}`, [], scope);
  // One round trip: the reportees with their sums, and the own-direct row only when it has business.
  const res = await sql<ChildRow & { own: boolean }>`
    with s as (${sums})
    select ch.unique_code as code, ch.name, false as own, coalesce(s.nop, 0)::int as nop, coalesce(s.premium, 0)::float8 as premium,
      coalesce(s.wp, 0)::float8 as wp, coalesce(s.loan, 0)::float8 as loan
    from employees ch left join s on s.root_id = ch.id
    where ch.manager_id = ${ctx.account.id}
    union all
    select null, ${OWN_DIRECT_NAME}, true, ${MEASURES}
    from fact_daily_business f
    where f.employee_id = ${ctx.account.id} and f.day between ${range.start}::date and ${range.end}::date
      ${factFilters(ctx.filters)} ${scopeFilter(scope)}
    having count(*) > 0
    order by 3, 2`.execute(ctx.db);
  return res.rows.map(({ own: _own, ...row }) => row);
}

/** At the first managerial level: the account's partners (current ones and any with business), from source rows. */
async function byPartner(ctx: QueryContext, range: DateRange, scope: FactScope): Promise<ChildRow[]> {
  const res = await sql<ChildRow & { partner_id: Selectable<Partners>['id'] | null }>`
    with biz as (
      select p.partner_id, count(*)::int as nop, sum(p.paid_amount)::float8 as premium,
        sum(p.weightage_premium)::float8 as wp, coalesce(sum(p.loan_amount), 0)::float8 as loan
      from policies p
      where p.employee_id = ${ctx.account.id} and ${issuedIn(range)} ${policyFilters(ctx.filters)} ${scopeFilter(scope, sql`(select line from products where product_type_id = p.product_type_id)`, sql`p`)}
      group by p.partner_id
    ),
    shown as (
      select partner_id from partner_mappings where manager_id = ${ctx.account.id} and valid_to is null
      union select partner_id from biz where partner_id is not null
    )
    select pa.unique_code as code, pa.name, pa.id as partner_id, coalesce(b.nop, 0)::int as nop, coalesce(b.premium, 0)::float8 as premium,
      coalesce(b.wp, 0)::float8 as wp, coalesce(b.loan, 0)::float8 as loan
    from shown s join partners pa on pa.id = s.partner_id left join biz b on b.partner_id = pa.id
    union all
    select null, ${OWN_DIRECT_NAME}, null, nop, premium, wp, loan from biz where partner_id is null
    order by 2`.execute(ctx.db);
  return res.rows.map(({ partner_id: _p, ...r }) => r);
}

/**
 * Hierarchy roll-up: the account's direct reports (each with its subtree), or its partners when it has
 * no reportees, plus the account's own direct business — so the rows always add up to the account.
 */
export async function rollupByChild(ctx: QueryContext, range: DateRange, scope: FactScope): Promise<ChildRow[]> {
  return (await hasReportees(ctx)) ? byReportee(ctx, range, scope) : byPartner(ctx, range, scope);
}
