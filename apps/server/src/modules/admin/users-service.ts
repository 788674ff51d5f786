import type { AdminUser, PasswordLinkSent, RevokedSessions, SessionsList, UserUpdate, UsersList, UsersQuery } from '@dossier/shared';
import type { UserCreate } from '@dossier/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/http-errors';
import { createPasswordLink, liveSessions, revokeSessions } from '../auth/module';
import { pauseSubscriptionsOf } from '../subscriptions/module';
import type { AdminActor } from './actor';
import { findEmployee } from './people-queries';
import { countActiveAdmins, findAdminUser, insertUser, listUsers, setUserActive, updateUser, userExistsForLogin } from './users-queries';

type NewUser = z.output<typeof UserCreate>;

/* Sign-in accounts on the admin Users screen. */

export function list(db: Db, _actor: AdminActor, query: UsersQuery): Promise<UsersList> {
  return listUsers(db, query);
}

export async function create(db: Db, actor: AdminActor, input: NewUser, publicBaseUrl: string): Promise<AdminUser> {
  const employee = await findEmployee(db, input.employee_code);
  if (!employee) throw badRequest(`No employee ${input.employee_code}`);
  if (!employee.active) throw badRequest(`${employee.name} is deactivated: activate them on the People screen first`);
  if (await findAdminUser(db, { employeeId: employee.id })) throw conflict(`${employee.name} already has a user`);
  if (await userExistsForLogin(db, input.login)) throw conflict(`The login ${input.login} is taken`);
  const id = await db.transaction().execute(async (trx) => {
    const userId = await insertUser(trx, {
      login: input.login,
      password_hash: null,
      employee_id: employee.id,
      is_admin: input.is_admin,
      email_report_access: input.email_report_access,
      download_report_access: input.download_report_access,
    });
    const { send_password_link: _send, ...after } = input;
    await audit(trx, {
      actorUserId: actor.viewer.userId,
      action: 'admin.user_create',
      entity: 'user',
      entityId: userId,
      after,
      ip: actor.ip,
    });
    if (input.send_password_link) await createPasswordLink(trx, { userId, createdBy: actor.viewer.userId, baseUrl: publicBaseUrl });
    return userId;
  });
  return userById(db, id);
}

export async function update(db: Db, actor: AdminActor, id: number, input: UserUpdate): Promise<AdminUser> {
  const before = await userById(db, id);
  if (input.is_admin === false && before.is_admin) await keepAnAdmin(db, actor, before, 'remove the admin flag from');
  const changed = (Object.keys(input) as (keyof UserUpdate)[]).filter((k) => input[k] !== before[k]);
  if (changed.length === 0) return before;
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, id, input);
    await audit(trx, {
      actorUserId: actor.viewer.userId,
      action: 'admin.user_update',
      entity: 'user',
      entityId: id,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, input[k]])),
      ip: actor.ip,
    });
  });
  return userById(db, id);
}

/** Deactivating ends every session of the user at once. */
export async function setActive(db: Db, actor: AdminActor, id: number, active: boolean): Promise<AdminUser> {
  const before = await userById(db, id);
  if (before.active === active) return before;
  if (!active && before.is_admin) await keepAnAdmin(db, actor, before, 'deactivate');
  await db.transaction().execute(async (trx) => {
    await setUserActive(trx, id, active);
    const ended = active ? 0 : await revokeSessions(trx, id);
    const paused = active ? 0 : await pauseSubscriptionsOf(trx, { userId: id });
    await audit(trx, {
      actorUserId: actor.viewer.userId,
      action: active ? 'admin.user_activate' : 'admin.user_deactivate',
      entity: 'user',
      entityId: id,
      before: { active: !active },
      after: { active, ...(active ? {} : { sessions_ended: ended, subscriptions_paused: paused }) },
      ip: actor.ip,
    });
  });
  return userById(db, id);
}

/** Mails a one-time link to set a local password; no password is ever shown or mailed. */
export async function sendPasswordLink(db: Db, actor: AdminActor, id: number, publicBaseUrl: string): Promise<PasswordLinkSent> {
  const user = await userById(db, id);
  if (!user.active || !user.employee_active) throw badRequest(`${user.login} is deactivated: activate the user first`);
  await db.transaction().execute(async (trx) => {
    await createPasswordLink(trx, { userId: id, createdBy: actor.viewer.userId, baseUrl: publicBaseUrl });
    await audit(trx, {
      actorUserId: actor.viewer.userId,
      action: 'admin.user_password_link',
      entity: 'user',
      entityId: id,
      after: { sent_to: user.email },
      ip: actor.ip,
    });
  });
  return { ok: true, sent_to: user.email };
}

export async function sessions(db: Db, actor: AdminActor, id: number): Promise<SessionsList> {
  await userById(db, id);
  return { rows: await liveSessions(db, id, actor.viewer.tokenHash) };
}

export async function revoke(db: Db, actor: AdminActor, id: number, sessionId: string | undefined): Promise<RevokedSessions> {
  await userById(db, id);
  const revoked = await db.transaction().execute(async (trx) => {
    const n = await revokeSessions(trx, id, sessionId);
    if (sessionId !== undefined && n === 0) throw notFound(`No live session ${sessionId} of this user`);
    await audit(trx, {
      actorUserId: actor.viewer.userId,
      action: 'admin.user_sessions_revoke',
      entity: 'user',
      entityId: id,
      after: { session_id: sessionId ?? 'all', revoked: n },
      ip: actor.ip,
    });
    return n;
  });
  return { ok: true, revoked };
}

async function userById(db: Db, id: number): Promise<AdminUser> {
  const user = await findAdminUser(db, { id });
  if (!user) throw notFound(`No user ${id}`);
  return user;
}

/** The organisation is never left without an active administrator, nor does one lock themselves out. */
async function keepAnAdmin(db: Db, actor: AdminActor, user: AdminUser, what: string): Promise<void> {
  if (user.id === actor.viewer.userId) throw badRequest(`You cannot ${what} yourself`);
  if ((await countActiveAdmins(db)) <= 1) throw conflict(`You cannot ${what} the last administrator`);
}
