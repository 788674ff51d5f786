import { sql } from 'kysely';
import type { SessionRow } from '@dossier/shared';
import type { Db } from '../../platform/db';

/** A signed-in user with their employee record; the row type comes from the query. */
export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserByLogin>>>;

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

export function findUserByLogin(db: Db, login: string) {
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

/** A live session: not revoked and before its absolute expiry (the idle limit is checked on use). */
const LIVE = sql<boolean>`t.revoked_at is null and t.expires_at > now()`;

/** Per user: how many sessions are live, and when any session was last used (the admin Users list). */
export async function sessionStats(db: Db, userIds: readonly number[]): Promise<Map<number, { live: number; lastUsedAt: Date | null }>> {
  if (userIds.length === 0) return new Map();
  const stats = await db
    .selectFrom('auth_tokens as t')
    .select([
      't.user_id',
      sql<number>`count(*) filter (where ${LIVE})::int`.as('live'),
      sql<Date | null>`max(t.last_used_at)`.as('last_used_at'),
    ])
    .where('t.user_id', 'in', userIds)
    .groupBy('t.user_id')
    .execute();
  return new Map(stats.map((s) => [s.user_id, { live: s.live, lastUsedAt: s.last_used_at ? new Date(s.last_used_at) : null }]));
}

/** Live sessions of a user, most recently used first. */
export async function liveSessions(db: Db, userId: number, currentTokenHash: string | null): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('auth_tokens as t')
    .select(['t.id', 't.created_at', 't.last_used_at', 't.expires_at', 't.ip', 't.user_agent', 't.method', 't.token_hash'])
    .where('t.user_id', '=', userId)
    .where(LIVE)
    .orderBy('t.last_used_at', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    created_at: new Date(r.created_at).toISOString(),
    last_used_at: new Date(r.last_used_at).toISOString(),
    expires_at: new Date(r.expires_at).toISOString(),
    ip: r.ip,
    user_agent: r.user_agent,
    method: r.method,
    current: r.token_hash === currentTokenHash,
  }));
}

/** Ends one live session of the user (by id) or all of them; answers how many ended. */
export async function revokeSessions(db: Db, userId: number, sessionId?: string): Promise<number> {
  let query = db
    .updateTable('auth_tokens as t')
    .set({ revoked_at: sql`now()` })
    .where('t.user_id', '=', userId)
    .where('t.revoked_at', 'is', null);
  if (sessionId !== undefined) query = query.where('t.id', '=', Number(sessionId));
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
