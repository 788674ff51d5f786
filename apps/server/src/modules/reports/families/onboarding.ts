import type { ReportRecord } from '@dossier/shared';
import { sql } from 'kysely';
import { column, COL, NAME_COLUMN, USER_ID_COLUMN } from '../columns';
import { percent, type QueryContext } from '../context';
import { mappedInto } from './activation';

const STAGES = [
  ['registered_at', 'Registered'],
  ['documents_at', 'Documents'],
  ['training_at', 'Training'],
  ['exam_at', 'Exam Passed'],
  ['certified_at', 'Certified'],
  ['first_sale_at', 'First Sale'],
] as const;

/** The partners registered in the range who may sell the chosen products: every report here counts a cohort. */
const cohort = (ctx: QueryContext) => sql`
  select pa.* from partners pa
  where pa.registered_at between ${ctx.range.start}::date and ${ctx.range.end}::date and ${maySell(ctx.filters.products)}`;

/**
 * The cohort's partners (pa) with each direct report of the viewer (ch) whose subtree they are mapped into,
 * once per current mapping there. The lateral subquery is asked per partner of the cohort (`offset 0` keeps
 * PostgreSQL from flattening it into a join over every current mapping of the organisation).
 */
const cohortByReportee = (ctx: QueryContext) => sql`
  (${cohort(ctx)}) pa
  join lateral (
    select c.ancestor_id from partner_mappings m join employee_closure c on c.descendant_id = m.manager_id
    where m.partner_id = pa.id and m.valid_to is null offset 0) u on true
  join employees ch on ch.id = u.ancestor_id and ch.manager_id = ${ctx.account.id}`;

/**
 * A funnel of the month's cohort: the partners registered in the month, and of them, those who reached
 * each later stage — and every stage before it — by the month's end. Each stage is therefore at most the
 * one before it. (Counting each stage's own events in the month did not: partners registered earlier who
 * trained this month made Training larger than Registered.)
 */
const stageCounts = (ctx: QueryContext) =>
  sql.join(
    STAGES.map(([, title], i) => {
      const reached = STAGES.slice(1, i + 1).map(([later]) => sql`pa.${sql.ref(later)} <= ${ctx.range.end}::date`);
      const cohort = sql`pa.registered_at between ${ctx.range.start}::date and ${ctx.range.end}::date`;
      return sql`count(*) filter (where ${sql.join([cohort, ...reached], sql` and `)})::int as ${sql.ref(title)}`;
    }),
  );

/**
 * The product filter on partner onboarding: partners certified to sell one of the chosen products (a life
 * product needs LI POS certification, another insurance product GI POS; loans need none). No products
 * chosen: every partner.
 */
const maySell = (products: number[] | null) =>
  products
    ? sql`exists (select 1 from products pr where pr.product_type_id = any(${products}::int[])
        and case pr.line when 'life' then pa.li_pos_status when 'loan' then true else pa.gi_pos_status end)`
    : sql`true`;

export const FUNNEL_COLUMNS = [
  column('Stage', 'text'),
  column('Partners', 'count'),
  column('Drop-off', 'count'),
  column('Drop-off %', 'percent'),
];

/** Report 29: the month's cohort of partners of the subtree through the onboarding stages, and the drop between stages. */
export async function funnelReport(ctx: QueryContext): Promise<ReportRecord[]> {
  const res = await sql<Record<string, number>>`
    select ${stageCounts(ctx)} from (${cohort(ctx)}) pa where ${mappedInto(sql`pa.id`, ctx.account.id)}`.execute(ctx.db);
  const counts = STAGES.map(([, title]) => res.rows[0]?.[title] ?? 0);
  return STAGES.map(([, title], i) => {
    const here = counts[i] ?? 0;
    const next = counts[i + 1];
    const drop = next === undefined ? 0 : here - next;
    return { Stage: title, Partners: here, 'Drop-off': drop, 'Drop-off %': percent(drop, here) };
  });
}

export const TEAM_FUNNEL_COLUMNS = [USER_ID_COLUMN, NAME_COLUMN, ...STAGES.map(([, t]) => column(t, 'count'))];

/** Report 30: the same stage counts per direct report. */
export async function teamFunnelReport(ctx: QueryContext): Promise<ReportRecord[]> {
  const res = await sql<Record<string, number | string>>`
    with counted as (select ch.id, ${stageCounts(ctx)} from ${cohortByReportee(ctx)} group by ch.id)
    select ch.unique_code as code, ch.name, counted.*
    from employees ch left join counted on counted.id = ch.id
    where ch.manager_id = ${ctx.account.id} order by ch.name`.execute(ctx.db);
  return res.rows.map((r) => ({
    [COL.userId]: String(r.code),
    [COL.name]: String(r.name),
    ...Object.fromEntries(STAGES.map(([, t]) => [t, Number(r[t] ?? 0)])),
    [COL.accountId]: String(r.code),
  }));
}

export const RECRUITMENT_COLUMNS = [
  USER_ID_COLUMN,
  NAME_COLUMN,
  column('Partners Recruited', 'count'),
  column('LI', 'count'),
  column('GI', 'count'),
];

/** Report 31: partners registered in the range under each direct report, and how many are life / general certified. */
export async function recruitmentReport(ctx: QueryContext): Promise<ReportRecord[]> {
  const res = await sql<{ code: string; name: string; recruited: number; li: number; gi: number }>`
    with counted as (
      select ch.id, count(*)::int as recruited,
        count(*) filter (where pa.li_pos_status)::int as li, count(*) filter (where pa.gi_pos_status)::int as gi
      from ${cohortByReportee(ctx)} group by ch.id)
    select ch.unique_code as code, ch.name,
      coalesce(counted.recruited, 0) as recruited, coalesce(counted.li, 0) as li, coalesce(counted.gi, 0) as gi
    from employees ch left join counted on counted.id = ch.id
    where ch.manager_id = ${ctx.account.id} order by ch.name`.execute(ctx.db);
  return res.rows.map((r) => ({
    [COL.userId]: r.code,
    [COL.name]: r.name,
    'Partners Recruited': r.recruited,
    LI: r.li,
    GI: r.gi,
    [COL.accountId]: r.code,
  }));
}
