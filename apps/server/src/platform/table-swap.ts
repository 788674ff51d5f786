import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SeparateSession } from './db';
import type { DB as Database } from './db-types';
import { plainIndexes } from './table-indexes';

type Table = keyof Database;
type Conn = Kysely<Database>;

/** Fills tables afresh inside `swapTables`; see there. */
export interface TableSwap {
  /**
   * Fills a fresh, index-free copy of `table` (columns, defaults, checks, fillfactor) through `fill`; keys,
   * indexes and grants are built once afterwards.
   */
  replace(table: Table, fill: (target: RawBuilder<unknown>, db: Conn) => Promise<unknown>): Promise<void>;
  /**
   * Runs `tasks` side by side on helper sessions, at most `sessions` at a time, longest first (or one after
   * another without helpers). A task may read only what was filled before the spread and its own tables.
   */
  spread(tasks: readonly ((swap: TableSwap) => Promise<unknown>)[]): Promise<void>;
}

/** Sessions beside the swap's transaction, which fill tables of a spread in parallel (`db.ts`, `separateSessions`). */
export interface SwapHelpers {
  open: () => Promise<SeparateSession>;
  sessions: number;
}

// Each lock attempt of the swap waits at most this long: less than PostgreSQL's deadlock_timeout (1 s), so a
// reader that holds one of the tables and waits for another the swap holds is let through, not aborted.
const LOCK_WAIT = '200ms';
const LOCK_ATTEMPTS = 50;

/**
 * Replaces the tables `body` fills without keeping readers waiting: fresh copies fill in a staging schema
 * first on the search path, are swapped in together at the end, and the old ones dropped after commit
 * (docs/decisions/050-rebuild-swaps-at-the-end.md, 053-rebuild-spread-over-sessions.md).
 */
export async function swapTables<T>(trx: Conn, body: (swap: TableSwap) => Promise<T>, helpers?: SwapHelpers): Promise<T> {
  const { rows } = await sql<{ schema: string; path: string }>`
    select current_schema() as schema, current_setting('search_path') as path`.execute(trx);
  const live = rows[0]?.schema;
  const path = rows[0]?.path;
  if (!live || path === undefined) throw new Error('No current schema to swap tables in');
  const { staging, build, replaced: replacedName } = swapSchemas(live);
  const replaced = sql.id(replacedName);
  // Tables an earlier swap replaced and nobody dropped (the process ended before `dropReplacedTables`).
  await sql`drop schema if exists ${replaced} cascade`.execute(trx);
  await sql`create schema ${sql.id(staging)}`.execute(trx);
  const spreading = helpers !== undefined && helpers.sessions > 0;
  if (spreading) {
    // Made afresh on a session of its own and committed, so that every helper sees it; what a failed run left
    // there goes first, before this transaction's search path could find any of it.
    const session = await helpers.open();
    try {
      await sql`drop schema if exists ${sql.id(build)} cascade`.execute(session.db);
      await sql`create schema ${sql.id(build)}`.execute(session.db);
    } finally {
      await session.end();
    }
  } else {
    // What a failed run with helpers left, when this one has none.
    await sql`drop schema if exists ${sql.id(build)} cascade`.execute(trx);
  }
  const searchPath = spreading ? `${quoteIdent(staging)}, ${quoteIdent(build)}, ${path}` : `${quoteIdent(staging)}, ${path}`;
  await sql`select set_config('search_path', ${searchPath}, true)`.execute(trx);
  // Filled here, in the staging schema, and filled by helpers, committed in the build schema.
  const filled: Table[] = [];
  const built: Table[] = [];
  const claim = (table: Table) => {
    if (filled.includes(table) || built.includes(table)) throw new Error(`${table} is already filled in this swap`);
  };

  const swap: TableSwap = {
    replace: async (table, fill) => {
      claim(table);
      await fillCopy(trx, live, staging, table, fill);
      filled.push(table);
    },
    spread: async (tasks) => {
      if (!spreading || !helpers) {
        for (const task of tasks) await task(swap);
        return;
      }
      await runHelpers(helpers, tasks, live, build, path, (tables) => {
        for (const t of tables) claim(t);
        built.push(...tables);
      });
    },
  };

  const result = await body(swap);
  if (filled.length || built.length) {
    await lockForSwap(
      trx,
      [...filled, ...built].map((t) => sql.table(`${live}.${t}`)),
    );
    // The old tables move aside rather than go: dropping them here would remove their files at commit while
    // readers wait for the swap's locks. `dropReplacedTables` drops them after it.
    await sql`create schema ${replaced}`.execute(trx);
    for (const [schema, tables] of [
      [staging, filled],
      [build, built],
    ] as const) {
      for (const table of tables) {
        await sql`alter table ${sql.table(`${live}.${table}`)} set schema ${replaced}`.execute(trx);
        await sql`alter table ${sql.table(`${schema}.${table}`)} set schema ${sql.id(live)}`.execute(trx);
      }
    }
  }
  await sql`select set_config('search_path', ${path}, true)`.execute(trx);
  await sql`drop schema ${sql.id(staging)}`.execute(trx);
  if (spreading) await sql`drop schema ${sql.id(build)}`.execute(trx);
  return result;
}

/**
 * A fresh copy of `live.table` in `schema`, filled by `fill` on `conn`, then given the table's keys, indexes,
 * grants and statistics.
 */
async function fillCopy(conn: Conn, live: string, schema: string, table: Table, fill: Parameters<TableSwap['replace']>[1]) {
  const source = `${quoteIdent(live)}.${quoteIdent(table)}`;
  const from = sql.table(`${live}.${table}`);
  const target = sql.table(`${schema}.${table}`);
  // Names and definitions below come from the catalogue, quoted there, never from data.
  const { rows: constraints } = await sql<{ name: string; definition: string }>`
    select quote_ident(conname) as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = ${source}::regclass and contype in ('p', 'u', 'f', 'x') order by contype, conname`.execute(conn);
  const indexes = await plainIndexes(conn, source);
  const { rows: grants } = await sql<{ privilege: string; grantee: string }>`
    select a.privilege_type as privilege, coalesce(quote_ident(r.rolname), 'public') as grantee
    from pg_class c cross join lateral aclexplode(c.relacl) a left join pg_roles r on r.oid = a.grantee
    where c.oid = ${source}::regclass and a.grantee <> c.relowner`.execute(conn);
  const { rows: storage } = await sql<{ options: string | null }>`
    select array_to_string(reloptions, ', ') as options from pg_class where oid = ${source}::regclass`.execute(conn);
  const options = storage[0]?.options ? sql`with (${sql.raw(storage[0].options)})` : sql``;

  await sql`create table ${target} (like ${from} including defaults including constraints including generated) ${options}`.execute(conn);
  await fill(target, conn);
  // The copy's schema is its own: its keys and indexes take the names they will have.
  for (const c of constraints) await sql`alter table ${target} add constraint ${sql.raw(c.name)} ${sql.raw(c.definition)}`.execute(conn);
  for (const index of indexes) {
    const rest = index.definition.slice(index.definition.indexOf(' USING '));
    const unique = /^CREATE UNIQUE /.test(index.definition) ? sql`unique` : sql``;
    await sql`create ${unique} index ${sql.raw(index.name)} on ${target} ${sql.raw(rest)}`.execute(conn);
  }
  for (const g of grants) await sql`grant ${sql.raw(g.privilege)} on ${target} to ${sql.raw(g.grantee)}`.execute(conn);
  // The planner has no statistics for a table created in this transaction.
  await sql`analyze ${target}`.execute(conn);
}

/**
 * Runs a spread's tasks on helper sessions, each committing its copies in the build schema. After a failure no
 * task begins and those under way are awaited, so no session is left working.
 */
async function runHelpers(
  helpers: SwapHelpers,
  tasks: readonly ((swap: TableSwap) => Promise<unknown>)[],
  live: string,
  build: string,
  path: string,
  done: (tables: Table[]) => void,
): Promise<void> {
  const queue = [...tasks];
  // One session per helper, taking tasks until none is left or one has failed.
  const work = async () => {
    const session = await helpers.open();
    try {
      for (let task = queue.shift(); task; task = queue.shift()) {
        const tables: Table[] = [];
        await session.db.transaction().execute(async (h) => {
          await sql`select set_config('search_path', ${`${quoteIdent(build)}, ${path}`}, true)`.execute(h);
          const own: TableSwap = {
            replace: async (table, fill) => {
              await fillCopy(h, live, build, table, fill);
              tables.push(table);
            },
            spread: async (inner) => {
              for (const t of inner) await t(own);
            },
          };
          await task(own);
        });
        done(tables);
      }
    } catch (err) {
      // The run will roll back: the tasks not begun are not worth minutes of the other helpers' time.
      queue.length = 0;
      throw err;
    } finally {
      await session.end();
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(helpers.sessions, tasks.length) }, work));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * The schemas a swap of `live` makes beside it: `staging` for the copies its transaction fills, `build` for those
 * its helpers commit until the swap moves them in, `replaced` for the tables it replaced until `dropReplacedTables`.
 */
export const swapSchemas = (live: string) => ({
  staging: `${live}_rebuild`.slice(0, 63),
  build: `${live}_build`.slice(0, 63),
  replaced: `${live}_replaced`.slice(0, 63),
});

/**
 * Drops the copies a failed swap's helpers committed (they can be gigabytes). Call in a transaction that keeps
 * swaps of this schema apart and spreads nothing itself.
 */
export async function dropBuildLeftovers(trx: Conn): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(trx);
  const live = rows[0]?.schema;
  if (live) await sql`drop schema if exists ${sql.id(swapSchemas(live).build)} cascade`.execute(trx);
}

/**
 * Drops the tables the last `swapTables` of this schema replaced: call after its transaction committed, when
 * readers read the new tables. Waits for queries still reading the old ones, and keeps nobody else waiting.
 */
export async function dropReplacedTables(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const live = rows[0]?.schema;
  if (live) await sql`drop schema if exists ${sql.id(swapSchemas(live).replaced)} cascade`.execute(db);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Takes every old table at once; each attempt gives up after LOCK_WAIT and lets go of all, so a reader holding
 * one and waiting for another can finish. The last attempt waits as long as it takes.
 */
async function lockForSwap(trx: Kysely<Database>, tables: RawBuilder<unknown>[]): Promise<void> {
  const lock = sql`lock table ${sql.join(tables)} in access exclusive mode`;
  const { rows } = await sql<{ wait: string }>`select current_setting('lock_timeout') as wait`.execute(trx);
  const wait = rows[0]?.wait ?? '0';
  for (let attempt = 1; attempt < LOCK_ATTEMPTS; attempt++) {
    await sql`savepoint swap_lock`.execute(trx);
    try {
      await sql`select set_config('lock_timeout', ${LOCK_WAIT}, true)`.execute(trx);
      await lock.execute(trx);
      await sql`select set_config('lock_timeout', ${wait}, true)`.execute(trx);
      await sql`release savepoint swap_lock`.execute(trx);
      return;
    } catch (err) {
      // 55P03: lock_not_available, the attempt's wait ran out.
      if ((err as { code?: string }).code !== '55P03') throw err;
      await sql`rollback to savepoint swap_lock`.execute(trx);
    }
  }
  await lock.execute(trx);
}
