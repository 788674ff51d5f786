import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB as Database } from './db-types';
import { plainIndexes } from './table-indexes';

type Table = keyof Database;

/** Fills tables afresh inside `swapTables`; see there. */
export interface TableSwap {
  /**
   * Fills a fresh copy of `table` with what `fill` inserts into `target`. The copy has the table's columns,
   * defaults, checks and storage options (fillfactor) but no index while it fills; its keys, indexes and grants
   * are then built once over all rows, under their own names.
   */
  replace(table: Table, fill: (target: RawBuilder<unknown>) => Promise<unknown>): Promise<void>;
}

// Each lock attempt of the swap waits at most this long: less than PostgreSQL's deadlock_timeout (1 s), so a
// reader that holds one of the tables and waits for another the swap holds is let through, not aborted.
const LOCK_WAIT = '200ms';
const LOCK_ATTEMPTS = 50;

/**
 * Replaces every row of the tables `body` fills with `swap.replace`, inside the transaction `trx`, without
 * keeping their readers waiting. Each fresh copy is filled in a staging schema that the transaction's search path
 * puts before the tables' own, so a later fill that reads a table filled before it reads the fresh rows (the
 * daily facts, say, summed from the policy versions just read). The copies are swapped in together once `body`
 * is done: until then readers read the previous tables, untouched and unlocked; the swap itself moves each old
 * table aside and its copy into place, which waits only for the queries in flight on them. Dropping each
 * table as soon as its copy was filled made every reader of it wait for the rest of the run (a minute at 10 lakh
 * policies). The old tables are dropped whole by `dropReplacedTables` once the transaction committed, so nothing
 * dead is left behind as a delete-and-insert would.
 */
export async function swapTables<T>(trx: Kysely<Database>, body: (swap: TableSwap) => Promise<T>): Promise<T> {
  const { rows } = await sql<{ schema: string; path: string }>`
    select current_schema() as schema, current_setting('search_path') as path`.execute(trx);
  const live = rows[0]?.schema;
  const path = rows[0]?.path;
  if (!live || path === undefined) throw new Error('No current schema to swap tables in');
  const staging = `${live}_rebuild`.slice(0, 63);
  const schema = sql.id(staging);
  const replaced = sql.id(replacedSchema(live));
  // Tables an earlier swap replaced and nobody dropped (the process ended before `dropReplacedTables`).
  await sql`drop schema if exists ${replaced} cascade`.execute(trx);
  await sql`create schema ${schema}`.execute(trx);
  await sql`select set_config('search_path', ${`${quoteIdent(staging)}, ${path}`}, true)`.execute(trx);
  const filled: Table[] = [];

  const replace: TableSwap['replace'] = async (table, fill) => {
    if (filled.includes(table)) throw new Error(`${table} is already filled in this swap`);
    const source = `${quoteIdent(live)}.${quoteIdent(table)}`;
    const from = sql.table(`${live}.${table}`);
    const target = sql.table(`${staging}.${table}`);
    // Names and definitions below come from the catalogue, quoted there, never from data.
    const { rows: constraints } = await sql<{ name: string; definition: string }>`
      select quote_ident(conname) as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = ${source}::regclass and contype in ('p', 'u', 'f', 'x') order by contype, conname`.execute(trx);
    const indexes = await plainIndexes(trx, source);
    const { rows: grants } = await sql<{ privilege: string; grantee: string }>`
      select a.privilege_type as privilege, coalesce(quote_ident(r.rolname), 'public') as grantee
      from pg_class c cross join lateral aclexplode(c.relacl) a left join pg_roles r on r.oid = a.grantee
      where c.oid = ${source}::regclass and a.grantee <> c.relowner`.execute(trx);
    const { rows: storage } = await sql<{ options: string | null }>`
      select array_to_string(reloptions, ', ') as options from pg_class where oid = ${source}::regclass`.execute(trx);
    const options = storage[0]?.options ? sql`with (${sql.raw(storage[0].options)})` : sql``;

    await sql`create table ${target} (like ${from} including defaults including constraints including generated) ${options}`.execute(trx);
    await fill(target);
    // The staging schema is the copy's own: its keys and indexes take the names they will have.
    for (const c of constraints) await sql`alter table ${target} add constraint ${sql.raw(c.name)} ${sql.raw(c.definition)}`.execute(trx);
    for (const index of indexes) {
      const rest = index.definition.slice(index.definition.indexOf(' USING '));
      const unique = /^CREATE UNIQUE /.test(index.definition) ? sql`unique` : sql``;
      await sql`create ${unique} index ${sql.raw(index.name)} on ${target} ${sql.raw(rest)}`.execute(trx);
    }
    for (const g of grants) await sql`grant ${sql.raw(g.privilege)} on ${target} to ${sql.raw(g.grantee)}`.execute(trx);
    // The planner has no statistics for a table created in this transaction.
    await sql`analyze ${target}`.execute(trx);
    filled.push(table);
  };

  const result = await body({ replace });
  if (filled.length) {
    await lockForSwap(
      trx,
      filled.map((t) => sql.table(`${live}.${t}`)),
    );
    // The old tables move aside rather than go: dropped here, their files were removed at the commit while readers
    // waited for the swap's locks (0.26 s for the 1.5 GB daily facts alone). `dropReplacedTables` drops them after it.
    await sql`create schema ${replaced}`.execute(trx);
    for (const table of filled) {
      await sql`alter table ${sql.table(`${live}.${table}`)} set schema ${replaced}`.execute(trx);
      await sql`alter table ${sql.table(`${staging}.${table}`)} set schema ${sql.id(live)}`.execute(trx);
    }
  }
  await sql`select set_config('search_path', ${path}, true)`.execute(trx);
  await sql`drop schema ${schema}`.execute(trx);
  return result;
}

/** Where a swap leaves the tables it replaced, until `dropReplacedTables`. */
const replacedSchema = (live: string) => `${live}_replaced`.slice(0, 63);

/**
 * Drops the tables the last `swapTables` of this schema replaced: call after its transaction committed, when
 * readers read the new tables. Waits for queries still reading the old ones, and keeps nobody else waiting.
 */
export async function dropReplacedTables(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const live = rows[0]?.schema;
  if (live) await sql`drop schema if exists ${sql.id(replacedSchema(live))} cascade`.execute(db);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Takes every old table for the swap at once. A reader may hold one of them while it waits for another the
 * swap already took; each attempt gives up after LOCK_WAIT and lets go of all of them (back to its savepoint),
 * so such a reader finishes and the next attempt gets through. The last attempt waits as long as it takes.
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
