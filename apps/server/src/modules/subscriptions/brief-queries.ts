import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import type { SubscriptionRow } from './queries';

/** The user's daily-brief subscription (at most one), or undefined. */
export function findBriefOf(db: Db, userId: number): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('report_subscriptions').selectAll().where('user_id', '=', userId).where('kind', '=', 'brief').executeTakeFirst();
}

/**
 * Inserts the user's daily-brief subscription unless they have one already (a second click that raced the
 * first): the row inserted, or undefined.
 */
export function insertBriefOf(
  trx: Db,
  values: Pick<SubscriptionRow, 'user_id' | 'frequency' | 'minute_of_day' | 'weekdays_only' | 'weekday' | 'day_of_month' | 'next_run_at'>,
): Promise<SubscriptionRow | undefined> {
  return trx
    .insertInto('report_subscriptions')
    .values({ ...values, kind: 'brief', report_id: null, filters: '{}' })
    .onConflict((oc) =>
      oc
        .column('user_id')
        // The partial unique index's own predicate, as a literal: PostgreSQL matches the index by it.
        .where(sql<boolean>`kind = 'brief'`)
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}
