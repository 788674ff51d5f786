import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../platform/db';
import type { TableSwap } from '../../../platform/table-swap';
import { addDeltas, addToCell, dropEmptied, groupingSettings } from '../rollup-helpers';
import type { ChainLink, Rollup } from './rollup';

/**
 * The whole-subtree roll-ups: sums per ancestor and period, in narrow cells (status, business type, channel, line)
 * by day and month, and wider grains by product, insurer and terms (decisions 034, 042, 048). Reports read
 * these, so none grows with the people under the reader; a fold sums up the closure once for all grains.
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
   * The cells of an ancestor hold business at least this many levels below them; readers add the nearer levels'
   * daily facts. Product cells skip 1 level (an RM's would be as many as their policies, decision 038); product,
   * insurer and terms days skip 2 (decision 042).
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
const grainRows = (grain: SubtreeGrain, channel: RawBuilder<unknown>) => (grain.directOnly ? sql`and ${isDirect(channel)}` : sql``);
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

// How far below an ancestor the fold tells descendants apart: every grain's minDepth (a literal, as the select
// list and the group-by must name the same expression).
const DEEPEST = sql.lit(Math.max(...SUBTREE_GRAINS.map((g) => g.minDepth)));
const NONZERO_SUMS = sql`having sum(nop) <> 0 or sum(premium) <> 0 or sum(weightage_premium) <> 0 or sum(loan_amount) <> 0`;

/** A grain's dimensions as column references, optionally of an alias. */
const dimRefs = (dims: readonly SubtreeDim[], alias?: string) => sql.join(dims.map((d) => sql.ref(alias ? `${alias}.${d}` : d)));
/** A grain's dimensions read from fact_daily_business (alias f) joined with products (alias pr): the daily facts
 * have every dimension but the line, which is their product's. */
export const factDims = (dims: readonly SubtreeDim[]) => dims.map((d) => (d === 'line' ? sql`pr.line` : sql.ref(`f.${d}`)));
const subtreeKey = (grain: SubtreeGrain) => sql`ancestor_id, ${sql.ref(grain.period)}, ${dimRefs(grain.dims)}`;

/**
 * The subtree deltas: per employee and day first (a few rows per changed policy), then once for each ancestor in
 * the closure; each grain gets them summed to its period and dimensions, and drops the cells it left empty.
 */
async function foldGrains(trx: Db): Promise<void> {
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
}

/**
 * Fills a grain from the policy versions or from its `rebuiltFrom` grain. A grain with minDepth sums first to the
 * ancestor that many levels up, so fewer cells go through the closure (docs/scaling.md, 'ETL').
 */
async function fillGrain(swap: TableSwap, grain: SubtreeGrain): Promise<void> {
  const key = subtreeKey(grain);
  const period = grain.periodOf(sql`day`);
  await swap.replace(grain.table, async (t, db) => {
    // Summed first to an ancestor above the business, a grain's cells are a fraction of the rows: hashed, they fit.
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

/**
 * A hierarchy move: the chain left loses the moved subtree's cells, the chain joined gains them, by distance
 * (minDepth), so a manager on both chains at another distance changes too.
 */
async function moveGrains(trx: Db, employeeId: number, before: readonly ChainLink[], after: readonly ChainLink[]) {
  for (const grain of SUBTREE_GRAINS) {
    const share = (depth: number) => Math.max(0, grain.minDepth - depth);
    const same = (a: ChainLink, chain: readonly ChainLink[]) => chain.some((b) => b.id === a.id && share(b.depth) === share(a.depth));
    const targets = [
      ...before.filter((a) => !same(a, after)).map((a) => sql`(${a.id}::int, -1, ${share(a.depth)}::int)`),
      ...after.filter((a) => !same(a, before)).map((a) => sql`(${a.id}::int, 1, ${share(a.depth)}::int)`),
    ];
    if (targets.length === 0) continue;
    const t = sql.table(grain.table);
    // The moved subtree's business in this grain: the moved employee's own cells, plus the daily facts of the
    // levels below them that their cells leave out but a target's take in.
    const facts = sql.join(factDims(grain.dims));
    const below =
      grain.minDepth === 0
        ? sql``
        : sql`union all
          select ${grain.periodOf(sql`f.day`)}, ${facts}, f.nop, f.premium, f.weightage_premium, f.loan_amount
          from employee_closure d
          join fact_daily_business f on f.employee_id = d.descendant_id
          join products pr on pr.product_type_id = f.product_type_id
          where d.ancestor_id = ${employeeId} and d.depth >= t.from_depth and d.depth < ${grain.minDepth}
            ${grainRows(grain, sql`f.channel`)}`;
    await addDeltas(
      trx,
      grain.table,
      sql`
        insert into ${t} (${subtreeKey(grain)}, nop, premium, weightage_premium, loan_amount)
        select t.ancestor_id, x.period, ${dimRefs(grain.dims, 'x')},
          sum(t.sign * x.nop), sum(t.sign * x.premium), sum(t.sign * x.weightage_premium), sum(t.sign * x.loan_amount)
        from (values ${sql.join(targets)}) as t(ancestor_id, sign, from_depth)
        cross join lateral (
          select c.${sql.ref(grain.period)} as period, ${dimRefs(grain.dims, 'c')}, c.nop, c.premium, c.weightage_premium, c.loan_amount
          from ${t} c where c.ancestor_id = ${employeeId}
          ${below}) as x(period, ${dimRefs(grain.dims)}, nop, premium, weightage_premium, loan_amount)
        group by t.ancestor_id, x.period, ${dimRefs(grain.dims, 'x')}
        having sum(t.sign * x.nop) <> 0 or sum(t.sign * x.premium) <> 0 or sum(t.sign * x.weightage_premium) <> 0
          or sum(t.sign * x.loan_amount) <> 0
        ${addToCell(grain.table, subtreeKey(grain))}`,
    );
  }
}

export const SUBTREE_CELLS: Rollup = {
  name: 'subtree-cells',
  tables: SUBTREE_GRAINS.map((g) => ({
    name: g.table,
    key: ['ancestor_id', g.period, ...g.dims],
    holds: `nop, premium, weightage_premium, loan_amount of the business at least ${g.minDepth} levels below the ancestor${g.directOnly ? ', without a partner' : ''}`,
  })),
  dependsOn: ['policy-versions'],
  fold: foldGrains,
  // Each grain with those rebuilt from it, in the order of SUBTREE_GRAINS, which puts the longest first (the
  // subtree days with the months summed from them, the product months; docs/scaling.md, 'ETL').
  rebuild: {
    spread: SUBTREE_GRAINS.filter((g) => !g.rebuiltFrom).map((first) => async (s: TableSwap) => {
      for (const g of [first, ...SUBTREE_GRAINS.filter((r) => r.rebuiltFrom === first.table)]) await fillGrain(s, g);
    }),
  },
  hierarchy: {
    move: (trx, m) => moveGrains(trx, m.employeeId, m.before, m.after),
    // Every day and month of the ancestors' cells, from fact_daily_business and the current closure.
    refresh: async (db, ancestors) => {
      for (const grain of SUBTREE_GRAINS) {
        const t = sql.table(grain.table);
        const dims = sql.join(factDims(grain.dims));
        await sql`delete from ${t} where ancestor_id in (${ancestors})`.execute(db);
        await sql`
          insert into ${t} (${subtreeKey(grain)}, nop, premium, weightage_premium, loan_amount)
          select a.id, ${grain.periodOf(sql`f.day`)}, ${dims},
            sum(f.nop), sum(f.premium), sum(f.weightage_premium), sum(f.loan_amount)
          from (${ancestors}) as a(id)
          join employee_closure d on d.ancestor_id = a.id and d.depth >= ${grain.minDepth}
          join fact_daily_business f on f.employee_id = d.descendant_id
          join products pr on pr.product_type_id = f.product_type_id
          where true ${grainRows(grain, sql`f.channel`)}
          group by 1, 2, ${dims}`.execute(db);
      }
    },
  },
};
