import { sql } from 'kysely';
import type { Db } from '../../platform/db';

/** The reason a deactivated person's subscriptions show (My subscriptions, 'Paused: …'). */
const PAUSED_DEACTIVATED = 'the user was deactivated';

/**
 * Pauses the running subscriptions of a deactivated user (or employee's users); returns how many. They stay
 * paused after reactivation, so nobody gets mails they forgot about.
 */
export async function pauseSubscriptionsOf(db: Db, who: { userId: number } | { employeeId: number }): Promise<number> {
  const res = await db
    .updateTable('report_subscriptions')
    .set({ paused: true, paused_reason: PAUSED_DEACTIVATED, claimed_until: null, updated_at: sql`now()` })
    .where((eb) => eb.not(eb.ref('paused')))
    .where(
      'user_id',
      'in',
      'userId' in who ? [who.userId] : (eb) => eb.selectFrom('users').select('id').where('employee_id', '=', who.employeeId),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
