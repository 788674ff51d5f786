import type { ReportRecord } from '@dossier/shared';
import { sql } from 'kysely';
import { column, COL, NAME_COLUMN, USER_ID_COLUMN } from '../columns';
import { percent, type QueryContext } from '../context';
import { subtreePartners } from './activation';

const STAGES = [
  ['registered_at', 'Registered'],
  ['documents_at', 'Documents'],
  ['training_at', 'Training'],
  ['exam_at', 'Exam Passed'],
  ['certified_at', 'Certified'],
  ['first_sale_at', 'First Sale'],
] as const;

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
    select ${stageCounts(ctx)} from partners pa
    where pa.id in (${subtreePartners(ctx.account.id)}) and ${maySell(ctx.filters.products)}`.execute(ctx.db);
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
    select ch.unique_code as code, ch.name, ${stageCounts(ctx)}
    from employees ch
    left join employee_closure c on c.ancestor_id = ch.id
    left join partner_mappings m on m.manager_id = c.descendant_id and m.valid_to is null
    left join partners pa on pa.id = m.partner_id and ${maySell(ctx.filters.products)}
    where ch.manager_id = ${ctx.account.id}
    group by ch.unique_code, ch.name order by ch.name`.execute(ctx.db);
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
    select ch.unique_code as code, ch.name,
      count(pa.id)::int as recruited,
      count(pa.id) filter (where pa.li_pos_status)::int as li,
      count(pa.id) filter (where pa.gi_pos_status)::int as gi
    from employees ch
    left join employee_closure c on c.ancestor_id = ch.id
    left join partner_mappings m on m.manager_id = c.descendant_id and m.valid_to is null
    left join partners pa on pa.id = m.partner_id and pa.registered_at between ${ctx.range.start}::date and ${ctx.range.end}::date
      and ${maySell(ctx.filters.products)}
    where ch.manager_id = ${ctx.account.id}
    group by ch.unique_code, ch.name order by ch.name`.execute(ctx.db);
  return res.rows.map((r) => ({
    [COL.userId]: r.code,
    [COL.name]: r.name,
    'Partners Recruited': r.recruited,
    LI: r.li,
    GI: r.gi,
    [COL.accountId]: r.code,
  }));
}
