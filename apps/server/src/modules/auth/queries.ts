import { sql } from 'kysely';
import type { Db } from '../../platform/db';

export interface UserRow {
  user_id: number;
  login: string;
  password_hash: string | null;
  active: boolean;
  employee_id: number;
  code: string;
  name: string;
  email: string;
  emp_role: string;
  designation: string;
  user_type: string;
  tier: string;
  registered_at: string;
  email_report_access: boolean;
  download_report_access: boolean;
  is_admin: boolean;
}

function userQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .innerJoin('employees as e', 'e.id', 'u.employee_id')
    .select([
      'u.id as user_id',
      'u.login',
      'u.password_hash',
      sql<boolean>`u.active and e.active`.as('active'),
      'e.id as employee_id',
      'e.unique_code as code',
      'e.name',
      'e.email',
      'e.emp_role',
      'e.designation',
      'u.user_type',
      'u.tier',
      'u.registered_at',
      'u.email_report_access',
      'u.download_report_access',
      'u.is_admin',
    ]);
}

export function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  return userQuery(db).where('u.login', '=', login).executeTakeFirst();
}

/** Where a session came from, shown in 'My sessions'; OpenID Connect sessions keep the ID token for sign-out. */
export interface SessionOrigin {
  ip?: string | null;
  userAgent?: string | null;
  method?: 'password' | 'oidc';
  idToken?: string | null;
}

export function insertToken(db: Db, tokenHash: string, userId: number, expiresAt: Date, origin: SessionOrigin = {}) {
  return db
    .insertInto('auth_tokens')
    .values({
      token_hash: tokenHash,
      user_id: userId,
      expires_at: expiresAt,
      ip: origin.ip ?? null,
      user_agent: origin.userAgent?.slice(0, 300) ?? null,
      method: origin.method ?? 'password',
      id_token: origin.idToken ?? null,
    })
    .execute();
}

/** The user behind a live token: not revoked, before its absolute expiry, and used within the idle window. */
export function findUserByToken(db: Db, tokenHash: string, idleMinutes: number) {
  return userQuery(db)
    .innerJoin('auth_tokens as t', 't.user_id', 'u.id')
    .select(['t.last_used_at'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .where(sql<boolean>`t.last_used_at > now() - make_interval(mins => ${idleMinutes})`)
    .executeTakeFirst();
}

export function touchToken(db: Db, tokenHash: string) {
  return db
    .updateTable('auth_tokens')
    .set({ last_used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export function revokeToken(db: Db, tokenHash: string) {
  return db
    .updateTable('auth_tokens')
    .set({ revoked_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}
