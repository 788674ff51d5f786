import { addDays, designationsWith, type ReportRecord } from '@dossier/shared';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Partners } from '../../../platform/db-types';
import { column, COL, NAME_COLUMN, USER_ID_COLUMN } from '../columns';
import type { ReportResult } from '../catalogue';
import { percent, type QueryContext } from '../context';
import type { EmployeeLabel } from './facts';
import { listInBatches, orderedRows, sortedBy, type ListShape } from './paging';

/**
 * Whether a partner (a column) is mapped into `rootId`'s subtree now, probed partner by partner; `offset 0` stops
 * PostgreSQL flattening it into a semi-join that gathers every partner of the subtree first.
 */
export const mappedInto = (partner: RawBuilder<unknown>, rootId: number) => sql`exists (
  select 1 from partner_mappings m join employee_closure c on c.descendant_id = m.manager_id
  where m.partner_id = ${partner} and m.valid_to is null and c.ancestor_id = ${rootId} offset 0)`;

/*
 * The partners mapped into a subtree as of the ETL's last run (report 27), to agree with the counts beside
 * them: current mappings, corrected by the changes still waiting in etl_mapping_changes (`waitingMembers`).
 */

// The partners with a mapping change the ETL has not folded yet (few: `not in` them is a lookup in their hash).
const WAITING = sql`select distinct partner_id from etl_mapping_changes`;

/**
 * Partners with waiting changes that were in `rootId`'s subtree at the last run: their current mappings there
 * (each looked up by index, not joined) less the waiting changes, in one pass over the changes.
 */
const waitingMembers = (rootId: number) => sql`
  select d.partner_id from (
    select w.partner_id, 1 as n from (${WAITING}) w
    cross join lateral (
      select 1 from partner_mappings m join employee_closure c on c.descendant_id = m.manager_id
      where m.partner_id = w.partner_id and m.valid_to is null and c.ancestor_id = ${rootId} offset 0) m
    union all
    select x.partner_id, -x.sign from etl_mapping_changes x join employee_closure c on c.descendant_id = x.manager_id
    where c.ancestor_id = ${rootId}
  ) d
  group by d.partner_id having sum(d.n) > 0`;

/**
 * Whether `partner` was mapped into `rootId`'s subtree at the last run, probed partner by partner: a page walked
 * in name order costs a few probes each, instead of gathering a national head's every partner first.
 */
const mappedAsOfRun = (partner: RawBuilder<unknown>, rootId: number) =>
  sql`((${partner} not in (${WAITING}) and ${mappedInto(partner, rootId)}) or ${partner} in (${waitingMembers(rootId)}))`;

export const ACTIVATION_TOTAL_COLUMNS = [
  column('Total Partners', 'count'),
  column('Active In Range', 'count'),
  column('Active Last 90 Days', 'count'),
  column('Dormant', 'count'),
  column('Activation %', 'percent'),
];

/**
 * The partners mapped into `root`'s subtree and those with business in the `months` selected (active or
 * activated), summed from the ETL's per-manager rows, not per partner.
 */
const mappedUnder = (root: RawBuilder<unknown> | number) => sql<number>`coalesce((
  select sum(p.mapped) from employee_closure c join fact_manager_partners p on p.manager_id = c.descendant_id
  where c.ancestor_id = ${root}), 0)::int`;
const activityUnder = (
  root: RawBuilder<unknown> | number,
  measure: 'active' | 'activated',
  months: RawBuilder<unknown>,
) => sql<number>`coalesce((
  select sum(${sql.ref(`a.${measure}`)}) from employee_closure c join fact_manager_partner_monthly a on a.manager_id = c.descendant_id
  where c.ancestor_id = ${root} and ${months}), 0)::int`;

/**
 * Report 24: the subtree's partners active in the range, in the 90 days to its end, and dormant. Activity counts
 * come from the days' partner bitmaps and the subtree's (decision 043); the shorter window is read once.
 */
export async function activationTotals(ctx: QueryContext): Promise<ReportRecord[]> {
  const ninetyStart = addDays(ctx.range.end, -89);
  // Dates as yyyy-MM-dd compare as text.
  const rangeIsShorter = ctx.range.start > ninetyStart;
  const [near, far] = rangeIsShorter ? [ctx.range.start, ninetyStart] : [ninetyStart, ctx.range.start];
  const daysBetween = (from: RawBuilder<unknown>, to: RawBuilder<unknown>) => sql`(
    select bit_or(partners) from fact_partner_day_bits where day >= ${from} and day <= ${to})`;
  const res = await sql<{ total: number; short: number | null; long: number | null }>`
    select ${mappedUnder(ctx.account.id)} as total, bit_count(d.short & m.partners)::int as short,
      bit_count(coalesce(d.short | d.other, d.short, d.other) & m.partners)::int as long
    from (select ${daysBetween(sql`${near}::date`, sql`${ctx.range.end}::date`)} as short,
        ${daysBetween(sql`${far}::date`, sql`${near}::date - 1`)} as other) d
    left join fact_subtree_partner_bits m on m.ancestor_id = ${ctx.account.id}`.execute(ctx.db);
  const row = res.rows[0];
  const total = row?.total ?? 0;
  const [short, long] = [row?.short ?? 0, row?.long ?? 0];
  const [active, active90] = rangeIsShorter ? [short, long] : [long, short];
  return [
    {
      'Total Partners': total,
      'Active In Range': active,
      'Active Last 90 Days': active90,
      Dormant: total - active90,
      'Activation %': percent(active, total),
    },
  ];
}

export const ACTIVATION_GROUP_COLUMNS = [
  USER_ID_COLUMN,
  NAME_COLUMN,
  column('Total Partners', 'count'),
  column('Activated In Month', 'count'),
  column('Activation %', 'percent'),
];

/**
 * Reports 25 and 26: per group head (direct reports, or team leads of the subtree), partners mapped in
 * their subtree and those with successful business in the month.
 */
export async function activationByGroup(ctx: QueryContext, groups: 'reportees' | 'team_leads'): Promise<ReportRecord[]> {
  const heads =
    groups === 'reportees'
      ? sql`select id, unique_code, name from employees where manager_id = ${ctx.account.id}`
      : sql`select e.id, e.unique_code, e.name from employees e join employee_closure c on c.descendant_id = e.id
            where c.ancestor_id = ${ctx.account.id} and e.designation = any(${designationsWith('team-lead')}::text[])`;
  const month = `${ctx.range.start.slice(0, 7)}-01`;
  const res = await sql<EmployeeLabel & { total: number; active: number }>`
    select h.unique_code as code, h.name, ${mappedUnder(sql`h.id`)} as total,
      ${activityUnder(sql`h.id`, 'active', sql`a.month = ${month}::date`)} as active
    from (${heads}) h order by h.name`.execute(ctx.db);
  return res.rows.map((r) => ({
    [COL.userId]: r.code,
    [COL.name]: r.name,
    'Total Partners': r.total,
    'Activated In Month': r.active,
    'Activation %': percent(r.active, r.total),
    [COL.accountId]: r.code,
  }));
}

const LINES = [
  ['motor', 'Motor'],
  ['cv', 'CV'],
  ['health', 'Health'],
  ['life', 'Life'],
  ['travel', 'Travel'],
  ['sme', 'SME'],
  ['loan', 'Loan'],
] as const;
// Each line's cell is the last issue day (yyyy-MM-dd) or '-'. The partners' code and name sort on the server.
const LAST_ACTIVATION_SORT: Record<string, RawBuilder<unknown>> = { [COL.userId]: sql`pa.unique_code`, [COL.name]: sql`pa.name` };
export const LAST_ACTIVATION_COLUMNS = sortedBy(LAST_ACTIVATION_SORT, [
  USER_ID_COLUMN,
  NAME_COLUMN,
  ...LINES.map(([, t]) => column(t, 'text')),
]);

/** A partner row of report 27, selected as `pa.id, pa.unique_code as code, pa.name`. */
type PartnerRow = Pick<Selectable<Partners>, 'id' | 'name'> & { code: Selectable<Partners>['unique_code'] };

/** Partners of the subtree with business up to the month's end: report 27 has a row for each. */
const lastActivationShape = (ctx: QueryContext): ListShape => ({
  select: sql`pa.id, pa.unique_code as code, pa.name`,
  from: sql`partners pa`,
  where: sql`${mappedAsOfRun(sql`pa.id`, ctx.account.id)} and exists (
    select 1 from fact_partner_monthly f where f.partner_id = pa.id and f.month <= ${ctx.range.end}::date and f.last_issue_day <= ${ctx.range.end}::date)`,
  sortable: LAST_ACTIVATION_SORT,
  searchText: sql`pa.unique_code || ' ' || pa.name`,
  order: sql`pa.name, pa.unique_code`,
  // Partners with business by the month's end are those whose first month with business is not later.
  count: activityUnder(ctx.account.id, 'activated', sql`a.month <= ${ctx.range.end}::date`),
});

/** The rows of these partners: each line's last issue day up to the month's end. */
async function lastActivationRecords(ctx: QueryContext, partners: PartnerRow[]): Promise<ReportRecord[]> {
  if (partners.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('fact_partner_monthly as f')
    .select(['f.partner_id', 'f.line', sql<string>`max(f.last_issue_day)::text`.as('last_day')])
    .where('f.partner_id', '=', sql<number>`any(${partners.map((p) => p.id)}::int[])`)
    .where('f.month', '<=', sql<string>`${ctx.range.end}::date`)
    .where('f.last_issue_day', '<=', sql<string>`${ctx.range.end}::date`)
    .groupBy(['f.partner_id', 'f.line'])
    .execute();
  const days = new Map<number, Map<string, string>>();
  for (const r of rows) days.set(r.partner_id, (days.get(r.partner_id) ?? new Map<string, string>()).set(r.line, r.last_day));
  return partners.map((p) => ({
    [COL.userId]: p.code,
    [COL.name]: p.name,
    ...Object.fromEntries(LINES.map(([line, title]) => [title, days.get(p.id)?.get(line) ?? '-'])),
    [COL.accountId]: p.code,
  }));
}

/**
 * Report 27 (pivot): partners of the subtree × product line, the last issue day up to the month's end. A
 * national head has lakhs of partners: the table is paged on the server, the download reads them in batches.
 */
export async function lastActivationPivot(ctx: QueryContext): Promise<ReportResult> {
  const { rows, paging } = await orderedRows<PartnerRow>(ctx, 'Product wise last activation date', lastActivationShape(ctx));
  return { columns: LAST_ACTIVATION_COLUMNS, records: await lastActivationRecords(ctx, rows), paging };
}

export async function* lastActivationBatches(ctx: QueryContext, batchSize: number): AsyncGenerator<ReportRecord[]> {
  const after = (row: PartnerRow) => sql`(pa.name, pa.unique_code) > (${row.name}, ${row.code})`;
  for await (const batch of listInBatches(ctx, lastActivationShape(ctx), after, batchSize)) yield await lastActivationRecords(ctx, batch);
}
