import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db';
import { swapTables, type SwapHelpers, type TableSwap } from '../../platform/table-swap';
import { foldContestStandings, refreshContestBoards } from './contest-standings';
import { notePartnerPresence, rebuildPartnerActivity } from './partner-activity';
import { foldDayBits } from './partner-bits';
import { notePartnerDues } from './partner-dues';
import { foldRenewalDays, rebuildRenewalDays } from './renewal-days';
import { foldSlippingPartners } from './slipping-partners';

/**
 * The SQL of the roll-up ETL (docs/decisions/028 and 033). A policy contributes one row to fact_daily_business,
 * one to fact_subtree_daily and fact_subtree_monthly for each ancestor of its employee and, when successful
 * with a partner, one to fact_partner_monthly. etl_policy_state keeps that contribution as it was folded, so a
 * change is folded by subtracting the old contribution and adding the new one: the cost follows the number of
 * changed policies and the depth of the hierarchy, never the size of a manager's organisation.
 */

/**
 * The day a policy (p) counts among the renewal dues (report 38): its expiry, when it is successful and has a
 * policy number; null otherwise.
 */
export const RENEWAL_DAY = sql<string | null>`case when p.status = 'success' and p.policy_no is not null then p.expiry_date end`;

// What a policy contributes, in the column order of etl_affected and etl_policy_state (after their key).
const CONTRIBUTION = sql`day, employee_id, partner_id, product_type_id, insurer_id, state_id, business_type, channel, status,
  payment_term, installment_type, line, premium, weightage_premium, loan_amount, next_due_date, renewal_day, renews, renewed`;
/** The contribution of policy p (products pr); `rn.renewed` says whether a successful policy renews it (`renewals`). */
const contributionOf = sql`business_day(p.issued_at), p.employee_id, p.partner_id, p.product_type_id, p.insurer_id, p.state_id,
  p.business_type, p.channel, p.status, coalesce(p.premium_payment_term, 0), coalesce(p.premium_installment_type, ''), pr.line,
  p.paid_amount, p.weightage_premium, coalesce(p.loan_amount, 0), p.next_due_date, ${RENEWAL_DAY},
  case when p.status = 'success' then p.previous_policy_no end, rn.renewed is not null`;
/**
 * Joins rn (renewed) to policies p: true where a successful policy renews p. A fold looks each policy up; a
 * rebuild joins every policy with the set of renewed numbers at once.
 */
const renewals = (all: boolean) =>
  all
    ? sql`left join (select distinct previous_policy_no as policy_no, true as renewed from policies
        where status = 'success' and previous_policy_no is not null) rn on rn.policy_no = p.policy_no`
    : sql`left join lateral (select true as renewed from policies n
        where n.previous_policy_no = p.policy_no and n.status = 'success' limit 1) rn on true`;
const DAILY_KEY = sql`day, employee_id, product_type_id, insurer_id, state_id, business_type, channel, status, payment_term, installment_type`;
// A group whose deltas cancel out (a policy stamped again without a change) writes nothing.
const NONZERO = sql`having sum(sign) <> 0 or sum(sign * premium) <> 0 or sum(sign * weightage_premium) <> 0 or sum(sign * loan_amount) <> 0`;
const NONZERO_SUMS = sql`having sum(nop) <> 0 or sum(premium) <> 0 or sum(weightage_premium) <> 0 or sum(loan_amount) <> 0`;

/**
 * The whole-subtree roll-ups: sums per ancestor and period. The narrow cells (status, business type, channel,
 * line), by day and by month, serve the reports that group or filter on those alone; the product cells add
 * product, insurer, premium payment term and instalment type, by month only (docs/decisions/034-subtree-by-product.md);
 * by day, the narrow cells with product alone, with insurer alone and with the premium terms serve the days of
 * a range in a report grouped or filtered by one of those (docs/decisions/042-subtree-days-by-product-insurer-and-terms.md),
 * and the direct business's cells with product and insurer together the Direct dashboard's
 * (docs/decisions/048-subtree-direct-days.md). A report reads whole months from a monthly table and days from a daily one, so none grows with the number of
 * people under the reader.
 */
export const NARROW_DIMS = ['status', 'business_type', 'channel', 'line'] as const;
export const PRODUCT_DIMS = [...NARROW_DIMS, 'product_type_id', 'insurer_id', 'payment_term', 'installment_type'] as const;
export type SubtreeDim = (typeof PRODUCT_DIMS)[number];

export interface SubtreeGrain {
  table:
    | 'fact_subtree_daily'
    | 'fact_subtree_monthly'
    | 'fact_subtree_product_monthly'
    | 'fact_subtree_product_daily'
    | 'fact_subtree_insurer_daily'
    | 'fact_subtree_terms_daily'
    | 'fact_subtree_direct_daily';
  /** The period column, and the period of a day. */
  period: 'day' | 'month';
  periodOf: (day: RawBuilder<unknown>) => RawBuilder<unknown>;
  dims: readonly SubtreeDim[];
  /**
   * The cells of an ancestor hold the business of descendants at least this many levels below them; a reader
   * adds the daily facts of the ancestor and the people less deep. The product cells leave out the ancestor's
   * own business (1): an RM's own product cells would be about as many as their policies and save a reader
   * nothing; a team lead's merge their RMs' business, which an ASM's pivot by team lead reads
   * (docs/decisions/034-subtree-by-product.md, docs/decisions/038-product-cells-from-one-level-down.md). The
   * product, insurer and terms days leave out two levels (2): their cells are kept for the large subtrees, where a
   * day of daily facts is thousands of rows, and not for a team lead, whose days are read from their RMs'
   * (docs/decisions/042-subtree-days-by-product-insurer-and-terms.md).
   */
  minDepth: number;
  /** A rebuild sums this grain from the (earlier built) table named, instead of from every policy. */
  rebuiltFrom?: SubtreeGrain['table'];
  /** The cells hold only the business without a partner (`isDirect`), and serve only a reader of that business. */
  directOnly?: true;
}
/** Business without a partner: a channel other than POS (the direct and online channels). */
export const isDirect = (channel: RawBuilder<unknown>) => sql`${channel} <> 'pos'`;
/** The condition a grain puts on the rows it sums, given the rows' channel: none, or `isDirect`. */
export const grainRows = (grain: SubtreeGrain, channel: RawBuilder<unknown>) => (grain.directOnly ? sql`and ${isDirect(channel)}` : sql``);
const byDay = (day: RawBuilder<unknown>) => day;
const byMonth = (day: RawBuilder<unknown>) => sql`date_trunc('month', ${day})::date`;
/** The grains in the order a reader prefers them: for a period, the first whose dimensions hold what it asks. */
export const SUBTREE_GRAINS: readonly SubtreeGrain[] = [
  { table: 'fact_subtree_daily', period: 'day', periodOf: byDay, dims: NARROW_DIMS, minDepth: 0 },
  { table: 'fact_subtree_monthly', period: 'month', periodOf: byMonth, dims: NARROW_DIMS, minDepth: 0, rebuiltFrom: 'fact_subtree_daily' },
  { table: 'fact_subtree_product_monthly', period: 'month', periodOf: byMonth, dims: PRODUCT_DIMS, minDepth: 1 },
  { table: 'fact_subtree_product_daily', period: 'day', periodOf: byDay, dims: [...NARROW_DIMS, 'product_type_id'], minDepth: 2 },
  { table: 'fact_subtree_insurer_daily', period: 'day', periodOf: byDay, dims: [...NARROW_DIMS, 'insurer_id'], minDepth: 2 },
  {
    table: 'fact_subtree_terms_daily',
    period: 'day',
    periodOf: byDay,
    dims: [...NARROW_DIMS, 'payment_term', 'installment_type'],
    minDepth: 2,
  },
  // Product and insurer together by day only for the business without a partner (the Direct dashboard): for every
  // channel they would be about as many cells as policies (docs/decisions/048-subtree-direct-days.md).
  {
    table: 'fact_subtree_direct_daily',
    period: 'day',
    periodOf: byDay,
    dims: [...NARROW_DIMS, 'product_type_id', 'insurer_id'],
    minDepth: 2,
    directOnly: true,
  },
];

/** Every table of business figures (policies, premium) the ETL keeps. */
export const FIGURE_TABLES = ['fact_daily_business', ...SUBTREE_GRAINS.map((g) => g.table), 'fact_partner_monthly'] as const;
/** Every table the ETL keeps, its bookkeeping tables aside: the figures, the partner counts (./partner-activity.ts),
 * the partner bitmaps (./partner-bits.ts), the dues per manager (./partner-dues.ts), the cohorts (./partner-cohorts.ts),
 * the renewal days (./renewal-days.ts) and the contest standings (./contest-standings.ts). */
export const ROLLUP_TABLES = [
  ...FIGURE_TABLES,
  'fact_manager_partners',
  'fact_manager_partner_monthly',
  'fact_partner_day_bits',
  'fact_subtree_partner_bits',
  'fact_manager_partner_dues',
  'fact_subtree_partner_dues',
  'fact_manager_partner_cohorts',
  'fact_subtree_partner_cohorts',
  'fact_employee_renewals',
  'fact_subtree_renewals',
  'contest_standings',
] as const;

// How far below an ancestor the fold tells descendants apart: every grain's minDepth (a literal, as the select
// list and the group-by must name the same expression).
const DEEPEST = sql.lit(Math.max(...SUBTREE_GRAINS.map((g) => g.minDepth)));

/** A grain's dimensions as column references, optionally of an alias. */
export const dimRefs = (dims: readonly SubtreeDim[], alias?: string) => sql.join(dims.map((d) => sql.ref(alias ? `${alias}.${d}` : d)));
/** A grain's dimensions read from fact_daily_business (alias f) joined with products (alias pr): the daily facts
 * have every dimension but the line, which is their product's. */
export const factDims = (dims: readonly SubtreeDim[]) => dims.map((d) => (d === 'line' ? sql`pr.line` : sql.ref(`f.${d}`)));
export const subtreeKey = (grain: SubtreeGrain) => sql`ancestor_id, ${sql.ref(grain.period)}, ${dimRefs(grain.dims)}`;

type FactTable = 'fact_daily_business' | SubtreeGrain['table'];
type DeltaTable =
  | FactTable
  | 'fact_partner_monthly'
  | 'fact_manager_partners'
  | 'fact_manager_partner_monthly'
  | 'fact_manager_partner_dues'
  | 'fact_subtree_partner_dues'
  | 'fact_manager_partner_cohorts'
  | 'fact_subtree_partner_cohorts'
  | 'fact_employee_renewals'
  | 'fact_subtree_renewals'
  | 'contest_standings';
/** The ON CONFLICT clause that adds a row's measures to the cell already there. */
export const addToCell = (table: FactTable, key: RawBuilder<unknown>) => {
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
async function dropEmptied(trx: Db, table: DeltaTable, emptied: { tid: string }[]): Promise<void> {
  const tids = emptied.map((r) => r.tid);
  if (tids.length) await sql`delete from ${sql.table(table)} where ctid = any(${tids}::tid[])`.execute(trx);
}

/**
 * Runs an upsert of deltas into `table` (an INSERT … ON CONFLICT, no RETURNING) and drops the cells it left
 * `empty` (a condition on the written row; by default no policy left).
 */
export async function addDeltas(trx: Db, table: DeltaTable, upsert: RawBuilder<unknown>, empty = sql`nop = 0`): Promise<void> {
  const emptied = await sql<{ tid: string }>`
    with written as (${upsert} returning ctid, ${empty} as empty)
    select ctid::text as tid from written where empty`.execute(trx);
  await dropEmptied(trx, table, emptied.rows);
}

interface FoldStats {
  policies: number;
  maxUpdated: Date | null;
  maxCreated: Date | null;
}

/**
 * Folds the policies selected by `changed` (a condition on `policies p`) into the roll-ups by deltas, and into the
 * slipping partners of `slippingDay` when they are kept for it.
 * Returns null when no policy is selected. The changed rows are read once into etl_affected, so the facts
 * and the state rows written come from the same versions even while policies keep changing.
 */
export async function foldChanges(trx: Db, changed: ReturnType<typeof sql>, slippingDay: string | null): Promise<FoldStats | null> {
  // Truncate, not delete: a scratch table emptied this way leaves no dead rows behind.
  await sql`truncate etl_affected`.execute(trx);
  await sql`
    insert into etl_affected (policy_id, sign, ${CONTRIBUTION}, updated_at, created_at)
    select p.id, 1, ${contributionOf}, p.updated_at, p.created_at
    from policies p left join products pr on pr.product_type_id = p.product_type_id ${renewals(false)}
    where ${changed}`.execute(trx);
  const stats = await sql<{ n: number; max_updated: Date | null; max_created: Date | null }>`
    select count(*)::int as n, max(updated_at) as max_updated, max(created_at) as max_created from etl_affected`.execute(trx);
  const row = stats.rows[0];
  if (!row || row.n === 0) return null;
  // The policies a changed renewal renews, or renewed as last folded: whether they are renewed may have changed.
  await sql`
    insert into etl_affected (policy_id, sign, ${CONTRIBUTION}, updated_at, created_at)
    select p.id, 1, ${contributionOf}, p.updated_at, p.created_at
    from policies p left join products pr on pr.product_type_id = p.product_type_id ${renewals(false)}
    where p.policy_no in (
        select a.renews from etl_affected a where a.renews is not null
        union select s.renews from etl_affected a join etl_policy_state s on s.policy_id = a.policy_id where s.renews is not null)
      and not exists (select 1 from etl_affected a where a.policy_id = p.id)`.execute(trx);
  // The versions these replace, as they were folded: subtracting them removes exactly what they added.
  await sql`
    insert into etl_affected (policy_id, sign, ${CONTRIBUTION})
    select s.policy_id, -1, ${sql`s.day, s.employee_id, s.partner_id, s.product_type_id, s.insurer_id, s.state_id, s.business_type,
      s.channel, s.status, s.payment_term, s.installment_type, s.line, s.premium, s.weightage_premium, s.loan_amount,
      s.next_due_date, s.renewal_day, s.renews, s.renewed`}
    from etl_affected a join etl_policy_state s on s.policy_id = a.policy_id
    where a.sign = 1`.execute(trx);
  // A few thousand rows in a table the planner last saw empty: without statistics it may join them badly. The
  // columns the joins and filters use are enough (all of them took 90 ms of a 1.4 s run).
  await sql`analyze etl_affected (policy_id, sign, employee_id, line, status, partner_id)`.execute(trx);
  // The groupings below hold a few tens of thousands of rows, which spilled to disk in the default 4 MB. (Set
  // only now: with it, the reads above hashed all of etl_policy_state instead of looking up the changed rows.)
  await sql`set local work_mem = '64MB'`.execute(trx);

  // Each statement aggregates the deltas per cell first (one upsert per cell), adds them, and drops the cells
  // it left empty.
  await addDeltas(
    trx,
    'fact_daily_business',
    sql`
      insert into fact_daily_business (${DAILY_KEY}, nop, premium, weightage_premium, loan_amount)
      select ${DAILY_KEY}, sum(sign), sum(sign * premium), sum(sign * weightage_premium), sum(sign * loan_amount)
      from etl_affected group by ${DAILY_KEY} ${NONZERO}
      ${addToCell('fact_daily_business', DAILY_KEY)}`,
  );

  // The subtree deltas: per employee and day first (a few rows per changed policy), then once for each
  // ancestor in the closure; each subtree roll-up gets them summed to its period and dimensions.
  const writes = SUBTREE_GRAINS.map(
    (grain, i) => sql`${sql.raw(`g${i}`)} as (
      insert into ${sql.table(grain.table)} (${subtreeKey(grain)}, nop, premium, weightage_premium, loan_amount)
      select ancestor_id, ${grain.periodOf(sql`day`)}, ${dimRefs(grain.dims)},
        sum(nop), sum(premium), sum(weightage_premium), sum(loan_amount)
      from deltas where depth >= ${grain.minDepth} ${grainRows(grain, sql`channel`)} group by 1, 2, ${dimRefs(grain.dims)} ${NONZERO_SUMS}
      ${addToCell(grain.table, subtreeKey(grain))}
      returning ctid, nop)`,
  );
  const emptied = SUBTREE_GRAINS.map((_, i) => sql`select ${i}::int as grain, ctid::text as tid from ${sql.raw(`g${i}`)} where nop = 0`);
  const subtree = await sql<{ grain: number; tid: string }>`
    with deltas as materialized (
      select c.ancestor_id, least(c.depth, ${DEEPEST}) as depth, e.day, ${dimRefs(PRODUCT_DIMS, 'e')},
        sum(e.nop) as nop, sum(e.premium) as premium, sum(e.weightage_premium) as weightage_premium, sum(e.loan_amount) as loan_amount
      from (
        select a.day, a.employee_id, ${dimRefs(PRODUCT_DIMS, 'a')},
          sum(a.sign) as nop, sum(a.sign * a.premium) as premium, sum(a.sign * a.weightage_premium) as weightage_premium,
          sum(a.sign * a.loan_amount) as loan_amount
        from etl_affected a where a.line is not null
        group by a.day, a.employee_id, ${dimRefs(PRODUCT_DIMS, 'a')}) e
      join employee_closure c on c.descendant_id = e.employee_id
      group by c.ancestor_id, least(c.depth, ${DEEPEST}), e.day, ${dimRefs(PRODUCT_DIMS, 'e')}
    ),
    ${sql.join(writes)}
    ${sql.join(emptied, sql` union all `)}`.execute(trx);
  for (const [i, { table }] of SUBTREE_GRAINS.entries()) {
    await dropEmptied(
      trx,
      table,
      subtree.rows.filter((r) => r.grain === i),
    );
  }

  await notePartnerPresence(trx, -1);
  // The first and last issue days only widen by adding; a removal that may have taken either is looked up below.
  await addDeltas(
    trx,
    'fact_partner_monthly',
    sql`
      insert into fact_partner_monthly (month, partner_id, line, nop, premium, weightage_premium, first_issue_day, last_issue_day)
      select date_trunc('month', day)::date, partner_id, line, sum(sign), sum(sign * premium), sum(sign * weightage_premium),
        coalesce(min(day) filter (where sign = 1), 'infinity'::date), coalesce(max(day) filter (where sign = 1), '-infinity'::date)
      from etl_affected where status = 'success' and partner_id is not null and line is not null
      group by 1, 2, 3
      having sum(sign) <> 0 or sum(sign * premium) <> 0 or sum(sign * weightage_premium) <> 0 or max(day) filter (where sign = 1) is not null
      on conflict (month, partner_id, line) do update set
        nop = fact_partner_monthly.nop + excluded.nop,
        premium = fact_partner_monthly.premium + excluded.premium,
        weightage_premium = fact_partner_monthly.weightage_premium + excluded.weightage_premium,
        first_issue_day = least(fact_partner_monthly.first_issue_day, excluded.first_issue_day),
        last_issue_day = greatest(fact_partner_monthly.last_issue_day, excluded.last_issue_day)`,
  );

  await sql`
    insert into etl_policy_state (policy_id, updated_at, ${CONTRIBUTION})
    select policy_id, updated_at, ${CONTRIBUTION} from etl_affected where sign = 1
    on conflict (policy_id) do update set updated_at = excluded.updated_at, day = excluded.day, employee_id = excluded.employee_id,
      partner_id = excluded.partner_id, product_type_id = excluded.product_type_id, insurer_id = excluded.insurer_id,
      state_id = excluded.state_id, business_type = excluded.business_type, channel = excluded.channel, status = excluded.status,
      payment_term = excluded.payment_term, installment_type = excluded.installment_type, line = excluded.line,
      premium = excluded.premium, weightage_premium = excluded.weightage_premium, loan_amount = excluded.loan_amount,
      next_due_date = excluded.next_due_date, renewal_day = excluded.renewal_day, renews = excluded.renews, renewed = excluded.renewed`.execute(
    trx,
  );

  // A partner-month that lost a policy of its first or last issue day: the earliest and latest days among the
  // versions now folded. Asked apart, each reads the partner's index from one end of the month and stops at the
  // first policy of the line; asked as one aggregate, both read every policy of the partner's month.
  const monthDays = (end: 'min' | 'max') => sql`
    select ${sql.raw(end)}(s.day) from etl_policy_state s
    where s.partner_id = f.partner_id and s.status = 'success' and s.day >= f.month and s.day < (f.month + interval '1 month')::date
      and s.line = f.line`;
  await sql`
    update fact_partner_monthly f set first_issue_day = (${monthDays('min')}), last_issue_day = (${monthDays('max')})
    where f.ctid = any(array(
      select h.ctid
      from (select distinct date_trunc('month', day)::date as month, partner_id, line, day from etl_affected
            where sign = -1 and status = 'success' and partner_id is not null and line is not null) a
      cross join lateral (
        select g.ctid from fact_partner_monthly g
        where g.month = a.month and g.partner_id = a.partner_id and g.line = a.line
          and (a.day >= g.last_issue_day or a.day <= g.first_issue_day)
        offset 0) h))`.execute(trx);
  await notePartnerPresence(trx, 1);
  if (slippingDay) await foldSlippingPartners(trx, slippingDay);
  await foldDayBits(trx);
  await notePartnerDues(trx);
  await foldRenewalDays(trx);
  await foldContestStandings(trx);

  await sql`truncate etl_affected`.execute(trx);
  return { policies: row.n, maxUpdated: row.max_updated, maxCreated: row.max_created };
}

/**
 * Rebuilds every roll-up from every policy. The policies are read once, into etl_policy_state, and the facts
 * are summed from those rows, so state and facts agree even while policies keep changing. Each table is built
 * afresh and all are swapped in together at the end (`swapTables`): reports keep reading the previous figures,
 * unblocked, until the run commits, and no dead rows are left behind. Each table is written in the order of its primary key, so the rows a report
 * reads together (a run of days, an ancestor's cells for a period) lie on neighbouring pages: written in the
 * groupings' hash order, eight days of the daily facts at 1 crore policies lay on 23,000 of the table's 121,000
 * pages, and reading them took four times as long (docs/decisions/039-rollups-in-key-order.md).
 */
export async function rebuildAll(trx: Db, helpers?: SwapHelpers): Promise<FoldStats> {
  await sql`truncate etl_affected`.execute(trx);
  return swapTables(
    trx,
    async (swap) => {
      await fillRollups(trx, swap);
      // Read before the swap, from the fresh policy versions: after it, readers of the swapped tables would wait for
      // these reads (2.2 s at 1 crore policies, the newest creation time a scan of every policy).
      const stats = await sql<{ n: number; max_updated: Date | null }>`
      select count(*)::int as n, max(updated_at) as max_updated from etl_policy_state`.execute(trx);
      const created = await sql<{ max_created: Date | null }>`select max(created_at) as max_created from policies`.execute(trx);
      return {
        policies: stats.rows[0]?.n ?? 0,
        maxUpdated: stats.rows[0]?.max_updated ?? null,
        maxCreated: created.rows[0]?.max_created ?? null,
      };
    },
    helpers,
  );
}

/**
 * The settings of a rebuild's grouping, for the transaction `db` it runs in. The groupings hold millions of cells
 * and the keys are built over whole tables: in the default 4 MB and 64 MB they spilled to disk in many passes (at
 * 1 crore policies the subtree days took 147 s); a transaction holds one or two groupings at a time. `sorted`
 * groups by sorting, not hashing, where a grouping has about as many cells as rows: a hash table of numeric sums
 * then spills in dozens of batches and is sorted again for the key order. At 1 crore policies the daily facts
 * took 58 s hashed and 21 s sorted, the subtree days 106 and 83 s (docs/scaling.md, 'ETL').
 */
async function groupingSettings(db: Db, sorted: boolean): Promise<void> {
  await sql`set local work_mem = '256MB'`.execute(db);
  await sql`set local maintenance_work_mem = '512MB'`.execute(db);
  await sql`set local enable_hashagg = ${sql.raw(sorted ? 'off' : 'on')}`.execute(db);
}

/**
 * Fills every roll-up afresh, each from the policy versions or the roll-ups filled before it. The policy versions
 * first, then every table summed from them alone side by side (`TableSwap.spread`, the longest groupings first),
 * then those that also read the partner mappings, in the run's own transaction, which holds the mappings.
 */
async function fillRollups(trx: Db, swap: TableSwap): Promise<void> {
  await swap.spread([
    (s) =>
      s.replace('etl_policy_state', async (t, db) => {
        await groupingSettings(db, true);
        await sql`
          insert into ${t} (policy_id, updated_at, ${CONTRIBUTION})
          select p.id, p.updated_at, ${contributionOf}
          from policies p left join products pr on pr.product_type_id = p.product_type_id ${renewals(true)}`.execute(db);
      }),
  ]);
  // Each grain with those rebuilt from it, in the order of SUBTREE_GRAINS, which puts the longest first (the
  // subtree days with the months summed from them, the product months; docs/scaling.md, 'ETL').
  const grainTasks = SUBTREE_GRAINS.filter((g) => !g.rebuiltFrom).map((first) => async (s: TableSwap) => {
    for (const g of [first, ...SUBTREE_GRAINS.filter((r) => r.rebuiltFrom === first.table)]) await fillGrain(s, g);
  });
  await swap.spread([
    ...grainTasks,
    (s) =>
      s.replace('fact_daily_business', async (t, db) => {
        await groupingSettings(db, true);
        await sql`
          insert into ${t} (${DAILY_KEY}, nop, premium, weightage_premium, loan_amount)
          select ${DAILY_KEY}, count(*), sum(premium), sum(weightage_premium), sum(loan_amount)
          from etl_policy_state group by ${DAILY_KEY} order by ${DAILY_KEY}`.execute(db);
      }),
    (s) =>
      s.replace('fact_partner_monthly', async (t, db) => {
        await groupingSettings(db, true);
        await sql`
          insert into ${t} (month, partner_id, line, nop, premium, weightage_premium, first_issue_day, last_issue_day)
          select date_trunc('month', day)::date, partner_id, line, count(*), sum(premium), sum(weightage_premium), min(day), max(day)
          from etl_policy_state where status = 'success' and partner_id is not null and line is not null
          group by 1, 2, 3 order by 1, 2, 3`.execute(db);
      }),
    (s) => rebuildRenewalDays(s),
  ]);
  // The partner counts below group in this transaction.
  await groupingSettings(trx, true);
  await rebuildPartnerActivity(trx, swap);
  // Summed from the daily facts just filled (the search path reads them first).
  await refreshContestBoards(trx, { all: true });
}

/**
 * Fills a subtree grain from the policy versions, or from the grain it is rebuilt from (filled before it). Each
 * employee's periods first, then once for each ancestor in the closure. A grain that leaves out the levels just
 * above the business (minDepth) sums it first to the ancestor that many levels up, whose whole subtree holds it:
 * every ancestor of the business at least that deep is that ancestor or above it. Fewer cells go through the
 * closure, and the first grouping holds fewer (docs/scaling.md, 'ETL').
 */
async function fillGrain(swap: TableSwap, grain: SubtreeGrain): Promise<void> {
  const key = subtreeKey(grain);
  const period = grain.periodOf(sql`day`);
  await swap.replace(grain.table, async (t, db) => {
    // Summed first to an ancestor above the business, a grain's cells are a fraction of the rows: hashed, they
    // fit (the insurer days 60 s hashed, 63 s sorted; the terms days 20 and 36 s).
    await groupingSettings(db, grain.minDepth === 0);
    await (grain.rebuiltFrom
      ? sql`
          insert into ${t} (${key}, nop, premium, weightage_premium, loan_amount)
          select ancestor_id, ${period}, ${dimRefs(grain.dims)}, sum(nop), sum(premium), sum(weightage_premium), sum(loan_amount)
          from ${sql.table(grain.rebuiltFrom)} group by 1, 2, ${dimRefs(grain.dims)} order by 1, 2, ${dimRefs(grain.dims)}`.execute(db)
      : sql`
          with per_employee as (
            select ${period} as period, ${grain.minDepth === 0 ? sql`s.employee_id` : sql`up.ancestor_id`} as employee_id,
              ${dimRefs(grain.dims, 's')}, count(*) as nop, sum(s.premium) as premium,
              sum(s.weightage_premium) as weightage_premium, sum(s.loan_amount) as loan_amount
            from etl_policy_state s
            ${grain.minDepth === 0 ? sql`` : sql`join employee_closure up on up.descendant_id = s.employee_id and up.depth = ${grain.minDepth}`}
            where s.line is not null ${grainRows(grain, sql`s.channel`)}
            group by 1, 2, ${dimRefs(grain.dims, 's')}
          )
          insert into ${t} (${key}, nop, premium, weightage_premium, loan_amount)
          select c.ancestor_id, e.period, ${dimRefs(grain.dims, 'e')},
            sum(e.nop), sum(e.premium), sum(e.weightage_premium), sum(e.loan_amount)
          from per_employee e join employee_closure c on c.descendant_id = e.employee_id
          group by c.ancestor_id, e.period, ${dimRefs(grain.dims, 'e')}
          order by c.ancestor_id, e.period, ${dimRefs(grain.dims, 'e')}`.execute(db));
  });
}
