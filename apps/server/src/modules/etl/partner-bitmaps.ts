import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db';
import type { TableSwap } from '../../platform/table-swap';

/**
 * Partner sets as bitmaps (docs/decisions/043-partner-activity-bitmaps.md): bit n is partner id n.
 * fact_partner_day_bits holds each day's partners with business, fact_subtree_partner_bits each employee's mapped
 * partners; report 24 ors a range's days and ands the subtree's. All bitmaps share one width, so any two combine.
 */

type BitTable = 'fact_partner_day_bits' | 'fact_subtree_partner_bits';
const KEY: Record<BitTable, 'day' | 'ancestor_id'> = { fact_partner_day_bits: 'day', fact_subtree_partner_bits: 'ancestor_id' };

// Widths grow in whole blocks, so new partners widen every bitmap once in 8,192.
const BLOCK = 8192;

/** A partner with successful business on a day, as the partner counts read it (a policy of a known product line). */
const DAY_ACTIVITY = sql`status = 'success' and partner_id is not null and line is not null`;

/** The width every bitmap must have: whole blocks past the highest partner id (every partner a policy or mapping names is a row there). */
async function neededWidth(trx: Db): Promise<number> {
  const row = await trx
    .selectFrom('partners')
    .select((eb) => eb.fn.max<number | null>('id').as('top'))
    .executeTakeFirst();
  const top = row?.top ?? 0;
  return Math.ceil((top + 1) / BLOCK) * BLOCK;
}

/**
 * Widens every bitmap of both tables to `width` bits when narrower; never narrows. All share one width, so one
 * row of each table tells (measuring every row is a large read).
 */
async function widenTo(trx: Db, width: number): Promise<void> {
  for (const table of Object.keys(KEY) as BitTable[]) {
    const row = await trx
      .selectFrom(table)
      .select(sql<number>`length(partners)`.as('width'))
      .limit(1)
      .executeTakeFirst();
    if ((row?.width ?? width) >= width) continue;
    await sql`update ${sql.table(table)} set partners = partners || repeat('0', ${width} - length(partners))::bit varying`.execute(trx);
  }
}

/**
 * One bitmap of `width` bits per key from rows (key, partner id), built 64 ids at a time as bigints in hex and
 * read back as a bit string (setting bit by bit would copy the whole bitmap each time).
 */
const bitmapsOf = (rows: RawBuilder<unknown>, width: number) => sql`
  select k, ('x' || string_agg(repeat('0', 16 * (i - prev - 1)) || lpad(to_hex(b), 16, '0'), '' order by i)
      || repeat('0', 16 * (${width / 64}::int - max(i) - 1)))::bit varying as partners
  from (
    select k, i, b, coalesce(lag(i) over (partition by k order by i), -1) as prev
    from (select k, id / 64 as i, bit_or(1::bigint << (63 - id % 64)) as b from (${rows}) as x(k, id) group by k, id / 64) y
  ) z
  group by k`;

/** The partners currently mapped into each subtree, as rows (ancestor id, partner id); optionally only the listed ancestors'. */
const subtreeMembers = (ancestors?: RawBuilder<unknown>) => sql`
  select c.ancestor_id, m.partner_id from partner_mappings m join employee_closure c on c.descendant_id = m.manager_id
  where m.valid_to is null ${ancestors ? sql`and c.ancestor_id in (${ancestors})` : sql``}`;

/** Writes the day bitmaps afresh from etl_policy_state (a full ETL rebuild). */
export async function rebuildDayBits(trx: Db, swap: TableSwap): Promise<void> {
  const width = await neededWidth(trx);
  await swap.replace('fact_partner_day_bits', (t) =>
    sql`
      insert into ${t} (day, partners)
      select k, partners from (${bitmapsOf(sql`select day, partner_id from etl_policy_state where ${DAY_ACTIVITY}`, width)}) b
      order by k`.execute(trx),
  );
}

/** Writes the subtrees' bitmaps afresh from the current mappings (a full ETL rebuild). */
export async function rebuildSubtreeBits(trx: Db, swap: TableSwap): Promise<void> {
  const width = await neededWidth(trx);
  await swap.replace('fact_subtree_partner_bits', (t) =>
    sql`
      insert into ${t} (ancestor_id, partners)
      select k, partners from (${bitmapsOf(subtreeMembers(), width)}) b order by k`.execute(trx),
  );
}

/**
 * Sets and clears bits of `table` from rows (key, partner id, set?); keys gaining their first partner get a row,
 * keys losing their last lose it, as a rebuild would write them.
 */
async function applyBits(trx: Db, table: BitTable, changes: RawBuilder<unknown>): Promise<void> {
  const width = await neededWidth(trx);
  await widenTo(trx, width);
  const t = sql.table(table);
  const key = sql.ref(KEY[table]);
  const zero = sql`repeat('0', ${width})::bit varying`;
  const { rows } = await sql<{ k: string }>`
    with c as materialized (select * from (${changes}) as x(k, id, present)),
    masks as (
      select coalesce(s.k, r.k) as k, coalesce(s.partners, ${zero}) as sets, coalesce(r.partners, ${zero}) as clears
      from (${bitmapsOf(sql`select k, id from c where present`, width)}) s
      full join (${bitmapsOf(sql`select k, id from c where not present`, width)}) r on r.k = s.k
    ),
    updated as (
      update ${t} f set partners = (f.partners | m.sets) & ~m.clears from masks m where f.${key} = m.k
      returning f.${key} as k, bit_count(f.partners) = 0 as empty
    ),
    inserted as (
      insert into ${t} (${key}, partners)
      select m.k, m.sets from masks m where not exists (select 1 from updated u where u.k = m.k) and bit_count(m.sets) > 0
    )
    select k::text from updated where empty`.execute(trx);
  if (rows.length) await sql`delete from ${t} where ${key}::text = any(${rows.map((r) => r.k)}::text[])`.execute(trx);
}

/**
 * Folds the days of this run's policies (call after etl_policy_state holds the new versions): each (day,
 * partner) bit is set when the partner still has business that day. `offset 0` keeps each a lookup by the
 * partner index; otherwise PostgreSQL hashes every successful policy version.
 */
export async function foldDayBits(trx: Db): Promise<void> {
  await applyBits(
    trx,
    'fact_partner_day_bits',
    sql`
      select a.day, a.partner_id, exists (
        select 1 from etl_policy_state s
        where s.partner_id = a.partner_id and s.day = a.day and s.status = 'success' and s.line is not null offset 0)
      from (select distinct day, partner_id from etl_affected where ${DAY_ACTIVITY}) a`,
  );
}

/**
 * Folds a run's mapping changes into the subtrees' bitmaps, for each ancestor of a manager the partner was or
 * is mapped to. Call while the mappings are held.
 */
export async function foldSubtreeBits(trx: Db): Promise<void> {
  const noted = await trx
    .selectNoFrom((eb) => eb.exists(eb.selectFrom('etl_mapping_changes').select(eb.lit(1).as('one'))).as('any'))
    .executeTakeFirst();
  if (!noted?.any) return;
  await applyBits(
    trx,
    'fact_subtree_partner_bits',
    sql`
      select p.ancestor_id, p.partner_id, exists (
        select 1 from partner_mappings m join employee_closure d on d.descendant_id = m.manager_id
        where m.partner_id = p.partner_id and m.valid_to is null and d.ancestor_id = p.ancestor_id offset 0)
      from (
        select distinct c.ancestor_id, x.partner_id from etl_mapping_changes x join employee_closure c on c.descendant_id = x.manager_id
      ) p`,
  );
}

/**
 * A hierarchy move: the chain left loses the moved subtree's partners, the chain joined gains them (a partner
 * has one manager). The moved subtree's bitmap is as of the last run.
 */
export async function moveSubtreeBits(trx: Db, employeeId: number, left: number[], joined: number[]): Promise<void> {
  if (left.length) {
    await sql`
      update fact_subtree_partner_bits f set partners = f.partners & ~m.partners from fact_subtree_partner_bits m
      where m.ancestor_id = ${employeeId} and f.ancestor_id = any(${left}::int[])`.execute(trx);
    // A rebuild writes no empty bitmap.
    await sql`delete from fact_subtree_partner_bits where ancestor_id = any(${left}::int[]) and bit_count(partners) = 0`.execute(trx);
  }
  if (joined.length) {
    await sql`
      insert into fact_subtree_partner_bits (ancestor_id, partners)
      select j, m.partners from unnest(${joined}::int[]) as j, fact_subtree_partner_bits m where m.ancestor_id = ${employeeId}
      on conflict (ancestor_id) do update set partners = fact_subtree_partner_bits.partners | excluded.partners`.execute(trx);
  }
}

/**
 * The subtrees' bitmaps of the employees `ancestors` (a one-column query) written afresh from the current
 * mappings and closure (the import of hierarchy moves; call with the ETL's lock held).
 */
export async function refreshSubtreeBits(trx: Db, ancestors: RawBuilder<unknown>): Promise<void> {
  const width = await neededWidth(trx);
  await widenTo(trx, width);
  await sql`delete from fact_subtree_partner_bits where ancestor_id in (${ancestors})`.execute(trx);
  await sql`
    insert into fact_subtree_partner_bits (ancestor_id, partners)
    select k, partners from (${bitmapsOf(subtreeMembers(ancestors), width)}) b`.execute(trx);
}
