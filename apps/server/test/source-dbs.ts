import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';

/**
 * Source databases for the connector's tests: a schema of its own in a second PostgreSQL database, and
 * `conn_`-prefixed tables in MariaDB's `test` database. Both servers run on the CI machine (.ci/run starts
 * them); elsewhere a test file skips what is not reachable, but under CI a missing server fails.
 */
export const SOURCE_PG_ADMIN_URL = process.env.SOURCE_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SOURCE_PG_DATABASE = 'conn_source';
export const SOURCE_MYSQL_URL = process.env.SOURCE_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

export interface SourceDb {
  kind: 'postgres' | 'mysql';
  /** SOURCE_DATABASE_URL for the connector. */
  url: string;
  /** Prefix naming this test's tables: `schema.` on PostgreSQL, `conn_xxxx_` on MariaDB. */
  table(name: string): string;
  exec(text: string, values?: unknown[]): Promise<void>;
  drop(): Promise<void>;
}

const suffix = () => randomBytes(4).toString('hex');

async function reachable(check: () => Promise<void>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (err) {
    if (process.env.CI) throw new Error(`a connector test's source database is not reachable under CI: ${String(err)}`, { cause: err });
    return false;
  }
}

export const postgresSourceAvailable = (): Promise<boolean> =>
  reachable(async () => {
    const c = new pg.Client({ connectionString: SOURCE_PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
    await c.connect();
    await c.end();
  });

export const mysqlSourceAvailable = (): Promise<boolean> =>
  reachable(async () => {
    const c = await mysql.createConnection({ uri: SOURCE_MYSQL_URL, connectTimeout: 3000 });
    await c.end();
  });

function databaseUrl(adminUrl: string, database: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function createPostgresSource(): Promise<SourceDb> {
  const admin = new pg.Client({ connectionString: SOURCE_PG_ADMIN_URL });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [SOURCE_PG_DATABASE]);
    if (exists.rowCount === 0) {
      // Two test files may race to create it; the loser's "already exists" is fine.
      await admin.query(`create database ${SOURCE_PG_DATABASE}`).catch((err: { code?: string }) => {
        if (err.code !== '42P04' && err.code !== '23505') throw err;
      });
    }
  } finally {
    await admin.end();
  }
  const url = databaseUrl(SOURCE_PG_ADMIN_URL, SOURCE_PG_DATABASE);
  const schema = `conn_${suffix()}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  return {
    kind: 'postgres',
    url,
    table: (name) => `${schema}.${name}`,
    exec: async (text, values) => {
      await client.query(text, values);
    },
    drop: async () => {
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

export async function createMysqlSource(): Promise<SourceDb> {
  const prefix = `conn_${suffix()}_`;
  const conn = await mysql.createConnection({ uri: SOURCE_MYSQL_URL, multipleStatements: false });
  const created = new Set<string>();
  return {
    kind: 'mysql',
    url: SOURCE_MYSQL_URL,
    table: (name) => {
      created.add(`${prefix}${name}`);
      return `${prefix}${name}`;
    },
    exec: async (text, values) => {
      await conn.query(text, values);
    },
    drop: async () => {
      for (const t of created) await conn.query(`drop table if exists \`${t}\``);
      await conn.end();
    },
  };
}
