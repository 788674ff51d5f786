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

/** Sign-in accounts on the admin Users screen. */
export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly publicBaseUrl: string,
  ) {}

  list(_actor: AdminActor, query: UsersQuery): Promise<UsersList> {
    return listUsers(this.db, query);
  }

  async create(actor: AdminActor, input: NewUser): Promise<AdminUser> {
    const employee = await findEmployee(this.db, input.employee_code);
    if (!employee) throw badRequest(`No employee ${input.employee_code}`);
    if (!employee.active) throw badRequest(`${employee.name} is deactivated: activate them on the People screen first`);
    if (await findAdminUser(this.db, { employeeId: employee.id })) throw conflict(`${employee.name} already has a user`);
    if (await userExistsForLogin(this.db, input.login)) throw conflict(`The login ${input.login} is taken`);
    const id = await this.db.transaction().execute(async (trx) => {
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
      if (input.send_password_link) await createPasswordLink(trx, { userId, createdBy: actor.viewer.userId, baseUrl: this.publicBaseUrl });
      return userId;
    });
    return this.user(id);
  }

  async update(actor: AdminActor, id: number, input: UserUpdate): Promise<AdminUser> {
    const before = await this.user(id);
    if (input.is_admin === false && before.is_admin) await this.keepAnAdmin(actor, before, 'remove the admin flag from');
    const changed = (Object.keys(input) as (keyof UserUpdate)[]).filter((k) => input[k] !== before[k]);
    if (changed.length === 0) return before;
    await this.db.transaction().execute(async (trx) => {
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
    return this.user(id);
  }

  /** Deactivating ends every session of the user at once. */
  async setActive(actor: AdminActor, id: number, active: boolean): Promise<AdminUser> {
    const before = await this.user(id);
    if (before.active === active) return before;
    if (!active && before.is_admin) await this.keepAnAdmin(actor, before, 'deactivate');
    await this.db.transaction().execute(async (trx) => {
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
    return this.user(id);
  }

  /** Mails a one-time link to set a local password; no password is ever shown or mailed. */
  async sendPasswordLink(actor: AdminActor, id: number): Promise<PasswordLinkSent> {
    const user = await this.user(id);
    if (!user.active || !user.employee_active) throw badRequest(`${user.login} is deactivated: activate the user first`);
    await this.db.transaction().execute(async (trx) => {
      await createPasswordLink(trx, { userId: id, createdBy: actor.viewer.userId, baseUrl: this.publicBaseUrl });
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

  async sessions(actor: AdminActor, id: number): Promise<SessionsList> {
    await this.user(id);
    return { rows: await liveSessions(this.db, id, actor.viewer.tokenHash) };
  }

  async revoke(actor: AdminActor, id: number, sessionId: string | undefined): Promise<RevokedSessions> {
    await this.user(id);
    const revoked = await this.db.transaction().execute(async (trx) => {
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

  private async user(id: number): Promise<AdminUser> {
    const user = await findAdminUser(this.db, { id });
    if (!user) throw notFound(`No user ${id}`);
    return user;
  }

  /** The organisation is never left without an active administrator, nor does one lock themselves out. */
  private async keepAnAdmin(actor: AdminActor, user: AdminUser, what: string): Promise<void> {
    if (user.id === actor.viewer.userId) throw badRequest(`You cannot ${what} yourself`);
    if ((await countActiveAdmins(this.db)) <= 1) throw conflict(`You cannot ${what} the last administrator`);
  }
}
