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
  const users = 'userId' in who ? sql`select ${who.userId}::int` : sql`select id from users where employee_id = ${who.employeeId}`;
  const res = await sql`update report_subscriptions
    set paused = true, paused_reason = ${PAUSED_DEACTIVATED}, claimed_until = null, updated_at = now()
    where not paused and user_id in (${users})`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}
