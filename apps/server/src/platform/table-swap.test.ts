import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/db';
import { hasConnectionPool, separateSessions, type Db } from './db';
import { dropReplacedTables, swapTables, type SwapHelpers, type TableSwap } from './table-swap';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;

// A roll-up table of the migrations: a primary key, a plain index and a fillfactor.
const TABLE = 'fact_partner_monthly';

/** What a swap must keep: index and constraint definitions by name, the grants and the storage options. */
async function shape(db: Db) {
  const indexes = await sql<{ name: string; def: string }>`
    select indexname as name, indexdef as def from pg_indexes where tablename = ${TABLE} and schemaname = current_schema() order by 1`.execute(
    db,
  );
  const constraints = await sql<{ name: string; def: string }>`
    select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = ${TABLE}::regclass order by 1`.execute(db);
  const grants = await sql<{ grantee: string; privilege: string }>`
    select a.grantee::regrole::text as grantee, a.privilege_type as privilege
    from pg_class c cross join lateral aclexplode(c.relacl) a where c.oid = ${TABLE}::regclass and a.grantee <> c.relowner order by 1, 2`.execute(
    db,
  );
  const storage = await sql<{
    options: string[] | null;
  }>`select reloptions as options from pg_class where oid = ${TABLE}::regclass`.execute(db);
  return { indexes: indexes.rows, constraints: constraints.rows, grants: grants.rows, storage: storage.rows[0]?.options };
}

async function months(db: Db): Promise<string[]> {
  const res = await sql<{
    r: string;
  }>`select concat_ws('|', month, partner_id, line, nop) as r from fact_partner_monthly order by 1`.execute(db);
  return res.rows.map((r) => r.r);
}

const insertRows = (db: Db, table: ReturnType<typeof sql.table>, rows: [string, number, number][]) =>
  sql`insert into ${table} (month, partner_id, line, nop, premium, weightage_premium, first_issue_day, last_issue_day)
    select m::date, p, 'motor', n, 100, 50, m::date, m::date from (values ${sql.join(rows.map(([m, p, n]) => sql`(${m}, ${p}::int, ${n}::int)`))}) v(m, p, n)`.execute(
    db,
  );

/** The schemas a swap of this schema makes: its staging schema and where it leaves the tables it replaced. */
const leftovers = async (db: Db) =>
  (
    await sql<{ name: string }>`select nspname as name from pg_namespace
      where nspname in (current_schema() || '_rebuild', current_schema() || '_replaced', current_schema() || '_build') order by 1`.execute(
      db,
    )
  ).rows.map((r) => r.name);
const schemaName = async (db: Db) => (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s;

describe('swapTables', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
    await insertRows(db.db, sql.table(TABLE), [
      ['2026-01-01', 1, 1],
      ['2026-01-01', 2, 2],
      ['2026-02-01', 1, 3],
    ]);
    await sql`grant select on fact_partner_monthly to public`.execute(db.db);
  });
  afterAll(() => db.drop());

  it('swaps in the rows of its fill with the same keys, indexes and grants, while readers see the old rows until commit', async () => {
    const before = await shape(db.db);
    expect(before.indexes.map((i) => i.name)).toEqual(['fact_partner_monthly_partner_idx', 'fact_partner_monthly_pkey']);
    expect(before.grants).toEqual([{ grantee: '-', privilege: 'SELECT' }]);
    expect(before.storage).toEqual(['fillfactor=90']);
    let seenDuringFill: string[] | null = null;
    await db.db.transaction().execute((trx) =>
      swapTables(trx, (swap) =>
        swap.replace(TABLE, async (target) => {
          await insertRows(trx, target, [
            ['2026-03-01', 5, 7],
            ['2026-03-01', 6, 8],
          ]);
          // Another session (PostgreSQL's pool; PGlite has one connection) still reads the table being replaced.
          if (hasConnectionPool(db.db)) seenDuringFill = await months(db.db);
        }),
      ),
    );
    if (hasConnectionPool(db.db)) expect(seenDuringFill).toEqual(['2026-01-01|1|motor|1', '2026-01-01|2|motor|2', '2026-02-01|1|motor|3']);
    expect(await months(db.db)).toEqual(['2026-03-01|5|motor|7', '2026-03-01|6|motor|8']);
    expect(await shape(db.db)).toEqual(before);
    // The old table waits aside until dropped after the commit; nothing of the swap is left after that.
    expect(await leftovers(db.db)).toEqual([`${await schemaName(db.db)}_replaced`]);
    await dropReplacedTables(db.db);
    expect(await leftovers(db.db)).toEqual([]);
    // The key is enforced under its own name.
    await expect(insertRows(db.db, sql.table(TABLE), [['2026-03-01', 5, 1]])).rejects.toThrow(/fact_partner_monthly_pkey/);
  });

  it('leaves the table as it was when the fill fails', async () => {
    const before = await months(db.db);
    await expect(
      db.db.transaction().execute((trx) =>
        swapTables(trx, (swap) =>
          swap.replace(TABLE, async (target) => {
            await insertRows(trx, target, [['2026-04-01', 9, 1]]);
            throw new Error('source went away');
          }),
        ),
      ),
    ).rejects.toThrow('source went away');
    expect(await months(db.db)).toEqual(before);
    expect(await leftovers(db.db)).toEqual([]);
  });

  // Two sessions at once: PostgreSQL only (PGlite has one connection, whose queries wait for the transaction).
  it.skipIf(!process.env.DATABASE_URL)(
    'keeps every table it fills readable by other sessions until the end, while a later fill reads the fresh rows of an earlier one',
    async () => {
      const before = await months(db.db);
      // Another session's read that gives up after a second instead of waiting for the swapping transaction.
      const impatient = () =>
        db.db.transaction().execute(async (reader) => {
          await sql`set local lock_timeout = '1s'`.execute(reader);
          return months(reader);
        });
      let seenByLaterFill: number | undefined;
      let seenByReader: string[] | Error = [];
      await db.db.transaction().execute((trx) =>
        swapTables(trx, async (swap) => {
          await swap.replace(TABLE, (target) => insertRows(trx, target, [['2026-05-01', 3, 4]]));
          await swap.replace('fact_employee_renewals', async (target) => {
            const fresh = await sql<{ n: number }>`select count(*)::int as n from fact_partner_monthly`.execute(trx);
            seenByLaterFill = fresh.rows[0]?.n;
            await sql`insert into ${target} (employee_id, day, line, nop, open_nop, open_premium) values (1, '2026-05-01', 'motor', 1, 1, 100)`.execute(
              trx,
            );
            seenByReader = await impatient().catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
          });
        }),
      );
      expect(seenByLaterFill).toBe(1);
      expect(seenByReader).toEqual(before);
      expect(await months(db.db)).toEqual(['2026-05-01|3|motor|4']);
      const renewals = await sql<{ r: string }>`select concat_ws('|', employee_id, day, nop) as r from fact_employee_renewals`.execute(
        db.db,
      );
      expect(renewals.rows.map((r) => r.r)).toEqual(['1|2026-05-01|1']);
    },
  );

  const pid = async (db: Db) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid;
  const helpersOf = (db: Db, sessions: number): SwapHelpers => {
    const open = separateSessions(db);
    if (!open) throw new Error('no sessions on this database');
    return { open, sessions };
  };
  /**
   * A promise and its resolve, for two tasks that each wait for the other to have started; the wait gives up after
   * ten seconds, so tasks run one after the other fail instead of waiting for ever.
   */
  const signal = () => {
    let resolve = (): void => undefined;
    const started = new Promise<void>((r) => {
      resolve = r;
    });
    const promise = Promise.race([
      started,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the other task never started')), 10_000).unref()),
    ]);
    return { promise, resolve };
  };

  /** A spread of `tasks` over two helper sessions, in a swap of a transaction of its own. */
  const spreadOverTwo = (tasks: Parameters<TableSwap['spread']>[0]) =>
    db.db.transaction().execute((trx) => swapTables(trx, (swap) => swap.spread(tasks), helpersOf(db.db, 2)));

  // Helper sessions: PostgreSQL only (PGlite has one connection, which the swapping transaction holds).
  it.skipIf(!process.env.DATABASE_URL)(
    'runs the tasks of a spread at once on sessions of their own, and swaps in what they filled with what the transaction filled',
    async () => {
      const before = await shape(db.db);
      const aStarted = signal();
      const bStarted = signal();
      const fillers: (number | undefined)[] = [];
      let swapper: number | undefined;
      let seenAfterSpread: number | undefined;
      await db.db.transaction().execute(async (trx) => {
        swapper = await pid(trx);
        await swapTables(
          trx,
          async (swap) => {
            // Each task waits for the other to have started: run one after the other, they would never end.
            await swap.spread([
              (s) =>
                s.replace(TABLE, async (target, h) => {
                  fillers.push(await pid(h));
                  aStarted.resolve();
                  await bStarted.promise;
                  await insertRows(h, target, [['2026-06-01', 4, 2]]);
                }),
              (s) =>
                s.replace('fact_employee_renewals', async (target, h) => {
                  fillers.push(await pid(h));
                  bStarted.resolve();
                  await aStarted.promise;
                  await sql`insert into ${target} (employee_id, day, line, nop, open_nop, open_premium) values (2, '2026-06-01', 'motor', 3, 3, 300)`.execute(
                    h,
                  );
                }),
            ]);
            // A later step of the transaction reads what the helpers committed.
            await swap.replace('fact_manager_partners', async (target, t) => {
              const fresh = await sql<{ n: number }>`select sum(nop)::int as n from fact_partner_monthly`.execute(t);
              seenAfterSpread = fresh.rows[0]?.n;
              await sql`insert into ${target} (manager_id, mapped, offline) values (1, 1, 0)`.execute(t);
            });
          },
          helpersOf(db.db, 2),
        );
      });
      expect(new Set(fillers).size).toBe(2);
      expect(fillers).not.toContain(swapper);
      expect(seenAfterSpread).toBe(2);
      expect(await months(db.db)).toEqual(['2026-06-01|4|motor|2']);
      expect(await shape(db.db)).toEqual(before);
      const renewals = await sql<{ r: string }>`select concat_ws('|', employee_id, day, nop) as r from fact_employee_renewals`.execute(
        db.db,
      );
      expect(renewals.rows.map((r) => r.r)).toEqual(['2|2026-06-01|3']);
      await dropReplacedTables(db.db);
      expect(await leftovers(db.db)).toEqual([]);
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'leaves every table as it was when a task of a spread fails, and the next swap clears what the others committed',
    async () => {
      const before = await months(db.db);
      await expect(
        spreadOverTwo([
          (s) => s.replace(TABLE, (target, h) => insertRows(h, target, [['2026-07-01', 8, 1]])),
          (s) =>
            s.replace('fact_employee_renewals', () => {
              throw new Error('source went away');
            }),
        ]),
      ).rejects.toThrow('source went away');
      expect(await months(db.db)).toEqual(before);
      const live = await schemaName(db.db);
      // The first task committed its copy in the build schema; nothing reads it there.
      expect(await leftovers(db.db)).toEqual([`${live}_build`]);
      await db.db
        .transaction()
        .execute((trx) =>
          swapTables(
            trx,
            (swap) => swap.spread([(s) => s.replace(TABLE, (target, h) => insertRows(h, target, [['2026-08-01', 9, 5]]))]),
            helpersOf(db.db, 2),
          ),
        );
      await dropReplacedTables(db.db);
      expect(await months(db.db)).toEqual(['2026-08-01|9|motor|5']);
      expect(await leftovers(db.db)).toEqual([]);
    },
  );

  it.skipIf(!process.env.DATABASE_URL)('begins no further task of a spread once one has failed', async () => {
    const failed = signal();
    let laterStarted = false;
    await expect(
      spreadOverTwo([
        // Ends a second after the other helper's task failed, and would then take the last task.
        (s) =>
          s.replace(TABLE, async () => {
            await failed.promise;
            await new Promise((r) => setTimeout(r, 1_000));
          }),
        (s) =>
          s.replace('fact_employee_renewals', () => {
            failed.resolve();
            throw new Error('source went away');
          }),
        (s) =>
          s.replace('fact_manager_partners', () => {
            laterStarted = true;
            return Promise.resolve();
          }),
      ]),
    ).rejects.toThrow('source went away');
    expect(laterStarted).toBe(false);
  });
});
