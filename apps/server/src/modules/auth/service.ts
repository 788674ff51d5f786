import { PASSWORD_SIGN_IN_OFF, type Me } from '@dossier/shared';
import type { Config } from '../../config';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { forbidden, unauthorized } from '../../platform/http-errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { Viewer } from '../../platform/viewer';
import { LoginLimit } from './login-limit';
import { findUserByLogin, findUserByToken, insertToken, revokeToken, touchToken, type SessionOrigin, type UserRow } from './queries';
import { hashToken, newToken } from '../../platform/tokens';

const INVALID_LOGIN = 'Invalid username or password';
// Verified when the login is unknown, so response time does not reveal which logins exist.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('no-such-user-password'));
// Writing last_used_at on every request would make each read a write; a minute of slack is harmless.
const TOUCH_AFTER_MS = 60_000;

export function toViewer(row: UserRow, tokenHash: string): Viewer {
  return {
    userId: row.user_id,
    employeeId: row.employee_id,
    code: row.code,
    name: row.name,
    email: row.email,
    empRole: row.emp_role,
    designation: row.designation,
    userType: row.user_type,
    tier: row.tier,
    registrationDate: row.registered_at,
    emailReportAccess: row.email_report_access,
    downloadReportAccess: row.download_report_access,
    isAdmin: row.is_admin,
    tokenHash,
  };
}

/** The user of this login as a viewer without a session, while the account is active (the report mails act for their subscriber). */
export async function activeViewerByLogin(db: Db, login: string): Promise<Viewer | undefined> {
  const row = await findUserByLogin(db, login);
  return row?.active ? toViewer(row, '') : undefined;
}

export function toMe(viewer: Viewer): Me {
  const [first, ...rest] = viewer.name.split(' ');
  return {
    code: viewer.code,
    first_name: first ?? '',
    last_name: rest.join(' '),
    email: viewer.email,
    emp_role: viewer.empRole,
    designation: viewer.designation,
    user_type: viewer.userType,
    tier: viewer.tier,
    registration_date: viewer.registrationDate,
    email_report_access: viewer.emailReportAccess,
    download_report_access: viewer.downloadReportAccess,
    is_admin: viewer.isAdmin,
  };
}

export class AuthService {
  private readonly limit: LoginLimit;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.limit = new LoginLimit(db, {
      freeFailures: config.LOGIN_FAILURE_LIMIT,
      globalFailuresPerMinute: config.LOGIN_GLOBAL_FAILURE_LIMIT,
    });
  }

  async login(username: string, password: string, ip: string, userAgent?: string): Promise<{ token: string; user: Me }> {
    if (!this.config.LOCAL_LOGIN) throw forbidden(PASSWORD_SIGN_IN_OFF);
    const login = username.trim().toLowerCase();
    await this.limit.claim(login, ip);
    const row = await findUserByLogin(this.db, login);
    const ok = await verifyPassword(row?.password_hash ?? (await getDummyHash()), password);
    if (!row || !ok || !row.active) {
      await this.limit.failed();
      await audit(this.db, { actorUserId: row?.user_id ?? null, action: 'login_failed', entity: 'user', entityId: login, ip });
      throw unauthorized(INVALID_LOGIN);
    }
    await this.limit.succeeded(login, ip);
    return this.startSession(row, { ip, userAgent: userAgent ?? null, method: 'password' });
  }

  /** A new session token for a user who has proved who they are (password or identity provider). */
  async startSession(row: UserRow, origin: SessionOrigin & { ip: string }): Promise<{ token: string; user: Me }> {
    const token = newToken();
    const tokenHash = hashToken(token);
    const expiresAt = new Date(Date.now() + this.config.TOKEN_ABSOLUTE_HOURS * 3_600_000);
    await insertToken(this.db, tokenHash, row.user_id, expiresAt, origin);
    await audit(this.db, {
      actorUserId: row.user_id,
      action: 'login',
      entity: 'user',
      entityId: row.user_id,
      ip: origin.ip,
      ...(origin.method === 'oidc' ? { after: { method: 'oidc' } } : {}),
    });
    return { token, user: toMe(toViewer(row, tokenHash)) };
  }

  /** The viewer for a presented token, or null when it is unknown, revoked, idle too long or past expiry. */
  async authenticate(token: string): Promise<Viewer | null> {
    const tokenHash = hashToken(token);
    const row = await findUserByToken(this.db, tokenHash, this.config.TOKEN_IDLE_MINUTES);
    if (!row?.active) return null;
    if (Date.now() - new Date(row.last_used_at).getTime() > TOUCH_AFTER_MS) await touchToken(this.db, tokenHash);
    return toViewer(row, tokenHash);
  }

  async logout(viewer: Viewer, ip: string): Promise<void> {
    await revokeToken(this.db, viewer.tokenHash);
    await audit(this.db, { actorUserId: viewer.userId, action: 'logout', entity: 'user', entityId: viewer.userId, ip });
  }
}
