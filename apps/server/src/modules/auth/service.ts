import type { Me } from '@dossier/shared';
import type { Config } from '../../config';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { unauthorized } from '../../platform/http-errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { hitRateLimit } from '../../platform/rate-limit';
import type { Viewer } from '../../platform/viewer';
import { findUserByLogin, findUserByToken, insertToken, revokeToken, touchToken, type UserRow } from './queries';
import { hashToken, newToken } from './tokens';

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
    tokenHash,
  };
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
  };
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  async login(username: string, password: string, ip: string): Promise<{ token: string; user: Me }> {
    const login = username.trim().toLowerCase();
    await hitRateLimit(
      this.db,
      [`login:ip:${ip}`, `login:user:${login}`],
      this.config.LOGIN_RATE_LIMIT,
      60,
      (s) => `Too many sign-in attempts. Try again in ${s} seconds.`,
    );
    const row = await findUserByLogin(this.db, login);
    const ok = await verifyPassword(row?.password_hash ?? (await getDummyHash()), password);
    if (!row || !ok || !row.active) {
      await audit(this.db, { actorUserId: row?.user_id ?? null, action: 'login_failed', entity: 'user', entityId: login, ip });
      throw unauthorized(INVALID_LOGIN);
    }
    const token = newToken();
    const tokenHash = hashToken(token);
    const expiresAt = new Date(Date.now() + this.config.TOKEN_ABSOLUTE_HOURS * 3_600_000);
    await insertToken(this.db, tokenHash, row.user_id, expiresAt);
    await audit(this.db, { actorUserId: row.user_id, action: 'login', entity: 'user', entityId: row.user_id, ip });
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
