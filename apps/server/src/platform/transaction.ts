import type { Db } from './db';

/**
 * Runs `work` in a transaction, or inside the caller's when `db` already is one, so a service write can be part
 * of a larger change that commits or rolls back whole.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
