import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { SubscriptionSchedule } from '@dossier/shared';
import type { Db } from '../../platform/db';
import type { ReportSubscriptions as ReportSubscriptionsTable } from '../../platform/db-types';

export type SubscriptionRow = Selectable<ReportSubscriptionsTable>;

const minuteOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const timeOf = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The columns a schedule is stored in. */
export function scheduleColumns(s: SubscriptionSchedule) {
  return {
    frequency: s.frequency,
    minute_of_day: minuteOf(s.time),
    weekdays_only: s.frequency === 'daily' ? s.weekdays_only : false,
    weekday: s.frequency === 'weekly' ? s.weekday : null,
    day_of_month: s.frequency === 'monthly' ? s.day_of_month : null,
  };
}

/** The schedule a row holds (the table's checks guarantee the fields its frequency needs). */
export function scheduleOf(row: SubscriptionRow): SubscriptionSchedule {
  const time = timeOf(row.minute_of_day);
  if (row.frequency === 'weekly') return { frequency: 'weekly', time, weekday: row.weekday ?? 1 };
  if (row.frequency === 'monthly') return { frequency: 'monthly', time, day_of_month: row.day_of_month ?? 1 };
  return { frequency: 'daily', time, weekdays_only: row.weekdays_only };
}

export function listOfUser(db: Db, userId: number): Promise<SubscriptionRow[]> {
  return db.selectFrom('report_subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export function countOfUser(db: Db, userId: number): Promise<number> {
  return db
    .selectFrom('report_subscriptions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** The user's own subscription, or undefined (someone else's is as absent as a missing one). */
export function findOwn(db: Db, userId: number, id: number): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('report_subscriptions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Claims up to `limit` due rows until `until`, skipping rows another instance holds. The claim only saves
 * duplicate work; the send is decided under `lockForSend`'s row lock.
 */
export async function claimDue(db: Db, now: Date, until: Date, limit: number): Promise<SubscriptionRow[]> {
  const due = db
    .selectFrom('report_subscriptions')
    .select('id')
    .where('paused', '=', false)
    .where('next_run_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('next_run_at')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  return db.updateTable('report_subscriptions').set({ claimed_until: until }).where('id', 'in', due).returningAll().execute();
}

/**
 * The row, locked, if it still is the claimed slot (not deleted, paused, sent or rescheduled); undefined
 * otherwise or when another transaction holds it.
 */
export function lockForSend(trx: Db, row: SubscriptionRow): Promise<SubscriptionRow | undefined> {
  return trx
    .selectFrom('report_subscriptions')
    .selectAll()
    .where('id', '=', row.id)
    .where('paused', '=', false)
    .where('next_run_at', '=', row.next_run_at)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** The login of an active user (user and employee both active), or undefined. */
export async function activeLogin(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('employees as e', 'e.id', 'u.employee_id')
    .select('u.login')
    .where('u.id', '=', userId)
    .where('u.active', '=', true)
    .where('e.active', '=', true)
    .executeTakeFirst();
  return row?.login;
}

export function insertSubscription(trx: Db, values: Insertable<ReportSubscriptionsTable>): Promise<SubscriptionRow> {
  return trx.insertInto('report_subscriptions').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes the user's own subscription; undefined when they have none of that id. */
export function updateOwnSubscription(
  trx: Db,
  userId: number,
  id: number,
  values: Updateable<ReportSubscriptionsTable>,
): Promise<SubscriptionRow | undefined> {
  return trx
    .updateTable('report_subscriptions')
    .set(values)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the user's own subscription; undefined when they have none of that id. */
export function deleteOwnSubscription(trx: Db, userId: number, id: number): Promise<{ report_id: number | null } | undefined> {
  return trx
    .deleteFrom('report_subscriptions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['report_id'])
    .executeTakeFirst();
}

/** A slot's outcome: the next slot, the result, and the claim released. */
export async function recordRun(trx: Db, id: number, values: Updateable<ReportSubscriptionsTable>): Promise<void> {
  await trx.updateTable('report_subscriptions').set(values).where('id', '=', id).execute();
}
