import { sql } from 'kysely';
import type { Db } from '../../platform/db';

export function insertHandoffToken(db: Db, tokenHash: string, sessionTokenHash: string, userId: number, target: string, expiresAt: Date) {
  return db
    .insertInto('handoff_tokens')
    .values({ token_hash: tokenHash, session_token_hash: sessionTokenHash, user_id: userId, target, expires_at: expiresAt })
    .execute();
}

/**
 * Marks the token used and returns its user in one statement, so two concurrent verifications cannot both
 * succeed. The minting session must still be live and the user and employee active.
 */
export function consumeHandoffToken(db: Db, tokenHash: string, target: string, idleMinutes: number) {
  return db
    .updateTable('handoff_tokens as h')
    .set({ used_at: sql`now()` })
    .from('users as u')
    .innerJoin('employees as e', 'e.id', 'u.employee_id')
    .innerJoin('auth_tokens as t', 't.user_id', 'u.id')
    .whereRef('u.id', '=', 'h.user_id')
    .whereRef('t.token_hash', '=', 'h.session_token_hash')
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .where(sql<boolean>`t.last_used_at > now() - make_interval(mins => ${idleMinutes})`)
    .where('e.active', '=', true)
    .where('h.token_hash', '=', tokenHash)
    .where('h.target', '=', target)
    .where('h.used_at', 'is', null)
    .where('h.expires_at', '>', sql<Date>`now()`)
    .where('u.active', '=', true)
    .returning(['u.id as user_id', 'e.unique_code', 'e.name', 'e.emp_role', 'e.designation'])
    .executeTakeFirst();
}
