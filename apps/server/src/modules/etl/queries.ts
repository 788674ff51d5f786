import type { Db } from '../../platform/db';

/** Every ETL job with its watermarks and last error, by name (the ETL panel). */
export function selectEtlJobs(db: Db) {
  return db.selectFrom('etl_jobs').selectAll().orderBy('name').execute();
}
