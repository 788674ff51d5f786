import { sql } from 'kysely';
import type { Db } from '../../platform/db';

/** One page of import runs, newest first (their rejected rows are left out: see `importRunErrors`). */
export function importRunsPage(db: Db, limit: number, offset: number) {
  return (
    db
      .selectFrom('import_runs as r')
      // An upload is recorded under the uploader's login (logins are unique and stored lower case).
      .leftJoin('users as u', (j) => j.onRef('u.login', '=', 'r.actor').on('r.source', '=', 'upload'))
      .leftJoin('employees as e', 'e.id', 'u.employee_id')
      .select([
        'r.id',
        'r.entity',
        'r.source',
        'r.actor',
        'e.name as actor_name',
        'r.started_at',
        'r.finished_at',
        'r.dry_run',
        'r.partial',
        'r.applied',
        'r.received',
        'r.inserted',
        'r.updated',
        'r.unchanged',
        'r.rejected',
      ])
      .orderBy('r.started_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()
  );
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
