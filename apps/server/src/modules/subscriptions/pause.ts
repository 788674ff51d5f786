import { sql } from 'kysely';
import type { Db } from '../../platform/db';

/** The reason a deactivated person's subscriptions show (My subscriptions, 'Paused: …'). */
const PAUSED_DEACTIVATED = 'the user was deactivated';

/**
 * Pauses the running subscriptions of a user, or of every user of an employee, when an administrator
 * deactivates them; the number paused. They stay paused after an activation: the person resumes what they
 * still want, counting from then, rather than receiving mails nobody asked about while they were away.
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
