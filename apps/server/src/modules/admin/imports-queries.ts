import { sql } from 'kysely';
import type { Db } from '../../platform/db';

/** One page of import runs, newest first (their rejected rows are left out: see `importRunErrors`). */
export function importRunsPage(db: Db, limit: number, offset: number) {
  return db
    .selectFrom('import_runs')
    .select([
      'id',
      'entity',
      'source',
      'actor',
      'started_at',
      'finished_at',
      'dry_run',
      'partial',
      'applied',
      'received',
      'inserted',
      'updated',
      'unchanged',
      'rejected',
    ])
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many import runs there are, for the screen's pager. */
export async function countImportRuns(db: Db): Promise<number> {
  const count = await db
    .selectFrom('import_runs')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return count.n;
}

/** The entity and the stored rejected rows of one import run; undefined when there is no such run. */
export function importRunErrors(db: Db, id: string) {
  return db.selectFrom('import_runs').select(['entity', 'errors']).where('id', '=', Number(id)).executeTakeFirst();
}
