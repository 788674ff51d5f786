import type { Db } from './db';

/**
 * Runs `work` in a transaction, or inside the caller's when `db` already is one: a service method that
 * writes in its own transaction can then be one part of a larger change that commits or rolls back whole
 * (the call centre's connect-dialog Save).
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
