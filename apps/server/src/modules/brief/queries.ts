import { slippingWindow, type BriefRenewal, type BriefWorkItem, type SlippingPartner } from '@dossier/shared';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from '../../platform/db';
import type { Cases, Partners } from '../../platform/db-types';
import { BUSINESS_ROLLUP_JOB } from '../etl/module';

/** Product lines the viewer's figures cover: null is every line; the life-only role sees life alone (the only other value). */
export type Lines = readonly string[] | null;

const lineFilter = (lines: Lines, column: RawBuilder<unknown>) => (lines ? sql`and ${column} = any(${[...lines]}::text[])` : sql``);

/**
 * Whether the subtree holds at least 1/50 of the organisation's people: a large subtree's first rows are found
 * by walking the organisation's rows in order, a small one's rows are read and sorted.
 */
export async function isLargeSubtree(db: Db, employeeId: number): Promise<boolean> {
  const res = await sql<{ large: boolean }>`
    select (select count(*) from employee_closure where ancestor_id = ${employeeId}) * 50 >= (select count(*) from employees) as large`.execute(
    db,
  );
  return res.rows[0]?.large ?? false;
}

/** Successful premium of the viewer's subtree per day of a range, from the subtree roll-up. */
export async function subtreePremiumByDay(
  db: Db,
  employeeId: number,
  start: string,
  end: string,
  lines: Lines,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('fact_subtree_daily as f')
    .select([sql<string>`f.day::text`.as('day'), sql<number>`sum(f.premium)::float8`.as('premium')])
    .where('f.ancestor_id', '=', employeeId)
    .where('f.status', '=', 'success')
    .where(sql<boolean>`f.day between ${start}::date and ${end}::date`)
    .$if(lines !== null, (q) => q.where(sql<boolean>`f.line = any(${[...(lines ?? [])]}::text[])`))
    .groupBy('f.day')
    .execute();
  return new Map(rows.map((r) => [r.day, r.premium]));
}

/** The viewer's own premium target of a month (its first day), or null. */
export async function monthTarget(db: Db, employeeId: number, month: string): Promise<number | null> {
  const row = await db
    .selectFrom('targets')
    .select(sql<number>`premium::float8`.as('premium'))
    .where('employee_id', '=', employeeId)
    .where('month', '=', month)
    .executeTakeFirst();
  return row ? row.premium : null;
}

/** A slipping partner with the case a call to them goes through (the lateral join's columns, null without one). */
type SlippingRow = Omit<SlippingPartner, 'call'> & {
  partner_id: Selectable<Partners>['id'];
  case_id: Selectable<Cases>['id'] | null;
  customer_id: Selectable<Cases>['customer_id'] | null;
  product_code: Selectable<Cases>['product_type_id'] | null;
  pin: Selectable<Cases>['pincode'] | null;
};

/**
 * Subtree partners who sold in each of the three full months before `today`'s month but not in the quiet window,
 * largest first: from the ETL's slipping partners on its day, else from the partners' months. Each comes with
 * the newest open case through which the viewer may call them.
 */
export async function slippingPartners(db: Db, employeeId: number, today: string, lines: Lines, limit: number): Promise<SlippingPartner[]> {
  const kept = await db
    .selectFrom('etl_jobs')
    .select(sql<string | null>`slipping_day::text`.as('day'))
    .where('name', '=', BUSINESS_ROLLUP_JOB)
    .executeTakeFirst();
  const lifeOnly = lines !== null;
  const slipping =
    kept?.day === today
      ? sql`
          select s.partner_id, s.premium, s.last_sale from fact_slipping_partners s join partners pa on pa.id = s.partner_id
          where s.day = ${today}::date and s.life_only = ${lifeOnly}
            and exists (select 1 from partner_mappings m join employee_closure c on c.descendant_id = m.manager_id and c.ancestor_id = ${employeeId}
              where m.partner_id = s.partner_id and m.valid_to is null)
          order by s.premium desc, pa.unique_code
          limit ${limit}`
      : slippingFromMonths(employeeId, today, lines, limit);
  const res = await sql<SlippingRow>`
    with slipping as (${slipping})
    select pa.id as partner_id, pa.unique_code as partner_code, pa.name as partner_name, e.unique_code as rm_code, e.name as rm_name,
      s.last_sale::text as last_sale, s.premium::float8 as three_month_premium,
      k.id as case_id, k.customer_id, k.product_type_id::int as product_code, k.pincode as pin
    from slipping s
    join partners pa on pa.id = s.partner_id
    join partner_mappings m on m.partner_id = s.partner_id and m.valid_to is null
    join employees e on e.id = m.manager_id
    left join lateral (
      select k.id, k.customer_id, k.product_type_id, k.pincode from cases k
      where k.partner_id = s.partner_id and k.status = 'open'
        and (exists (select 1 from leads l where l.case_id = k.id)
          or k.trm_id in (select descendant_id from employee_closure where ancestor_id = ${employeeId}))
      order by k.case_date desc, k.id desc
      limit 1
    ) k on true
    order by s.premium desc, pa.unique_code`.execute(db);
  return res.rows.map(({ partner_id, case_id, customer_id, product_code, pin, ...partner }) => ({
    ...partner,
    call:
      case_id === null || customer_id === null || product_code === null
        ? null
        : { case_id, customer_id, partner_id, partner_name: partner.partner_name, product_code, status: 'open', pin },
  }));
}

/** The slipping partners of the subtree summed from the partners' months (partner_id, premium, last_sale). */
function slippingFromMonths(employeeId: number, today: string, lines: Lines, limit: number) {
  const { months, quietFrom } = slippingWindow(today);
  return sql`
    with mine as (
      select m.partner_id from partner_mappings m
      join employee_closure c on c.descendant_id = m.manager_id and c.ancestor_id = ${employeeId}
      where m.valid_to is null
    ),
    monthly as (
      select f.partner_id, f.month, sum(f.nop) as nop, sum(f.premium) as premium, max(f.last_issue_day) as last_day
      from fact_partner_monthly f join mine on mine.partner_id = f.partner_id
      where f.month >= ${months[0]}::date ${lineFilter(lines, sql`f.line`)}
      group by f.partner_id, f.month
    ),
    steady as (
      select partner_id, sum(premium) filter (where month <= ${months[2]}::date) as premium, max(last_day) as last_sale
      from monthly
      group by partner_id
      having count(*) filter (where month <= ${months[2]}::date and nop > 0) = 3
    )
    select s.partner_id, s.premium, s.last_sale from steady s
    join partners pa on pa.id = s.partner_id
    where s.last_sale < ${quietFrom}::date
    order by s.premium desc, pa.unique_code
    limit ${limit}`;
}

/** A successful policy of the subtree whose expiry falls in the range and that no successful renewal follows yet. */
const dueWhere = (employeeId: number, lines: Lines) => sql`
  p.employee_id in (select descendant_id from employee_closure where ancestor_id = ${employeeId})
  and p.status = 'success' and p.policy_no is not null
  and not exists (select 1 from policies n where n.previous_policy_no = p.policy_no and n.status = 'success')
  ${lineFilter(lines, sql`pr.line`)}`;

/**
 * The subtree's renewals due in the range and not yet renewed: count and premium from the ETL's renewal days, and
 * the largest few (walked by premium for a large subtree, read and sorted for a small one).
 */
export async function renewalsDue(
  db: Db,
  employeeId: number,
  start: string,
  end: string,
  lines: Lines,
  limit: number,
): Promise<{ count: number; premium: number; top: BriefRenewal[] }> {
  const totals = await db
    .selectFrom('fact_subtree_renewals as f')
    .select([
      sql<number>`coalesce(sum(f.open_nop), 0)::int`.as('count'),
      sql<number>`coalesce(sum(f.open_premium), 0)::float8`.as('premium'),
    ])
    .where('f.ancestor_id', '=', employeeId)
    .where(sql<boolean>`f.day between ${start}::date and ${end}::date`)
    .$if(lines !== null, (q) => q.where(sql<boolean>`f.line = any(${[...(lines ?? [])]}::text[])`))
    .executeTakeFirst();
  const largest = (await isLargeSubtree(db, employeeId))
    ? sql`
        select c.id from generate_series(${start}::date, ${end}::date, interval '1 day') as d(day)
        cross join lateral (
          select p.id, p.paid_amount, p.policy_no from policies p join products pr on pr.product_type_id = p.product_type_id
          where p.expiry_date = d.day::date and ${dueWhere(employeeId, lines)}
          order by p.paid_amount desc, p.policy_no
          limit ${limit}) c
        order by c.paid_amount desc, c.policy_no
        limit ${limit}`
    : sql`
        select p.id from policies p join products pr on pr.product_type_id = p.product_type_id
        where p.expiry_date between ${start}::date and ${end}::date and ${dueWhere(employeeId, lines)}
        order by p.paid_amount desc, p.policy_no
        limit ${limit}`;
  const top = await sql<BriefRenewal>`
    select p.policy_no, pr.name as product, pr.product_type, cu.name as customer, pa.unique_code as partner_code,
      p.expiry_date::text as expiry_date, p.paid_amount::float8 as premium,
      coalesce(r.renewal_link, p.renewal_link) as renewal_link, coalesce(r.one_click_url, p.one_click_url) as one_click_url
    from policies p
    join products pr on pr.product_type_id = p.product_type_id
    join customers cu on cu.id = p.customer_id
    left join partners pa on pa.id = p.partner_id
    left join lateral (
      select n.renewal_link, n.one_click_url from policies n
      where n.previous_policy_no = p.policy_no and n.status = 'pending' order by n.id desc limit 1
    ) r on true
    where p.id in (${largest})
    order by p.paid_amount desc, p.policy_no`.execute(db);
  const t = totals ?? { count: 0, premium: 0 };
  return { count: t.count, premium: Math.round(t.premium * 100) / 100, top: top.rows };
}

/**
 * Open work, oldest first: open cases worked by the subtree's TRMs and call-back leads for its partners. A large
 * subtree walks the open cases from the oldest; a small one reads its own.
 */
export async function openWork(db: Db, employeeId: number, limit: number): Promise<BriefWorkItem[]> {
  // Asked of each case walked (scalar look-ups: as joins, the planner would first read every lead and mapping).
  const worked = sql`(select true from employee_closure c where c.ancestor_id = ${employeeId} and c.descendant_id = k.trm_id)`;
  const lead = sql`(select true from leads l join partner_mappings m on m.partner_id = k.partner_id and m.valid_to is null
    join employee_closure c on c.descendant_id = m.manager_id and c.ancestor_id = ${employeeId} where l.case_id = k.id limit 1)`;
  const items = (await isLargeSubtree(db, employeeId))
    ? sql`
        select k.id, case when ${worked} then 'case' else 'lead' end as kind from cases k
        where k.status = 'open' and (${worked} or ${lead})
        order by k.case_date, k.id
        limit ${limit}`
    : sql`
        select k.id, 'case' as kind from cases k where k.status = 'open' and k.trm_id in (select id from subtree)
        union
        select k.id, 'lead' from cases k join leads l on l.case_id = k.id
        join partner_mappings m on m.partner_id = k.partner_id and m.valid_to is null
        where k.status = 'open' and m.manager_id in (select id from subtree)`;
  const res = await sql<BriefWorkItem>`
    with subtree as (select descendant_id as id from employee_closure where ancestor_id = ${employeeId}),
    items as (${items})
    select k.id as case_id, k.case_code, k.case_date::text as case_date, cu.name as customer,
      min(i.kind) as kind, t.unique_code as trm_code
    from items i join cases k on k.id = i.id join customers cu on cu.id = k.customer_id
    left join employees t on t.id = k.trm_id
    group by k.id, k.case_code, k.case_date, cu.name, t.unique_code
    order by k.case_date, k.id
    limit ${limit}`.execute(db);
  return res.rows;
}
