import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import type { SavedViews as SavedViewsTable } from '../../platform/db-types';

const COLUMNS = ['id', 'user_id', 'name', 'screen', 'report_id', 'account_id', 'filters', 'created_at', 'updated_at'] as const;

export type ViewRow = NonNullable<Awaited<ReturnType<typeof viewById>>>;

/** One view by id, whoever owns it (undefined when there is none). */
export function viewById(db: Db, id: string) {
  return db.selectFrom('saved_views').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The user's own views, newest first. */
export function viewsOfUser(db: Db, userId: number) {
  return db.selectFrom('saved_views').select(COLUMNS).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
}

/**
 * Locks the user's row so that two saves at once cannot both pass the per-user limit, then counts their views.
 * Call inside a transaction.
 */
export async function lockAndCountViews(db: Db, userId: number): Promise<number> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const row = await db
    .selectFrom('saved_views')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export function insertView(
  db: Db,
  values: Pick<SavedViewsTable, 'user_id' | 'name' | 'screen' | 'report_id' | 'account_id'> & { filters: string },
) {
  return db.insertInto('saved_views').values(values).returning(COLUMNS).executeTakeFirstOrThrow();
}

export function renameView(db: Db, id: string, name: string) {
  return db
    .updateTable('saved_views')
    .set({ name, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export function deleteView(db: Db, id: string) {
  return db.deleteFrom('saved_views').where('id', '=', id).execute();
}
