import { sql } from 'kysely';
import type { Db } from './db';

/** PostgreSQL's query_canceled: a statement ran past its statement_timeout. */
export const QUERY_CANCELED = '57014';

/**
 * Runs `work` in a transaction whose statements are cancelled after `ms` milliseconds, so one expensive
 * report cannot hold a connection (and the server's memory) for minutes. SET takes no bind parameter:
 * the value is an integer checked here.
 */
export async function withStatementTimeout<T>(db: Db, ms: number, work: (db: Db) => Promise<T>): Promise<T> {
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`statement timeout must be a positive integer, got ${ms}`);
  return db.transaction().execute(async (trx) => {
    await sql.raw(`set local statement_timeout = ${ms}`).execute(trx);
    return work(trx);
  });
}
