import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../test/db';
import { loadDemoIfEmpty } from '../../../demo/load';
import type { DB } from '../../../platform/db-types';
import { runBusinessEtl } from '../business-etl';
import { addDeltas } from '../rollup-helpers';
import { rebuildPlan, rollupOrder } from './order';
import { ROLLUPS } from './registry';
import type { Rollup } from './rollup';

const DAY = '2026-06-15';

const stub = (name: string, dependsOn: string[] = [], rebuild?: Rollup['rebuild']): Rollup => ({ name, tables: [], dependsOn, rebuild });
const names = (rollups: readonly Rollup[]) => rollups.map((r) => r.name);

describe('the roll-up registry', () => {
  it('orders the roll-ups after what they depend on, as listed where that leaves it free', () => {
    expect(names(rollupOrder([stub('c', ['b']), stub('a'), stub('b', ['a']), stub('d')]))).toEqual(['a', 'b', 'c', 'd']);
    expect(names(rollupOrder(ROLLUPS))).toEqual(names(ROLLUPS));
  });

  it('refuses an unknown dependency, a cycle and a name given twice', () => {
    expect(() => rollupOrder([stub('a', ['nowhere'])])).toThrow('Roll-up a depends on nowhere, which is not listed');
    expect(() => rollupOrder([stub('a', ['c']), stub('b', ['a']), stub('c', ['b']), stub('d')])).toThrow(
      'The roll-ups a, b, c depend on each other in a cycle',
    );
    expect(() => rollupOrder([stub('a'), stub('a')])).toThrow('Roll-up a is listed twice');
  });

  it('spreads what depends only on the policy versions side by side, and refuses a spread after a step of the run', () => {
    const plan = rebuildPlan(ROLLUPS);
    // The policy versions alone; then the seven subtree grains (the days with the months summed from them as one
    // task), the daily facts, the partner months and the renewal days side by side; the rest in the run.
    expect(plan.spreads.map((g) => g.length)).toEqual([1, 9]);
    expect(plan.inRun).toHaveLength(7);
    const task = { spread: [() => Promise.resolve()] };
    const inRun = { inRun: () => Promise.resolve() };
    expect(() => rebuildPlan([stub('a', [], inRun), stub('b', ['a'], task)])).toThrow(
      'Roll-up b is rebuilt in a spread but depends on a, rebuilt in the run',
    );
    expect(
      rebuildPlan([stub('a', [], task), stub('x', ['a']), stub('b', ['x'], task), stub('c', [], task)]).spreads.map((g) => g.length),
    ).toEqual([2, 1]);
  });
});

// A table no migration makes: the test creates it, so the swap's types do not know it.
const TABLE = 'test_insurer_days' as keyof DB;

/** A throw-away roll-up: successful policies and premium per day and insurer, declared as any roll-up is. */
const INSURER_DAYS: Rollup = {
  name: 'test-insurer-days',
  tables: [{ name: TABLE, key: ['day', 'insurer_id'], holds: 'nop, premium of the successful policies' }],
  dependsOn: ['policy-versions'],
  fold: (trx) =>
    addDeltas(
      trx,
      TABLE,
      sql`
        insert into test_insurer_days (day, insurer_id, nop, premium)
        select day, insurer_id, sum(sign), sum(sign * premium) from etl_affected where status = 'success'
        group by 1, 2 having sum(sign) <> 0 or sum(sign * premium) <> 0
        on conflict (day, insurer_id) do update set
          nop = test_insurer_days.nop + excluded.nop, premium = test_insurer_days.premium + excluded.premium`,
    ),
  rebuild: {
    spread: [
      (swap) =>
        swap.replace(TABLE, (t, db) =>
          sql`
            insert into ${t} (day, insurer_id, nop, premium)
            select day, insurer_id, count(*), sum(premium) from etl_policy_state where status = 'success'
            group by 1, 2 order by 1, 2`.execute(db),
        ),
    ],
  },
};

describe('a roll-up added to the registry', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    db = await createTestDb();
    await loadDemoIfEmpty(db, { scale: 0.002, seed: 71, today: DAY, log: () => undefined });
    await sql`
      create table test_insurer_days (day date not null, insurer_id int not null, nop int not null, premium numeric not null,
        primary key (day, insurer_id))`.execute(db.db);
  });
  afterAll(() => db.drop());

  const kept = async () =>
    (
      await sql<{ r: string }>`
        select concat_ws('|', day, insurer_id, nop, premium::numeric(16, 2)) as r from test_insurer_days order by 1`.execute(db.db)
    ).rows.map((x) => x.r);
  // The same figures recomputed from the policies.
  const recomputed = async () =>
    (
      await sql<{ r: string }>`
        select concat_ws('|', business_day(issued_at), insurer_id, count(*), sum(paid_amount)::numeric(16, 2)) as r
        from policies where status = 'success' group by business_day(issued_at), insurer_id order by 1`.execute(db.db)
    ).rows.map((x) => x.r);

  it('is filled by a rebuild and folds a new policy and a cancelled one in an incremental run', async () => {
    const rollups = [...ROLLUPS, INSURER_DAYS];
    await runBusinessEtl(db.db, { full: true, today: DAY, rollups });
    const rebuilt = await kept();
    expect(rebuilt.length).toBeGreaterThan(10);
    expect(rebuilt).toEqual(await recomputed());

    const source = await sql<{ id: number; insurer_id: number; day: string }>`
      select id, insurer_id, business_day(issued_at)::text as day from policies where status = 'success' order by id limit 1`.execute(
      db.db,
    );
    const first = source.rows[0];
    if (!first) throw new Error('The demo has no successful policy');
    const cancelled = await sql<{ id: number }>`
      select id from policies where status = 'success' and id <> ${first.id} order by id desc limit 1`.execute(db.db);
    await sql`
      insert into policies (proposal_no, policy_no, partner_id, employee_id, customer_id, product_type_id, insurer_id, state_id, business_type,
        channel, status, paid_amount, weightage_premium, loan_amount, payment_id, issued_at, created_at, updated_at, next_due_date)
      select 'REGISTRY-1', null, partner_id, employee_id, customer_id, product_type_id, insurer_id, state_id, business_type,
        channel, 'success', 12345.67, 12345.67, null, 'PAY-REGISTRY-1', issued_at, now(), now(), next_due_date
      from policies where id = ${first.id}`.execute(db.db);
    await sql`update policies set status = 'cancelled', updated_at = now() where id = ${cancelled.rows[0]?.id ?? 0}`.execute(db.db);

    const run = await runBusinessEtl(db.db, { today: DAY, rollups });
    expect(run.rowsProcessed).toBeGreaterThanOrEqual(2);
    const folded = await kept();
    expect(folded).not.toEqual(rebuilt);
    expect(folded).toEqual(await recomputed());
    // The new policy's cell holds its premium on top of what was there.
    const cell = (rows: string[]) => rows.find((r) => r.startsWith(`${first.day}|${first.insurer_id}|`));
    const [before, after] = [cell(rebuilt)?.split('|'), cell(folded)?.split('|')];
    expect(Number(after?.[2])).toBe(Number(before?.[2]) + 1);
    expect(Number(after?.[3])).toBeCloseTo(Number(before?.[3]) + 12345.67, 2);
  }, 180_000);
});
