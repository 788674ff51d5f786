import fc from 'fast-check';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/db';
import {
  factRows,
  keyOrderBreaks,
  partnerMonthlyMatches,
  dayCellsMatch,
  productCellsMatch,
  rawAggregate,
  subtreeMatches,
} from '../../../test/rollup-checks';
import { loadDemoIfEmpty } from '../../demo/load';
import type { Db } from '../../platform/db';
import { BUSINESS_ROLLUP_JOB, inLookBack, OLDEST_IN_FLIGHT, runBusinessEtl } from './business-etl';
import { FIGURE_TABLES, ROLLUP_TABLES } from './rollups/registry';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;

const change = fc.oneof(
  fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status: fc.constantFrom('success', 'pending', 'cancelled') }),
  fc.record({ kind: fc.constant('amount' as const), pick: fc.nat(), amount: fc.integer({ min: 100, max: 90_000 }) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), days: fc.integer({ min: -40, max: 40 }) }),
  fc.record({ kind: fc.constant('reassign' as const), pick: fc.nat(), other: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), pick: fc.nat(), amount: fc.integer({ min: 100, max: 90_000 }) }),
  // A row committed late: stamped when the oldest transaction in flight at the last run's read began, the
  // earliest stamp a row that read could not see may carry (its watermark may be later).
  fc.record({ kind: fc.constant('late' as const), pick: fc.nat(), amount: fc.integer({ min: 100, max: 90_000 }) }),
);
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

async function apply(db: TestDb, c: Change, seq: number): Promise<void> {
  const ids = await sql<{ id: string }>`select id from policies order by id`.execute(db.db);
  const pick = ids.rows[c.pick % ids.rows.length]?.id;
  if (!pick) return;
  switch (c.kind) {
    case 'status':
      await sql`update policies set status = ${c.status}, updated_at = now() where id = ${pick}`.execute(db.db);
      break;
    case 'amount':
      await sql`update policies set paid_amount = ${c.amount}, weightage_premium = ${c.amount * 1.5}, updated_at = now() where id = ${pick}`.execute(
        db.db,
      );
      break;
    case 'move':
      await sql`update policies set issued_at = issued_at + make_interval(days => ${c.days}), updated_at = now() where id = ${pick}`.execute(
        db.db,
      );
      break;
    case 'reassign': {
      const emps = await sql<{ id: number }>`select id from employees order by id`.execute(db.db);
      const other = emps.rows[c.other % emps.rows.length]?.id ?? 1;
      await sql`update policies set employee_id = ${other}, updated_at = now() where id = ${pick}`.execute(db.db);
      break;
    }
    case 'insert':
    case 'late': {
      const stamp =
        c.kind === 'late'
          ? sql`coalesce((select fold_since from etl_jobs where name = ${BUSINESS_ROLLUP_JOB}), now() - interval '3 minutes')`
          : sql`now()`;
      await sql`
        insert into policies (proposal_no, policy_no, partner_id, employee_id, customer_id, product_type_id, insurer_id, state_id, business_type,
          channel, status, paid_amount, weightage_premium, loan_amount, payment_id, issued_at, created_at, updated_at)
        select ${`TEST-${seq}-${Date.now()}`}, null, partner_id, employee_id, customer_id, product_type_id, insurer_id, state_id, business_type,
          channel, 'success', ${c.amount}, ${c.amount}, null, ${`PAY-${seq}`}, issued_at - interval '1 day', ${stamp}, ${stamp}
        from policies where id = ${pick}`.execute(db.db);
      break;
    }
  }
}

describe('incremental business ETL', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
    await loadDemoIfEmpty(db, { scale: 0.005, seed: 99, today: '2026-06-15', log: () => undefined });
  });
  afterAll(() => db.drop());

  it('a first run builds roll-ups equal to the raw aggregates and records the job', async () => {
    const result = await runBusinessEtl(db.db);
    expect(result.ran).toBe(true);
    expect(result.rowsProcessed).toBeGreaterThan(0);
    expect(await factRows(db)).toEqual(await rawAggregate(db));
    expect(await partnerMonthlyMatches(db)).toBe(true);
    expect(await subtreeMatches(db, 'month')).toBe(true);
    expect(await subtreeMatches(db, 'day')).toBe(true);
    expect(await productCellsMatch(db)).toBe(true);
    expect(await dayCellsMatch(db)).toBe(true);
    const job = await db.db.selectFrom('etl_jobs').selectAll().where('name', '=', BUSINESS_ROLLUP_JOB).executeTakeFirstOrThrow();
    expect(job.status).toBe('idle');
    expect(job.last_successful_run_at).toBeTruthy();
    expect(job.last_transaction_updated_at).toBeTruthy();
    expect(job.last_error).toBeNull();
  });

  it('after random inserts, updates, cancellations and late rows, an incremental run converges', async () => {
    let seq = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 8 }), async (changes) => {
        for (const c of changes) await apply(db, c, seq++);
        const run = await runBusinessEtl(db.db);
        // Incremental: it touched only recent rows, not the whole table.
        const total = await sql<{ n: number }>`select count(*)::int as n from policies`.execute(db.db);
        expect(run.rowsProcessed).toBeLessThan(total.rows[0]?.n ?? 0);
        expect(await factRows(db)).toEqual(await rawAggregate(db));
        expect(await partnerMonthlyMatches(db)).toBe(true);
        expect(await subtreeMatches(db, 'month')).toBe(true);
        expect(await subtreeMatches(db, 'day')).toBe(true);
        expect(await productCellsMatch(db)).toBe(true);
        expect(await dayCellsMatch(db)).toBe(true);
      }),
      { numRuns: 12 },
    );
  });

  it('running again without changes is idempotent, and a full rebuild gives the same roll-ups', async () => {
    const before = await factRows(db);
    await runBusinessEtl(db.db);
    expect(await factRows(db)).toEqual(before);
    await runBusinessEtl(db.db, { full: true });
    expect(await factRows(db)).toEqual(before);
    // Nothing of the swap is left: the tables it replaced were dropped once it had committed.
    const aside = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_namespace where nspname like current_schema() || '\_re%'`.execute(db.db);
    expect(aside.rows[0]?.n).toBe(0);
  });

  // Helper sessions: PostgreSQL only (on PGlite every rebuild runs in its one transaction).
  it.skipIf(!process.env.DATABASE_URL)(
    'a rebuild spread over sessions writes every table as a rebuild in one transaction does',
    async () => {
      const tables = [...ROLLUP_TABLES, 'etl_policy_state'] as const;
      const rowsOf = () =>
        Promise.all(
          tables.map(async (t) => (await sql<{ r: string }>`select t::text as r from ${sql.table(t)} t order by 1`.execute(db.db)).rows),
        );
      await runBusinessEtl(db.db, { full: true, rebuildSessions: 0 });
      const alone = await rowsOf();
      expect(alone.every((rows) => rows.length > 0)).toBe(true);
      await runBusinessEtl(db.db, { full: true, rebuildSessions: 3 });
      expect(await rowsOf()).toEqual(alone);
      const aside = await sql<{ n: number }>`
      select count(*)::int as n from pg_namespace where nspname in (current_schema() || '_rebuild', current_schema() || '_build')`.execute(
        db.db,
      );
      expect(aside.rows[0]?.n).toBe(0);
    },
  );

  it('a rebuild writes every table of figures in the order of its primary key', async () => {
    await runBusinessEtl(db.db, { full: true });
    for (const table of FIGURE_TABLES) {
      const { breaks, rows } = await keyOrderBreaks(db, table);
      expect(rows, table).toBeGreaterThan(200);
      expect(breaks, table).toBeLessThan(rows / 100);
    }
  });

  it("a run with nothing new folds nothing and keeps the figures' change time; a change inside the look-back is folded once", async () => {
    const job = () =>
      db.db
        .selectFrom('etl_jobs')
        .select(['rows_processed', 'rollups_changed_at', 'last_successful_run_at'])
        .where('name', '=', BUSINESS_ROLLUP_JOB)
        .executeTakeFirstOrThrow();
    await runBusinessEtl(db.db);
    const settled = await job();
    expect(await runBusinessEtl(db.db)).toEqual({ ran: true, rowsProcessed: 0 });
    const idle = await job();
    expect(idle.rollups_changed_at).toEqual(settled.rollups_changed_at);
    expect(idle.last_successful_run_at?.getTime()).toBeGreaterThanOrEqual(settled.last_successful_run_at?.getTime() ?? 0);

    await sql`update policies set paid_amount = paid_amount + 7, updated_at = now() where id = (select max(id) from policies)`.execute(
      db.db,
    );
    expect((await runBusinessEtl(db.db)).rowsProcessed).toBe(1);
    const changed = await job();
    expect(changed.rollups_changed_at?.getTime()).toBeGreaterThan(settled.rollups_changed_at?.getTime() ?? 0);
    // The changed row is still inside the look-back window, but it is not folded again.
    expect((await runBusinessEtl(db.db)).rowsProcessed).toBe(0);
    expect(await factRows(db)).toEqual(await rawAggregate(db));
  });

  it('a run that fails leaves the previous roll-ups and records the error; the next run converges', async () => {
    const before = await factRows(db);
    // A partner's successful policy: the earlier random changes may have cancelled the first one or taken its
    // partner, and then the partner roll-up, which is made to fail below, would have nothing to write.
    await sql`update policies set paid_amount = paid_amount + 1, updated_at = now()
      where id = (select min(id) from policies where status = 'success' and partner_id is not null)`.execute(db.db);
    // Make the run fail half-way: the partner roll-up cannot insert while this rule rejects it.
    await sql`alter table fact_partner_monthly add constraint block_etl check (nop < 0) not valid`.execute(db.db);
    await expect(runBusinessEtl(db.db)).rejects.toThrow();
    expect(await factRows(db)).toEqual(before);
    const failed = await db.db
      .selectFrom('etl_jobs')
      .select(['status', 'last_error'])
      .where('name', '=', BUSINESS_ROLLUP_JOB)
      .executeTakeFirstOrThrow();
    expect(failed.status).toBe('failed');
    expect(failed.last_error).toMatch(/block_etl/);
    await sql`alter table fact_partner_monthly drop constraint block_etl`.execute(db.db);
    await runBusinessEtl(db.db);
    expect(await factRows(db)).toEqual(await rawAggregate(db));
  });

  // Other sessions at once: PostgreSQL only (PGlite has one connection, whose queries wait for the run).
  it.skipIf(!process.env.DATABASE_URL)(
    'a policy written by a transaction in flight while a run reads, stamped before its watermark, is folded by the next run',
    async () => {
      const ids = await sql<{ id: string }>`select id from policies where status = 'success' order by id limit 2`.execute(db.db);
      const [late, other] = ids.rows.map((r) => r.id);
      await db.db.connection().execute(async (writer) => {
        await sql`begin`.execute(writer);
        // Stamped now(), the transaction's start: before the change below, which the run reads and takes as its watermark.
        await sql`update policies set paid_amount = paid_amount + 7, updated_at = now() where id = ${late ?? 0}`.execute(writer);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await sql`update policies set paid_amount = paid_amount + 1, updated_at = clock_timestamp() where id = ${other ?? 0}`.execute(
          db.db,
        );
        await runBusinessEtl(db.db);
        await sql`commit`.execute(writer);
      });
      const stamps = await sql<{ late: Date; mark: Date }>`
        select (select updated_at from policies where id = ${late ?? 0}) as late,
          (select last_transaction_updated_at from etl_jobs where name = ${BUSINESS_ROLLUP_JOB}) as mark`.execute(db.db);
      expect(stamps.rows[0]?.late.getTime()).toBeLessThan(stamps.rows[0]?.mark.getTime() ?? 0);
      expect(await factRows(db)).not.toEqual(await rawAggregate(db));
      await runBusinessEtl(db.db);
      expect(await factRows(db)).toEqual(await rawAggregate(db));
    },
  );

  // Each holds the rebuild at a late step with a lock on the table it writes there: the contest boards are emptied
  // at the end of the rebuild, the slipping partners written whole for the day just before the swap.
  it.skipIf(!process.env.DATABASE_URL).each([
    { table: 'contest_boards', statement: 'delete from contest_boards%' },
    { table: 'fact_slipping_partners', statement: 'delete from fact_slipping_partners%' },
  ] as const)(
    'a full rebuild held at a write of $table keeps every roll-up readable by other sessions, with the figures before it',
    async ({ table, statement }) => {
      const other = await db.connectAgain();
      const tables = [...ROLLUP_TABLES, 'etl_policy_state'] as const;
      const rowsOf = (reader: Db) =>
        Promise.all(
          tables.map(async (t) => (await sql<{ r: string }>`select t::text as r from ${sql.table(t)} t order by 1`.execute(reader)).rows),
        );
      const before = await rowsOf(db.db);
      let rebuild: Promise<unknown> = Promise.resolve();
      const during = await other.db.transaction().execute(async (holder) => {
        await sql`lock table ${sql.table(table)} in share mode`.execute(holder);
        rebuild = runBusinessEtl(db.db, { full: true });
        for (;;) {
          const waiting = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like ${statement}`.execute(other.db);
          if (waiting.rows[0]?.n) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // A reader that gives up after a second rather than wait for the rebuild.
        return other.db
          .transaction()
          .execute(async (reader) => {
            await sql`set local lock_timeout = '1s'`.execute(reader);
            return rowsOf(reader);
          })
          .catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
      });
      await rebuild;
      expect(during).toEqual(before);
      expect(await factRows(db)).toEqual(await rawAggregate(db));
    },
  );

  // One session: on PostgreSQL other test files' transactions, begun before this change, may be in flight when the
  // run reads, and then rightly keep it in the look-back.
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'after a run, policies changed before it are out of the look-back, though stamped within ten minutes of its watermark',
    async () => {
      await sql`update policies set paid_amount = paid_amount + 1, updated_at = now() where id % 3 = 0`.execute(db.db);
      const changed = (await sql<{ n: number }>`select count(*)::int as n from policies where id % 3 = 0`.execute(db.db)).rows[0]?.n ?? 0;
      expect((await runBusinessEtl(db.db)).rowsProcessed).toBe(changed);
      const job = await db.db
        .selectFrom('etl_jobs')
        .select(['last_transaction_updated_at', 'fold_xmin', 'fold_since'])
        .where('name', '=', BUSINESS_ROLLUP_JOB)
        .executeTakeFirstOrThrow();
      const mark = { watermark: job.last_transaction_updated_at ?? new Date(0), foldXmin: job.fold_xmin, foldSince: job.fold_since };
      const inWindow = await sql<{ n: number }>`select count(*)::int as n from policies p where ${inLookBack(mark)}`.execute(db.db);
      expect(inWindow.rows[0]?.n).toBe(0);
      const tenMinutes = await sql<{ n: number }>`
        select count(*)::int as n from policies p where ${inLookBack({ ...mark, foldSince: null })}`.execute(db.db);
      expect(tenMinutes.rows[0]?.n).toBeGreaterThanOrEqual(changed);
      expect(await factRows(db)).toEqual(await rawAggregate(db));
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    "a run's look-back starts when the oldest transaction in flight began, or ten minutes back when a session is hidden from it",
    async () => {
      const other = await db.connectAgain();
      const began = await other.db.connection().execute(async (holder) => {
        await sql`begin`.execute(holder);
        const at = (await sql<{ at: Date }>`select now() as at`.execute(holder)).rows[0]?.at ?? new Date();
        await new Promise((resolve) => setTimeout(resolve, 20));
        await runBusinessEtl(db.db);
        await sql`commit`.execute(holder);
        return at;
      });
      const job = await db.db.selectFrom('etl_jobs').select('fold_since').where('name', '=', BUSINESS_ROLLUP_JOB).executeTakeFirstOrThrow();
      expect(job.fold_since?.getTime()).toBeLessThanOrEqual(began.getTime());

      // A role without pg_read_all_stats sees other roles' sessions without their start.
      const role = `etl_probe_${process.pid}`;
      await sql`create role ${sql.id(role)} login`.execute(db.db);
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.username = role;
      const client = new pg.Client({ connectionString: url.toString() });
      try {
        await client.connect();
        const since = await client.query<{ since: Date | null }>(sql`select ${OLDEST_IN_FLIGHT} as since`.compile(db.db).sql);
        expect(since.rows).toEqual([{ since: null }]);
      } finally {
        await client.end();
        await sql`drop role ${sql.id(role)}`.execute(db.db);
      }
    },
  );

  it('serves the job on the ETL panel call', async () => {
    const rows = await db.db.selectFrom('etl_jobs').select('name').execute();
    expect(rows.map((r) => r.name)).toContain(BUSINESS_ROLLUP_JOB);
  });
});
