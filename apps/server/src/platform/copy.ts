import { Kysely, PostgresDialect } from 'kysely';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './db';
import type { DB as Database } from './db-types';

/**
 * PostgreSQL's COPY … FROM STDIN, which Kysely lacks. Bulk writers run their transaction and the COPY on one
 * checked-out session (`pgPoolOf`, `sessionDb`), so the copied rows belong to that transaction.
 */

/**
 * A Kysely bound to one session (checked out of the pool, or opened beside it by `separateSessions`): its
 * transaction and the COPY streams share the connection.
 */
export function sessionDb(client: pg.ClientBase): Db {
  const borrowed = {
    query: client.query.bind(client),
    release: () => undefined,
  };
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: { connect: () => Promise.resolve(borrowed), end: () => Promise.resolve() } }),
  });
}

/** Sends COPY text (rows of tab-separated cells, each ending in a newline) in chunks to `statement`. */
export type CopyIn = (statement: string, chunks: Iterable<string>) => Promise<void>;

export function copyInto(client: pg.PoolClient): CopyIn {
  return (statement, chunks) => pipeline(Readable.from(chunks), client.query(copyFrom(statement)));
}

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A text cell in COPY's text format: \N for null, backslash escapes for the separators. */
export function copyCell(value: string | null): string {
  if (value === null) return '\\N';
  return COPY_SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c] ?? c) : value;
}
