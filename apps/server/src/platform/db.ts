import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { sessionDb } from './copy';
import type { DB as Database } from './db-types';
import { lockPgliteDir } from './pglite-lock';
import { startPgliteThread } from './pglite-thread';

export type Db = Kysely<Database>;

// Databases that read a query's rows through a server-side cursor (Kysely's .stream()); see platform/row-batches.
const cursorDbs = new WeakSet<Db>();
export const readsThroughCursor = (db: Db): boolean => cursorDbs.has(db);
/** PostgreSQL through a pool (several sessions); false for PGlite, whose one connection every query shares. */
export const hasConnectionPool = (db: Db): boolean => cursorDbs.has(db);
// The pg pool behind a PostgreSQL database: bulk imports check a session out of it for COPY, which Kysely lacks.
const pools = new WeakMap<Db, pg.Pool>();
export const pgPoolOf = (db: Db): pg.Pool | undefined => pools.get(db);

/** A session of its own, opened beside the pool's and ended by `end`. */
export interface SeparateSession {
  db: Db;
  end(): Promise<void>;
}

/**
 * Opens a PostgreSQL session outside the pool, with its settings, for long work beside a transaction (a full
 * rebuild's groupings) that should not hold a pooled connection. Undefined on PGlite (one connection).
 */
export function separateSessions(db: Db): (() => Promise<SeparateSession>) | undefined {
  const pool = pools.get(db);
  if (!pool) return undefined;
  const { connectionString, options } = pool.options;
  return async () => {
    const client = new pg.Client({ connectionString, options });
    client.on('error', () => undefined);
    await client.connect();
    return { db: sessionDb(client), end: () => client.end() };
  };
}

/** Runs a multi-statement SQL script on one session; returns the rows of the last statement. */
export type ScriptRunner = (text: string) => Promise<Record<string, unknown>[]>;

/** A database plus what Kysely lacks: one dedicated session for multi-statement scripts (migrations). */
export interface DbHandle {
  db: Db;
  dialect: 'postgres' | 'pglite';
  withSession<T>(fn: (run: ScriptRunner) => Promise<T>): Promise<T>;
  /** Connections of the pg pool, for metrics; absent on PGlite, which has one connection and no pool. */
  poolStats?: () => PoolStats;
  /** PGlite only: a copy of the whole database, which `DbOptions.pgliteSnapshot` starts another from. */
  snapshot?: () => Promise<Blob>;
  /**
   * PGlite on disk only: closes the database and opens it again on a new thread, because PGlite's WebAssembly
   * heap never shrinks after a big load.
   */
  reopen?: () => Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
}

export interface DbOptions {
  /** PostgreSQL connection string; when absent an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Directory for PGlite data; 'memory://' for a throw-away in-memory database (tests). */
  pgliteDir: string;
  poolSize?: number;
  /** PostgreSQL schema to use (tests give each file its own); created when missing. */
  schema?: string;
  /** PGlite only: start from this copy (`DbHandle.snapshot`) instead of an empty cluster. */
  pgliteSnapshot?: Blob;
  /**
   * PostgreSQL only: settings of every connection of the pool (e.g. `statement_timeout`), sent when the
   * connection opens, so they cost no round trip per query. Names and values come from code, never input.
   */
  settings?: Record<string, number>;
  /**
   * PostgreSQL only: where connections come from while `databaseUrl` cannot be reached (a read replica that is
   * down: its report queries go to the primary). The database is tried again `fallbackRetryMs` after a failure.
   */
  fallback?: { databaseUrl: string; retryMs: number; onSwitch: (toFallback: boolean, err?: unknown) => void };
}

/**
 * int8 (bigint ids, count(*)) as a number, the same on pg and PGlite (pglite-worker.mjs has its copy) and as
 * db-types.ts types it: every id is far below 2^53, and one that is not fails loudly instead of rounding.
 */
export function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${text} is beyond JavaScript's safe integers`);
  return n;
}
pg.types.setTypeParser(20, parseInt8);
// numeric stays a string (exact). Dates (type 1082) stay 'yyyy-MM-dd' strings: a JS Date would shift them by
// the server's time zone.
pg.types.setTypeParser(1082, (v) => v);

/**
 * The `-c name=value` options a connection starts with: no JIT (it costs short report queries more than it
 * saves), the schema, then `settings`. As startup options they hold on every connection, the first one too.
 */
function startupOptions(options: DbOptions): string {
  const settings = Object.entries(options.settings ?? {}).map(([name, value]) => {
    if (!/^[a-z_]+$/.test(name) || !Number.isInteger(value)) throw new Error(`Bad connection setting ${name}=${value}`);
    return `-c ${name}=${value}`;
  });
  return ['-c jit=off', ...(options.schema ? [`-c search_path=${options.schema}`] : []), ...settings].join(' ');
}

/**
 * Takes `?options=-c …` out of the URL, to be joined with the pool's startup options rather than replace
 * them. Only the query is parsed, so socket URLs that are no WHATWG URL still work.
 */
function withoutUrlOptions(url: string): { connectionString: string; fromUrl: string | null } {
  const at = url.indexOf('?');
  if (at === -1) return { connectionString: url, fromUrl: null };
  const params = new URLSearchParams(url.slice(at + 1));
  const fromUrl = params.get('options');
  if (fromUrl === null) return { connectionString: url, fromUrl };
  params.delete('options');
  const rest = params.toString();
  return { connectionString: rest ? `${url.slice(0, at)}?${rest}` : url.slice(0, at), fromUrl };
}

/** An idle or checked-out connection that is lost (a database restart) must not crash the process. */
function ignoreLostConnections(pool: pg.Pool): pg.Pool {
  pool.on('error', () => undefined);
  // A checked-out client (a transaction between statements): the pool stops listening while it is out, so its
  // 'error' would be uncaught. Its queries still reject, and the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

/**
 * Connections from `main`, or from the fallback pool while `main` cannot be reached: a failed connect sends
 * the next `retryMs` of connects to the fallback. Queries on a lost connection still fail.
 */
function withFallback(main: pg.Pool, openFallback: () => pg.Pool, fallback: NonNullable<DbOptions['fallback']>): PostgresPool {
  let other: pg.Pool | undefined;
  let downUntil = 0;
  const fromFallback = () => (other ??= openFallback()).connect();
  return {
    connect: async () => {
      if (Date.now() < downUntil) return fromFallback();
      try {
        const client = await main.connect();
        if (downUntil !== 0) {
          downUntil = 0;
          fallback.onSwitch(false);
        }
        return client;
      } catch (err) {
        // Every connection busy and none freed in time: the database is there, only overloaded.
        if (main.totalCount >= (main.options.max ?? 10)) throw err;
        if (downUntil === 0) fallback.onSwitch(true, err);
        downUntil = Date.now() + fallback.retryMs;
        return fromFallback();
      }
    },
    end: async () => {
      await Promise.all([main.end(), other?.end()]);
    },
  };
}

export async function createDb(options: DbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const openPool = (url: string) => {
      const { connectionString, fromUrl } = withoutUrlOptions(url);
      return new pg.Pool({
        connectionString,
        max: options.poolSize ?? 10,
        // Fail fast when the database is down instead of queueing requests forever.
        connectionTimeoutMillis: 5000,
        options: [fromUrl, startupOptions(options)].filter(Boolean).join(' '),
      });
    };
    const pool = openPool(options.databaseUrl);
    if (options.schema) {
      if (!/^[a-z_][a-z0-9_]*$/.test(options.schema)) throw new Error(`Bad schema name ${options.schema}`);
      await pool.query(`create schema if not exists ${options.schema}`);
    }
    // An idle client losing its connection (database restart) must not crash the process.
    ignoreLostConnections(pool);
    const fallback = options.fallback;
    const dialectPool = fallback ? withFallback(pool, () => ignoreLostConnections(openPool(fallback.databaseUrl)), fallback) : pool;
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: dialectPool, cursor: Cursor }) });
    cursorDbs.add(db);
    pools.set(db, pool);
    return {
      db,
      dialect: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      withSession: async (fn) => {
        const client = await pool.connect();
        try {
          // Without parameters pg uses the simple protocol, which accepts several statements.
          return await fn(async (text) => {
            const res: unknown = await client.query(text);
            const last = (Array.isArray(res) ? res.at(-1) : res) as pg.QueryResult | undefined;
            return (last?.rows ?? []) as Record<string, unknown>[];
          });
        } finally {
          client.release();
        }
      },
    };
  }
  const dir = options.pgliteDir;
  let unlock = (): void => undefined;
  if (!dir.startsWith('memory://')) {
    mkdirSync(dir, { recursive: true });
    unlock = lockPgliteDir(dir);
  }
  let thread = await startPgliteThread(dir, options.pgliteSnapshot).catch((err: unknown) => {
    unlock();
    throw err;
  });
  // kysely-pglite-dialect hands PGlite's one connection to one caller at a time; it only calls `query` and
  // `close`, so this stand-in for the thread lets `reopen` swap the thread underneath.
  const current = {
    query: (sql: string, params?: unknown[]) => thread.query(sql, params),
    close: () => thread.close(),
  } as unknown as PGlite;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(current) });
  const destroy = db.destroy.bind(db);
  db.destroy = async () => {
    await destroy();
    unlock();
  };
  return {
    db,
    dialect: 'pglite',
    // Holding Kysely's connection while calling exec keeps scripts inside the same queue.
    withSession: (fn) => db.connection().execute(() => fn((text) => thread.exec(text))),
    snapshot: () => db.connection().execute(() => thread.dump()),
    reopen: dir.startsWith('memory://')
      ? undefined
      : () =>
          db.connection().execute(async () => {
            await thread.close();
            thread = await startPgliteThread(dir);
          }),
  };
}
