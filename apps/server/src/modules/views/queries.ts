import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import type { SavedViews as SavedViewsTable } from '../../platform/db-types';
import { colleaguesOf } from '../../platform/access';
import { containsPattern } from '../../platform/like';
import type { Viewer } from '../../platform/viewer';

const COLUMNS = [
  'id',
  'user_id',
  'name',
  'description',
  'screen',
  'report_id',
  'account_id',
  'filters',
  'created_at',
  'updated_at',
] as const;

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
  values: Pick<SavedViewsTable, 'user_id' | 'name' | 'description' | 'screen' | 'report_id' | 'account_id'> & { filters: string },
) {
  return db.insertInto('saved_views').values(values).returning(COLUMNS).executeTakeFirstOrThrow();
}

export function renameView(db: Db, id: string, name: string, description: string | null) {
  return db
    .updateTable('saved_views')
    .set({ name, description, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export function deleteView(db: Db, id: string) {
  return db.deleteFrom('saved_views').where('id', '=', id).execute();
}

/** The recipients of the given views (active or not), oldest share first. */
export function recipientsOf(db: Db, viewIds: readonly string[]) {
  if (viewIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('saved_view_shares as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('employees as e', 'e.id', 'u.employee_id')
    .select(['s.view_id', 's.user_id', 'e.name', 'u.login', 'e.unique_code as code', 's.shared_at'])
    .select(sql<boolean>`u.active and e.active`.as('active'))
    .where('s.view_id', 'in', viewIds)
    .orderBy('s.shared_at')
    .orderBy('s.user_id')
    .execute();
}

export type RecipientRow = Awaited<ReturnType<typeof recipientsOf>>[number];

/** The share of one view with one user: who saved the view and when it was shared (undefined when not shared). */
export function shareOf(db: Db, viewId: string, userId: number) {
  return db
    .selectFrom('saved_view_shares as s')
    .innerJoin('saved_views as v', 'v.id', 's.view_id')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .innerJoin('employees as e', 'e.id', 'u.employee_id')
    .select(['e.name', 'e.unique_code as code', 's.shared_at'])
    .where('s.view_id', '=', viewId)
    .where('s.user_id', '=', userId)
    .executeTakeFirst();
}

/** The views shared with the user, newest share first, with who shared each. */
export function viewsSharedWith(db: Db, userId: number) {
  return db
    .selectFrom('saved_view_shares as s')
    .innerJoin('saved_views as v', 'v.id', 's.view_id')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .innerJoin('employees as e', 'e.id', 'u.employee_id')
    .select(COLUMNS.map((c) => `v.${c}` as const))
    .select(['e.name as owner_name', 'e.unique_code as owner_code', 's.shared_at'])
    .where('s.user_id', '=', userId)
    .orderBy('s.shared_at', 'desc')
    .orderBy('v.id')
    .execute();
}

/**
 * Locks the view's row so that two shares at once cannot both pass the limit of recipients, then counts them.
 * Call inside a transaction.
 */
export async function lockAndCountRecipients(db: Db, viewId: string): Promise<number> {
  await db.selectFrom('saved_views').select('id').where('id', '=', viewId).forUpdate().execute();
  const row = await db
    .selectFrom('saved_view_shares')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('view_id', '=', viewId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Shares the view with the user; sharing again keeps the first share's time. True when the share is new. */
export async function insertShare(db: Db, viewId: string, userId: number): Promise<boolean> {
  const row = await db
    .insertInto('saved_view_shares')
    .values({ view_id: viewId, user_id: userId })
    .onConflict((oc) => oc.columns(['view_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends the view's share with the user; true when there was one. */
export async function deleteShare(db: Db, viewId: string, userId: number): Promise<boolean> {
  const row = await db
    .deleteFrom('saved_view_shares')
    .where('view_id', '=', viewId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The viewer's colleagues (`colleaguesOf`) whose name, login or employee code contains the text, by name. */
export function searchColleagues(db: Db, viewer: Viewer, search: string, limit: number) {
  const pattern = containsPattern(search);
  return colleaguesOf(db, viewer)
    .where((eb) => eb.or([eb('e.name', 'ilike', pattern), eb('u.login', 'ilike', pattern), eb('e.unique_code', 'ilike', pattern)]))
    .orderBy('e.name')
    .orderBy('u.id')
    .limit(limit)
    .execute();
}
