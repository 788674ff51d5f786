import type { ReportRecord } from '@dossier/shared';
import { sql, type RawBuilder } from 'kysely';
import { column, COL, NAME_COLUMN, USER_ID_COLUMN } from '../columns';
import { percent, type QueryContext } from '../context';
import { ONBOARDING_STAGES } from '../../etl/module';
import type { EmployeeLabel } from './facts';

/**
 * The product filter on partner onboarding (cohort rows c): partners certified to sell a chosen product (life
 * needs LI, other insurance GI, loans none); no products chosen, every partner.
 */
const maySell = (products: number[] | null) =>
  products
    ? sql`exists (select 1 from products pr where pr.product_type_id = any(${products}::int[])
        and case pr.line when 'life' then c.li when 'loan' then true else c.gi end)`
    : sql`true`;

/**
 * The cohort rows (c) of the subtrees of `owners` for the range's registrations that may sell the chosen
 * products (docs/decisions/046-partner-cohorts.md): a few rows per day, however many partners registered.
 */
const cohortRows = (ctx: QueryContext, owners: RawBuilder<unknown>) => sql`
  employees ch join fact_subtree_partner_cohorts c on c.ancestor_id = ch.id
  where ${owners} and c.day between ${ctx.range.start}::date and ${ctx.range.end}::date and ${maySell(ctx.filters.products)}`;

/**
 * A funnel of the month's cohort: its registrations, and of them those whose level reached each later stage by
 * the month's end, so each stage is at most the one before it.
 */
const stageCounts = sql.join(
  ONBOARDING_STAGES.map(
    ([, title], i) => sql`coalesce(sum(c.partners) filter (where c.level > ${sql.lit(i)}), 0)::int as ${sql.ref(title)}`,
  ),
);

export const FUNNEL_COLUMNS = [
  column('Stage', 'text'),
  column('Partners', 'count'),
  column('Drop-off', 'count'),
  column('Drop-off %', 'percent'),
];

/** Report 29: the month's cohort of partners of the subtree through the onboarding stages, and the drop between stages. */
export async function funnelReport(ctx: QueryContext): Promise<ReportRecord[]> {
  const res = await sql<Record<string, number>>`
    select ${stageCounts} from ${cohortRows(ctx, sql`ch.id = ${ctx.account.id}`)}`.execute(ctx.db);
  const counts = ONBOARDING_STAGES.map(([, title]) => res.rows[0]?.[title] ?? 0);
  return ONBOARDING_STAGES.map(([, title], i) => {
    const here = counts[i] ?? 0;
    const next = counts[i + 1];
    const drop = next === undefined ? 0 : here - next;
    return { Stage: title, Partners: here, 'Drop-off': drop, 'Drop-off %': percent(drop, here) };
  });
}

export const TEAM_FUNNEL_COLUMNS = [USER_ID_COLUMN, NAME_COLUMN, ...ONBOARDING_STAGES.map(([, t]) => column(t, 'count'))];

/** Report 30: the same stage counts per direct report. */
export async function teamFunnelReport(ctx: QueryContext): Promise<ReportRecord[]> {
  const res = await sql<Record<string, number | string>>`
    with counted as (select ch.id, ${stageCounts} from ${cohortRows(ctx, sql`ch.manager_id = ${ctx.account.id}`)} group by ch.id)
    select ch.unique_code as code, ch.name, counted.*
    from employees ch left join counted on counted.id = ch.id
    where ch.manager_id = ${ctx.account.id} order by ch.name`.execute(ctx.db);
  return res.rows.map((r) => ({
    [COL.userId]: String(r.code),
    [COL.name]: String(r.name),
    ...Object.fromEntries(ONBOARDING_STAGES.map(([, t]) => [t, Number(r[t] ?? 0)])),
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
  const res = await sql<EmployeeLabel & { recruited: number; li: number; gi: number }>`
    with counted as (
      select ch.id, sum(c.partners)::int as recruited,
        coalesce(sum(c.partners) filter (where c.li), 0)::int as li, coalesce(sum(c.partners) filter (where c.gi), 0)::int as gi
      from ${cohortRows(ctx, sql`ch.manager_id = ${ctx.account.id}`)} group by ch.id)
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
