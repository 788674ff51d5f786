import fc from 'fast-check';
import { sql } from 'kysely';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/db';
import { loadDemoIfEmpty } from '../../demo/load';
import { importRows, ndjsonRows } from '../imports/module';
import { runBusinessEtl } from './business-etl';
import { isSelfOrBelow, moveEmployee } from './hierarchy-moves';
import { ROLLUP_TABLES } from './rollups/registry';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;
// The demo's business date, which the slipping partners are kept for.
const DAY = '2026-06-15';

// Changes of every column a roll-up cell is keyed or summed on, a policy changed twice or stamped again without
// a change, partners mapped to someone else or to no one (the partner counts follow mappings), and hierarchy
// moves between runs (folded at once by moveEmployee, not by the ETL).
const change = fc.oneof(
  fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status: fc.constantFrom('success', 'pending', 'cancelled') }),
  fc.record({ kind: fc.constant('amounts' as const), pick: fc.nat(), amount: fc.integer({ min: 100, max: 90_000 }), loan: fc.boolean() }),
  fc.record({ kind: fc.constant('day' as const), pick: fc.nat(), days: fc.integer({ min: -70, max: 70 }) }),
  fc.record({ kind: fc.constant('due' as const), pick: fc.nat(), days: fc.option(fc.integer({ min: -70, max: 70 }), { nil: null }) }),
  fc.record({ kind: fc.constant('employee' as const), pick: fc.nat(), other: fc.nat() }),
  fc.record({ kind: fc.constant('partner' as const), pick: fc.nat(), other: fc.option(fc.nat(), { nil: null }) }),
  fc.record({ kind: fc.constant('product' as const), pick: fc.nat(), other: fc.nat() }),
  fc.record({ kind: fc.constant('restamp' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('twice' as const), pick: fc.nat(), amount: fc.integer({ min: 100, max: 90_000 }) }),
  fc.record({ kind: fc.constant('insert' as const), pick: fc.nat(), amount: fc.integer({ min: 100, max: 90_000 }) }),
  fc.record({ kind: fc.constant('hierarchy' as const), who: fc.nat(), under: fc.nat() }),
  fc.record({ kind: fc.constant('remap' as const), partner: fc.nat(), to: fc.option(fc.nat(), { nil: null }), dues: fc.boolean() }),
  fc.record({
    kind: fc.constant('onboarding' as const),
    partner: fc.nat(),
    // A stage reached (days after registration), or not (null); the registration moved; a certification flipped.
    stage: fc.constantFrom('documents_at', 'training_at', 'exam_at', 'certified_at', 'first_sale_at'),
    days: fc.option(fc.integer({ min: 0, max: 45 }), { nil: null }),
    registered: fc.integer({ min: -40, max: 40 }),
    li: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('recruit' as const), like: fc.nat(), mapped: fc.boolean() }),
  fc.record({ kind: fc.constant('expiry' as const), pick: fc.nat(), days: fc.option(fc.integer({ min: -70, max: 70 }), { nil: null }) }),
  // A policy becomes (or stops being) the renewal of another: whether that one is still due changes.
  fc.record({ kind: fc.constant('renews' as const), pick: fc.nat(), other: fc.option(fc.nat(), { nil: null }) }),
  // A contest's window moved or stretched (its standings are summed afresh by the next run).
  fc.record({
    kind: fc.constant('contest' as const),
    pick: fc.nat(),
    start: fc.integer({ min: -40, max: 40 }),
    end: fc.integer({ min: -40, max: 40 }),
  }),
);
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

const nth = async (
  db: TestDb,
  table: 'policies' | 'employees' | 'partners' | 'products' | 'contests',
  n: number,
): Promise<number | undefined> => {
  const key = table === 'products' ? sql`product_type_id` : sql`id`;
  const rows = await sql<{ id: number }>`select ${key}::int as id from ${sql.table(table)} order by 1`.execute(db.db);
  return rows.rows[n % Math.max(rows.rows.length, 1)]?.id;
};

async function apply(db: TestDb, c: Change, seq: number): Promise<void> {
  if (c.kind === 'hierarchy') {
    const who = await nth(db, 'employees', c.who);
    const under = await nth(db, 'employees', c.under);
    if (who === undefined || under === undefined || (await isSelfOrBelow(db.db, who, under))) return;
    await db.db.transaction().execute((trx) => moveEmployee(trx, who, under));
    return;
  }
  if (c.kind === 'remap') {
    // A partner with business, or with life instalments due: remapping one without moves nothing but its mapped count.
    const sellers = c.dues
      ? await sql<{ id: number }>`select distinct partner_id as id from fact_manager_partner_dues order by 1`.execute(db.db)
      : await sql<{ id: number }>`select distinct partner_id as id from fact_partner_monthly order by 1`.execute(db.db);
    const partner = sellers.rows[c.partner % Math.max(sellers.rows.length, 1)]?.id;
    if (partner === undefined) return;
    const manager = c.to === null ? undefined : await nth(db, 'employees', c.to);
    await sql`update partner_mappings set valid_to = now() where partner_id = ${partner} and valid_to is null`.execute(db.db);
    if (manager !== undefined) {
      await sql`insert into partner_mappings (partner_id, manager_id, reporting_type, valid_from)
        values (${partner}, ${manager}, 2, now())`.execute(db.db);
    }
    return;
  }
  if (c.kind === 'onboarding') {
    const partner = await nth(db, 'partners', c.partner);
    const stage = sql.ref(c.stage);
    await sql`update partners set ${stage} = ${c.days === null ? null : sql`registered_at + ${c.days}::int`},
      registered_at = registered_at + ${c.registered}::int, ${sql.ref(c.li ? 'li_pos_status' : 'gi_pos_status')} = not ${sql.ref(
        c.li ? 'li_pos_status' : 'gi_pos_status',
      )}
      where id = ${partner ?? 0}`.execute(db.db);
    return;
  }
  if (c.kind === 'contest') {
    const contest = await nth(db, 'contests', c.pick);
    await sql`update contests set starts_on = starts_on + ${c.start}::int, ends_on = greatest(starts_on + ${c.start}::int, ends_on + ${c.end}::int)
      where id = ${contest ?? 0}`.execute(db.db);
    return;
  }
  if (c.kind === 'recruit') {
    // A partner registered now, like another in everything but its codes, mapped to that one's manager or not yet.
    const like = (await nth(db, 'partners', c.like)) ?? 0;
    const added = await sql<{ id: number }>`
      insert into partners (unique_code, pos_code, name, phone, email, pincode, state_id, li_pos_status, gi_pos_status, registered_at,
        documents_at, training_at)
      select ${`REC-${seq}-${Date.now()}`}, ${`POS-REC-${seq}-${Date.now()}`}, name, phone, email, pincode, state_id, li_pos_status,
        gi_pos_status, current_date, current_date, null
      from partners where id = ${like} returning id`.execute(db.db);
    const id = added.rows[0]?.id;
    if (c.mapped && id !== undefined) {
      await sql`insert into partner_mappings (partner_id, manager_id, reporting_type, valid_from)
        select ${id}, manager_id, 2, now() from partner_mappings where partner_id = ${like} and valid_to is null`.execute(db.db);
    }
    return;
  }
  const id = await nth(db, 'policies', c.pick);
  if (id === undefined) return;
  const set = (assignments: ReturnType<typeof sql>) =>
    sql`update policies set ${assignments}, updated_at = clock_timestamp() where id = ${id}`.execute(db.db);
  switch (c.kind) {
    case 'status':
      await set(sql`status = ${c.status}`);
      break;
    case 'amounts':
      await set(sql`paid_amount = ${c.amount}, weightage_premium = ${c.amount / 4}, loan_amount = ${c.loan ? c.amount * 3 : null}`);
      break;
    case 'day':
      await set(sql`issued_at = issued_at + make_interval(days => ${c.days})`);
      break;
    case 'due':
      // An instalment paid (the next one due later or earlier), or none due any more.
      await set(
        c.days === null ? sql`next_due_date = null` : sql`next_due_date = coalesce(next_due_date, issued_at::date) + ${c.days}::int`,
      );
      break;
    case 'employee':
      await set(sql`employee_id = ${(await nth(db, 'employees', c.other)) ?? 1}`);
      break;
    case 'partner':
      await set(sql`partner_id = ${c.other === null ? null : ((await nth(db, 'partners', c.other)) ?? null)}`);
      break;
    case 'product':
      await set(sql`product_type_id = ${(await nth(db, 'products', c.other)) ?? 1}`);
      break;
    case 'expiry':
      // The renewal moved, or the policy number taken away (no renewal due).
      await set(c.days === null ? sql`policy_no = null` : sql`expiry_date = coalesce(expiry_date, issued_at::date) + ${c.days}::int`);
      break;
    case 'renews': {
      const renewed = c.other === null ? null : await nth(db, 'policies', c.other);
      await set(sql`previous_policy_no = ${renewed ? sql`(select policy_no from policies where id = ${renewed})` : null}`);
      break;
    }
    case 'restamp':
      await set(sql`status = status`);
      break;
    case 'twice':
      await set(sql`paid_amount = ${c.amount}, status = 'success'`);
      await set(sql`paid_amount = ${c.amount + 1}, status = 'cancelled', issued_at = issued_at - interval '32 days'`);
      break;
    case 'insert':
      await sql`
        insert into policies (proposal_no, policy_no, partner_id, employee_id, customer_id, product_type_id, insurer_id, state_id, business_type,
          channel, status, paid_amount, weightage_premium, loan_amount, payment_id, issued_at, created_at, updated_at, next_due_date)
        select ${`DELTA-${seq}-${Date.now()}`}, null, partner_id, employee_id, customer_id, product_type_id, insurer_id, state_id, business_type,
          channel, 'success', ${c.amount}, ${c.amount}, null, ${`PAY-D-${seq}`}, issued_at + interval '2 days', now(), now(), next_due_date
        from policies where id = ${id}`.execute(db.db);
      break;
  }
}

/** Every row and column of the roll-ups, as text. */
async function rollups(db: TestDb): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of [...ROLLUP_TABLES, 'fact_slipping_partners'] as const) {
    const res = await sql<{ r: string }>`select t::text as r from ${sql.table(table)} t order by 1`.execute(db.db);
    out[table] = res.rows.map((r) => r.r);
  }
  return out;
}

describe('roll-ups maintained by deltas', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
    await loadDemoIfEmpty(db, { scale: 0.005, seed: 7, today: DAY, log: () => undefined });
    await runBusinessEtl(db.db, { today: DAY });
  });
  afterAll(() => db.drop());

  it('after random changes and hierarchy moves, the incremental runs leave every roll-up equal to a full rebuild', async () => {
    let seq = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(change, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 }), async (batches) => {
        for (const batch of batches) {
          for (const c of batch) await apply(db, c, seq++);
          await runBusinessEtl(db.db, { today: DAY });
        }
        const incremental = await rollups(db);
        // No cell left at zero: a rebuild would not write it.
        expect(incremental.fact_daily_business?.length).toBeGreaterThan(0);
        expect(incremental.fact_manager_partner_dues?.length).toBeGreaterThan(0);
        expect(incremental.fact_subtree_partner_cohorts?.length).toBeGreaterThan(0);
        expect(incremental.fact_subtree_renewals?.length).toBeGreaterThan(0);
        expect(incremental.fact_slipping_partners?.length).toBeGreaterThan(0);
        await runBusinessEtl(db.db, { full: true, today: DAY });
        expect(incremental).toEqual(await rollups(db));
      }),
      // A failing case is reported as found: shrinking it would take minutes of ETL runs.
      { numRuns: 10, endOnFailure: true },
    );
    // Each run is a few ETL runs and a full rebuild: minutes on a loaded machine.
  }, 300_000);

  it('a partner remapped in the run that also folds its new business moves with its months to the new manager', async () => {
    const seller = await sql<{ partner_id: number; manager_id: number }>`
      select m.partner_id, m.manager_id from partner_mappings m
      where m.valid_to is null and m.partner_id in (select partner_id from fact_partner_monthly)
      order by m.partner_id limit 1`.execute(db.db);
    const { partner_id: partner, manager_id: from } = seller.rows[0] ?? { partner_id: 0, manager_id: 0 };
    const other = await sql<{ id: number }>`select min(id) as id from employees where id <> ${from}`.execute(db.db);
    const to = other.rows[0]?.id ?? 0;
    const mapped = async (manager: number) =>
      Number(
        (
          await sql<{
            n: number;
          }>`select coalesce(sum(mapped), 0)::int as n from fact_manager_partners where manager_id = ${manager}`.execute(db.db)
        ).rows[0]?.n,
      );
    const [fromBefore, toBefore] = [await mapped(from), await mapped(to)];
    // Between two runs: a policy of the partner in a month it had no business in, and a new manager for it.
    await sql`
      insert into policies (proposal_no, policy_no, partner_id, employee_id, customer_id, product_type_id, insurer_id, state_id, business_type,
        channel, status, paid_amount, weightage_premium, loan_amount, payment_id, issued_at, created_at, updated_at)
      select 'DELTA-REMAP', null, partner_id, employee_id, customer_id, product_type_id, insurer_id, state_id, business_type,
        channel, 'success', 5000, 5000, null, 'PAY-D-REMAP', timestamptz '2030-01-15 12:00+05:30', now(), now()
      from policies where partner_id = ${partner} and status = 'success' order by id limit 1`.execute(db.db);
    await sql`update partner_mappings set valid_to = now() where partner_id = ${partner} and valid_to is null`.execute(db.db);
    await sql`insert into partner_mappings (partner_id, manager_id, reporting_type, valid_from) values (${partner}, ${to}, 2, now())`.execute(
      db.db,
    );
    await runBusinessEtl(db.db);
    expect([await mapped(from), await mapped(to)]).toEqual([fromBefore - 1, toBefore + 1]);
    const incremental = await rollups(db);
    await runBusinessEtl(db.db, { full: true });
    expect(incremental).toEqual(await rollups(db));
  });

  it('a partner remapped in the run that also changes one of its dues takes all its dues to the new manager', async () => {
    const due = await sql<{ policy: number; partner: number; manager: number }>`
      select p.id as policy, m.partner_id as partner, m.manager_id as manager from partner_mappings m
      join policies p on p.partner_id = m.partner_id and p.status = 'success' and p.next_due_date is not null
      join products pr on pr.product_type_id = p.product_type_id and pr.line = 'life'
      where m.valid_to is null order by p.id limit 1`.execute(db.db);
    const { policy, partner, manager: from } = due.rows[0] ?? { policy: 0, partner: 0, manager: 0 };
    const other = await sql<{ id: number }>`select min(id) as id from employees where id <> ${from}`.execute(db.db);
    const to = other.rows[0]?.id ?? 0;
    // The partner's dues per month, straight from the policies: [month, count, premium].
    const duesOf = async () =>
      (
        await sql<{ r: string }>`
          select concat_ws(' ', date_trunc('month', p.next_due_date)::date, count(*), sum(p.paid_amount)) as r from policies p
          join products pr on pr.product_type_id = p.product_type_id
          where p.partner_id = ${partner} and pr.line = 'life' and p.status = 'success' and p.next_due_date is not null
          group by date_trunc('month', p.next_due_date) order by 1`.execute(db.db)
      ).rows.map((r) => r.r);
    const held = async (manager: number) =>
      (
        await sql<{ r: string }>`
          select concat_ws(' ', month, nop, premium) as r from fact_manager_partner_dues
          where manager_id = ${manager} and partner_id = ${partner} order by month`.execute(db.db)
      ).rows.map((r) => r.r);
    expect(await held(from)).toEqual(await duesOf());
    // Between two runs: the next instalment of one due policy a month later, and a new manager for the partner.
    await sql`update policies set next_due_date = next_due_date + 31, updated_at = clock_timestamp() where id = ${policy}`.execute(db.db);
    await sql`update partner_mappings set valid_to = now() where partner_id = ${partner} and valid_to is null`.execute(db.db);
    await sql`insert into partner_mappings (partner_id, manager_id, reporting_type, valid_from) values (${partner}, ${to}, 2, now())`.execute(
      db.db,
    );
    await runBusinessEtl(db.db);
    expect(await held(from)).toEqual([]);
    expect(await held(to)).toEqual(await duesOf());
    const incremental = await rollups(db);
    await runBusinessEtl(db.db, { full: true });
    expect(incremental).toEqual(await rollups(db));
  });

  it('a manager moved with their partners to another branch takes the partners out of the old chain and into the new', async () => {
    // A team lead with partners mapped below them, and a team lead of another area manager.
    const pick = await sql<{ who: number; from: number; to: number }>`
      select t.id as who, t.manager_id as "from", o.id as "to" from employees t
      join employees o on o.designation = t.designation and o.manager_id <> t.manager_id
      where t.designation = 'team_lead'
        and exists (select 1 from partner_mappings m join employee_closure c on c.descendant_id = m.manager_id
                    where c.ancestor_id = t.id and m.valid_to is null)
      order by t.id, o.id limit 1`.execute(db.db);
    const { who, from, to } = pick.rows[0] ?? { who: 0, from: 0, to: 0 };
    const partnersUnder = async (id: number) =>
      Number(
        (
          await sql<{
            n: number;
          }>`select coalesce(bit_count(partners), 0)::int as n from fact_subtree_partner_bits where ancestor_id = ${id}`.execute(db.db)
        ).rows[0]?.n ?? 0,
      );
    const [moved, fromBefore, toBefore] = [await partnersUnder(who), await partnersUnder(from), await partnersUnder(to)];
    expect(moved).toBeGreaterThan(0);
    await db.db.transaction().execute((trx) => moveEmployee(trx, who, to));
    expect([await partnersUnder(from), await partnersUnder(to)]).toEqual([fromBefore - moved, toBefore + moved]);
    const moveFolded = await rollups(db);
    await runBusinessEtl(db.db, { full: true });
    expect(moveFolded).toEqual(await rollups(db));
  });

  it('a team lead moved by an employees import takes their partners and life dues to the new chain, as a rebuild writes them', async () => {
    // A team lead with life dues of partners mapped below them, and an area manager they do not report to.
    const pick = await sql<{ who: number; from: number; to: string }>`
      select t.id as who, t.manager_id as "from", o.unique_code as "to" from employees t
      join employees o on o.designation = 'asm' and o.id <> t.manager_id
      where t.designation = 'team_lead' and exists (select 1 from fact_subtree_partner_dues d where d.ancestor_id = t.id)
      order by t.id, o.id limit 1`.execute(db.db);
    const { who, from, to } = pick.rows[0] ?? { who: 0, from: 0, to: '' };
    const dues = async (id: number) =>
      Number(
        (
          await sql<{ n: number }>`select coalesce(sum(nop), 0)::int as n from fact_subtree_partner_dues where ancestor_id = ${id}`.execute(
            db.db,
          )
        ).rows[0]?.n,
      );
    const [moved, fromBefore] = [await dues(who), await dues(from)];
    expect(moved).toBeGreaterThan(0);
    const e = await db.db.selectFrom('employees').selectAll().where('id', '=', who).executeTakeFirstOrThrow();
    const row = { ...e, manager_code: to, zone: null, id: undefined, zone_id: undefined, manager_id: undefined, created_at: undefined };
    const report = await importRows(db.db, 'employees', ndjsonRows(Readable.from([JSON.stringify(row)])), {
      partial: false,
      dryRun: false,
      source: 'cli',
    });
    expect(report.errors).toEqual([]);
    expect(await dues(from)).toBe(fromBefore - moved);
    const imported = await rollups(db);
    await runBusinessEtl(db.db, { full: true });
    expect(imported).toEqual(await rollups(db));
  });

  it("a partner whose id is past the bitmaps' width widens every bitmap, as a rebuild would write them", async () => {
    const widths = async () =>
      (
        await sql<{ w: number }>`
          select distinct length(partners) as w from fact_partner_day_bits
          union select distinct length(partners) from fact_subtree_partner_bits order by 1`.execute(db.db)
      ).rows.map((r) => r.w);
    expect(await widths()).toEqual([8192]);
    // A partner with id 8192 (the first past one block), mapped to a manager, with a successful policy.
    await sql`
      insert into partners (id, unique_code, pos_code, name, phone, email, pincode, state_id, registered_at)
      overriding system value
      select 8192, 'WIDE-1', 'POS-WIDE-1', name, phone, email, pincode, state_id, registered_at from partners order by id limit 1`.execute(
      db.db,
    );
    await sql`
      insert into partner_mappings (partner_id, manager_id, reporting_type, valid_from)
      select 8192, manager_id, 2, now() from partner_mappings where valid_to is null order by partner_id limit 1`.execute(db.db);
    await sql`
      insert into policies (proposal_no, policy_no, partner_id, employee_id, customer_id, product_type_id, insurer_id, state_id, business_type,
        channel, status, paid_amount, weightage_premium, loan_amount, payment_id, issued_at, created_at, updated_at)
      select 'DELTA-WIDE', null, 8192, employee_id, customer_id, product_type_id, insurer_id, state_id, business_type,
        channel, 'success', 5000, 5000, null, 'PAY-D-WIDE', issued_at, now(), now()
      from policies where status = 'success' and partner_id is not null order by id limit 1`.execute(db.db);
    await runBusinessEtl(db.db);
    expect(await widths()).toEqual([16384]);
    const bit = await sql<{ days: number; subtrees: number }>`
      select (select count(*) from fact_partner_day_bits where get_bit(partners, 8192) = 1)::int as days,
        (select count(*) from fact_subtree_partner_bits where get_bit(partners, 8192) = 1)::int as subtrees`.execute(db.db);
    expect(bit.rows[0]?.days).toBe(1);
    expect(bit.rows[0]?.subtrees).toBeGreaterThan(0);
    const incremental = await rollups(db);
    await runBusinessEtl(db.db, { full: true });
    expect(incremental).toEqual(await rollups(db));
  });
});
