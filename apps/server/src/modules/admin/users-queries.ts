import { sql, type Insertable, type Updateable } from 'kysely';
import type { AdminUser } from '@dossier/shared';
import type { Db } from '../../platform/db';
import type { Users as UsersTable } from '../../platform/db-types';
import { containsPattern } from '../../platform/like';
import { sessionStats } from '../auth/module';

function usersBase(db: Db) {
  return db.selectFrom('users as u').innerJoin('employees as e', 'e.id', 'u.employee_id');
}

const USER_COLUMNS = [
  'u.id',
  'u.login',
  'e.unique_code as employee_code',
  'e.name as employee_name',
  'e.email',
  'u.active',
  'e.active as employee_active',
  'u.is_admin',
  'u.email_report_access',
  'u.download_report_access',
] as const;

/** A usable local password: an argon2 hash (imported users without one hold a placeholder). */
const HAS_PASSWORD = sql<boolean>`coalesce(u.password_hash like '$argon2%', false)`.as('has_password');

type UserBase = Omit<AdminUser, 'has_password' | 'active_sessions' | 'last_used_at'>;

async function withSessions(db: Db, users: (UserBase & { has_password: boolean })[]): Promise<AdminUser[]> {
  const byUser = await sessionStats(
    db,
    users.map((u) => u.id),
  );
  return users.map((u) => {
    const s = byUser.get(u.id);
    return { ...u, active_sessions: s?.live ?? 0, last_used_at: s?.lastUsedAt ? s.lastUsedAt.toISOString() : null };
  });
}

export async function listUsers(
  db: Db,
  filter: { q?: string | undefined; status: 'all' | 'active' | 'inactive'; limit: number; offset: number },
): Promise<{ rows: AdminUser[]; total: number }> {
  let base = usersBase(db);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    base = base.where((eb) =>
      eb.or([eb('u.login', 'ilike', pattern), eb('e.unique_code', 'ilike', pattern), eb('e.name', 'ilike', pattern)]),
    );
  }
  if (filter.status !== 'all') {
    const active = sql<boolean>`(u.active and e.active)`;
    base = base.where(filter.status === 'active' ? active : sql<boolean>`not ${active}`);
  }
  const rows = await base
    .select([...USER_COLUMNS, HAS_PASSWORD])
    .orderBy('u.login')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const count = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { rows: await withSessions(db, rows), total: count.n };
}

export async function findAdminUser(db: Db, where: { id: number } | { employeeId: number }): Promise<AdminUser | undefined> {
  let query = usersBase(db).select([...USER_COLUMNS, HAS_PASSWORD]);
  query = 'id' in where ? query.where('u.id', '=', where.id) : query.where('u.employee_id', '=', where.employeeId);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const [user] = await withSessions(db, [row]);
  return user;
}

export function userExistsForLogin(db: Db, login: string) {
  return db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirst();
}

export async function countActiveAdmins(db: Db): Promise<number> {
  const row = await usersBase(db)
    .select(sql<number>`count(*)::int`.as('n'))
    .where('u.is_admin', '=', true)
    .where('u.active', '=', true)
    .where('e.active', '=', true)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Inserts a sign-in account and returns its id. */
export async function insertUser(db: Db, user: Insertable<UsersTable>): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the changed fields of a sign-in account. */
export async function updateUser(db: Db, id: number, fields: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(fields).where('id', '=', id).execute();
}

/** Activates or deactivates a sign-in account (its sessions are ended by `revokeSessions`). */
export async function setUserActive(db: Db, id: number, active: boolean): Promise<void> {
  await db.updateTable('users').set({ active }).where('id', '=', id).execute();
}
