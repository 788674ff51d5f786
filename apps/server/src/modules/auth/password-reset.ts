import { sql } from 'kysely';
import { PASSWORD_RESET_HOURS } from '@dossier/shared';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/http-errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { hashPassword } from '../../platform/passwords';
import { hashToken, newToken } from '../../platform/tokens';

const INVALID_LINK = 'This password link is not valid or has expired. Ask your administrator for a new one.';

/**
 * Stores a one-time password link and queues its mail in the caller's transaction; earlier unused links die.
 * Only the hash is kept: the link is the only copy of the secret.
 */
export async function createPasswordLink(trx: Db, options: { userId: number; createdBy: number | null; baseUrl: string }): Promise<void> {
  const user = await trx
    .selectFrom('users as u')
    .innerJoin('employees as e', 'e.id', 'u.employee_id')
    .select(['u.login', 'e.name', 'e.email'])
    .where('u.id', '=', options.userId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('password_resets')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', options.userId)
    .where('used_at', 'is', null)
    .execute();
  const token = newToken();
  await trx
    .insertInto('password_resets')
    .values({
      token_hash: hashToken(token),
      user_id: options.userId,
      created_by: options.createdBy,
      expires_at: new Date(Date.now() + PASSWORD_RESET_HOURS * 3_600_000),
    })
    .execute();
  const link = `${options.baseUrl.replace(/\/+$/, '')}/reset-password?token=${token}`;
  await enqueueMail(trx, {
    kind: 'password_reset',
    to: [user.email],
    subject: 'Set your Dossier password',
    text: [
      `Hello ${user.name},`,
      '',
      `Open this link to set the password of your Dossier login ${user.login}:`,
      link,
      '',
      `The link works once, within ${PASSWORD_RESET_HOURS} hours. If you did not expect it, ignore this mail.`,
    ].join('\n'),
    createdBy: options.createdBy,
  });
}

/** Sets the password a one-time link was sent for; the link dies, and so does every session of the user. */
export async function completePasswordReset(db: Db, token: string, password: string, ip: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const link = await trx
      .updateTable('password_resets')
      .set({ used_at: sql`now()` })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('user_id')
      .executeTakeFirst();
    if (!link) throw badRequest(INVALID_LINK);
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', link.user_id).execute();
    await trx
      .updateTable('auth_tokens')
      .set({ revoked_at: sql`now()` })
      .where('user_id', '=', link.user_id)
      .where('revoked_at', 'is', null)
      .execute();
    await audit(trx, { actorUserId: link.user_id, action: 'password_set', entity: 'user', entityId: link.user_id, ip });
  });
}
