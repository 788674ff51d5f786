import { sql } from 'kysely';
import type { Db } from '../db';

/**
 * One figure of the backlog: an ETL job's lag (seconds, null = never succeeded), an outbox status's count, or the
 * age of the oldest committed import batch the roll-ups do not hold yet (null: they hold every one).
 */
export interface BacklogRow {
  kind: 'etl' | 'outbox' | 'imports';
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
  const imports = await importBacklog(db);
  return [...result.rows, { kind: 'imports', key: 'oldest', value: imports.oldestSeconds }];
}

/** The committed import batches the roll-ups do not hold yet, by age in seconds; null ages when there are none. */
export interface ImportBacklog {
  /** Seconds since the oldest such batch committed: how far the reports lag the imported data. */
  oldestSeconds: number | null;
  /** Seconds since the newest such batch committed. */
  newestSeconds: number | null;
}

/**
 * Batches that changed rows and finished after the last roll-up run began reading (`imports_folded_to`, set by
 * the roll-up run, modules/etl/business-etl.ts): that run may not have seen them. Batch times and run times both come from the database's clock, so
 * instances and CLI processes on other machines agree.
 */
export async function importBacklog(db: Db): Promise<ImportBacklog> {
  const result = await sql<{ oldest: number | null; newest: number | null }>`
    select extract(epoch from now() - min(r.finished_at))::float8 as oldest, extract(epoch from now() - max(r.finished_at))::float8 as newest
    from import_runs r
    where r.applied and not r.dry_run and r.inserted + r.updated > 0
      and r.finished_at > coalesce((select imports_folded_to from etl_jobs where name = 'business_rollup'), '-infinity')`.execute(db);
  const row = result.rows[0];
  return { oldestSeconds: row?.oldest ?? null, newestSeconds: row?.newest ?? null };
}
