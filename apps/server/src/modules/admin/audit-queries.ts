import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { AuditDownloadQuery, AuditRow } from '@dossier/shared';
import type { Db } from '../../platform/db';
import type { AuditEvents, Employees, Users } from '../../platform/db-types';
import type { KeysetQuery } from '../../platform/row-batches';
import { containsPattern } from '../../platform/like';

/** The filter as SQL conditions; every value is a bound parameter. Dates are India business days. */
function conditions(f: AuditDownloadQuery): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (f.person) {
    const p = containsPattern(f.person);
    parts.push(sql`(u.login ilike ${p} or e.unique_code ilike ${p} or e.name ilike ${p})`);
  }
  if (f.action) parts.push(sql`a.action = ${f.action}`);
  if (f.entity) parts.push(sql`a.entity = ${f.entity}`);
  if (f.entity_id) parts.push(sql`a.entity_id = ${f.entity_id}`);
  if (f.from) parts.push(sql`a.created_at >= (${f.from}::date::timestamp at time zone 'Asia/Kolkata')`);
  if (f.to) parts.push(sql`a.created_at < ((${f.to}::date + 1)::timestamp at time zone 'Asia/Kolkata')`);
  return sql.join(parts, sql` and `);
}

const FROM = sql`from audit_events a left join users u on u.id = a.actor_user_id left join employees e on e.id = u.employee_id`;

/** A row of SELECT: the event's columns, its id as text (bigint), and the actor's login, code and name (left joined). */
type RawAudit = Pick<Selectable<AuditEvents>, 'created_at' | 'action' | 'entity' | 'entity_id' | 'before' | 'after' | 'ip'> & {
  id: string;
  actor_login: Selectable<Users>['login'] | null;
  actor_code: Selectable<Employees>['unique_code'] | null;
  actor_name: Selectable<Employees>['name'] | null;
};

const SELECT = sql`select a.id::text as id, a.created_at, u.login as actor_login, e.unique_code as actor_code, e.name as actor_name,
  a.action, a.entity, a.entity_id, a.before, a.after, a.ip`;

export const toAuditRow = (r: RawAudit): AuditRow => ({
  id: r.id,
  at: new Date(r.created_at).toISOString(),
  actor_login: r.actor_login,
  actor_code: r.actor_code,
  actor_name: r.actor_name,
  action: r.action,
  entity: r.entity,
  entity_id: r.entity_id,
  before: r.before,
  after: r.after,
  ip: r.ip,
});

export async function auditPage(
  db: Db,
  f: AuditDownloadQuery,
  limit: number,
  offset: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = conditions(f);
  const rows = await sql<RawAudit>`${SELECT} ${FROM} where ${where} order by a.id desc limit ${limit} offset ${offset}`.execute(db);
  const count = await sql<{ n: number }>`select count(*)::int as n ${FROM} where ${where}`.execute(db);
  return { rows: rows.rows.map(toAuditRow), total: count.rows[0]?.n ?? 0 };
}

export async function auditActions(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('audit_events').select('action').distinct().orderBy('action').limit(500).execute();
  return rows.map((r) => r.action);
}

/** Newest first, resumable after any row (id is unique): the CSV reads it in batches. */
export function auditKeyset(f: AuditDownloadQuery): KeysetQuery<RawAudit, string> {
  const where = conditions(f);
  return {
    sql: (after, limit) =>
      sql<RawAudit>`${SELECT} ${FROM} where ${where} ${after === null ? sql`` : sql`and a.id < ${after}::bigint`}
        order by a.id desc ${limit === null ? sql`` : sql`limit ${limit}`}`,
    keyOf: (row) => row.id,
  };
}
