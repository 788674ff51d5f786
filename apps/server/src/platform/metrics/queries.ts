import { sql } from 'kysely';
import type { Db } from '../db';

/** One figure of the backlog: an ETL job's lag (seconds, null = never succeeded) or an outbox status's count. */
export interface BacklogRow {
  kind: 'etl' | 'outbox';
  key: string;
  value: number | null;
}

/**
 * ETL lag and mail outbox depth in one round trip, taken at scrape time. Both reads are small:
 * etl_jobs holds a row per job, and the outbox count asks only for unsent mail, which the partial
 * index of the mail worker covers however much sent mail piles up. Ages use the database clock, the
 * one that stamped last_successful_run_at.
 */
export async function readBacklog(db: Db): Promise<BacklogRow[]> {
  const result = await sql<BacklogRow>`
    select 'etl' as kind, name as key, extract(epoch from now() - last_successful_run_at)::float8 as value from etl_jobs
    union all
    select 'outbox', status, count(*)::float8 from email_outbox where status in ('pending', 'sending') group by status`.execute(db);
  return result.rows;
}
