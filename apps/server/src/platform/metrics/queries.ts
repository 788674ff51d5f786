import { sql } from 'kysely';
import type { Db } from '../db';

/**
 * One figure of the backlog: an ETL job's lag (seconds, null = never succeeded), an outbox status's count, or the
 * age of the oldest committed import batch the roll-ups do not hold yet (null: they hold every one).
 */
type BacklogKind = 'etl' | 'outbox' | 'imports';

/**
 * ETL lag and unsent mail count in one round trip. The literal statuses let the mail worker's partial index
 * cover the count; ages use the database clock, which stamped the runs.
 */
export async function readBacklog(db: Db) {
  const rows = await db
    .selectFrom('etl_jobs')
    .select([
      sql<BacklogKind>`'etl'`.as('kind'),
      'name as key',
      sql<number | null>`extract(epoch from now() - last_successful_run_at)::float8`.as('value'),
    ])
    .unionAll(
      db
        .selectFrom('email_outbox')
        .select([sql<BacklogKind>`'outbox'`.as('kind'), 'status as key', sql<number | null>`count(*)::float8`.as('value')])
        .where(sql<boolean>`status in ('pending', 'sending')`)
        .groupBy('status'),
    )
    .execute();
  const imports = await importBacklog(db);
  return [...rows, { kind: 'imports' as const, key: 'oldest', value: imports.oldestSeconds }];
}

/** The committed import batches the roll-ups do not hold yet, by age in seconds; null ages when there are none. */
export interface ImportBacklog {
  /** Seconds since the oldest such batch committed: how far the reports lag the imported data. */
  oldestSeconds: number | null;
  /** Seconds since the newest such batch committed. */
  newestSeconds: number | null;
}

/**
 * Batches that changed rows and finished after the last roll-up run began reading (`imports_folded_to`), so
 * that run may not hold them. All times come from the database clock, so every instance agrees.
 */
export async function importBacklog(db: Db): Promise<ImportBacklog> {
  const row = await db
    .selectFrom('import_runs as r')
    .select([
      sql<number | null>`extract(epoch from now() - min(r.finished_at))::float8`.as('oldest'),
      sql<number | null>`extract(epoch from now() - max(r.finished_at))::float8`.as('newest'),
    ])
    .where((eb) =>
      eb.and([
        eb.ref('r.applied'),
        eb.not(eb.ref('r.dry_run')),
        eb(eb('r.inserted', '+', eb.ref('r.updated')), '>', 0),
        eb(
          'r.finished_at',
          '>',
          sql<Date>`coalesce(${eb.selectFrom('etl_jobs').select('imports_folded_to').where('name', '=', 'business_rollup')}, '-infinity')`,
        ),
      ]),
    )
    .executeTakeFirst();
  return { oldestSeconds: row?.oldest ?? null, newestSeconds: row?.newest ?? null };
}
