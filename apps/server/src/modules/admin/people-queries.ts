import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { DESIGNATIONS, EMP_ROLES, type PersonRef, type PersonRow } from '@dossier/shared';
import type { Db } from '../../platform/db';
import type { Employees as EmployeesTable } from '../../platform/db-types';
import { containsPattern } from '../../platform/like';

export type EmployeeRecord = Pick<
  Selectable<EmployeesTable>,
  'id' | 'unique_code' | 'name' | 'email' | 'phone' | 'emp_role' | 'designation' | 'manager_id' | 'zone_id' | 'pincode' | 'active'
>;

/** Employees matching a search and a status, each with their manager, zone and user. */
function peopleBase(db: Db, q: string | undefined, status: 'all' | 'active' | 'inactive') {
  let query = db
    .selectFrom('employees as e')
    .leftJoin('employees as m', 'm.id', 'e.manager_id')
    .leftJoin('zones as z', 'z.id', 'e.zone_id')
    .leftJoin('users as u', 'u.employee_id', 'e.id');
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) =>
      eb.or([eb('e.unique_code', 'ilike', pattern), eb('e.name', 'ilike', pattern), eb('e.email', 'ilike', pattern)]),
    );
  }
  if (status !== 'all') query = query.where('e.active', '=', status === 'active');
  return query;
}

/** What the people list shows of each (`PersonRow`). */
const PERSON_COLUMNS = [
  'e.unique_code as code',
  'e.name',
  'e.email',
  'e.emp_role',
  'e.designation',
  'z.name as zone',
  'm.unique_code as manager_code',
  'm.name as manager_name',
  'e.active',
  'u.login as user_login',
] as const;

export async function listPeople(
  db: Db,
  filter: { q?: string | undefined; status: 'all' | 'active' | 'inactive'; limit: number; offset: number },
): Promise<{ rows: PersonRow[]; total: number }> {
  const rows = await peopleBase(db, filter.q, filter.status)
    .select(PERSON_COLUMNS)
    .orderBy('e.name')
    .orderBy('e.unique_code')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const count = await peopleBase(db, filter.q, filter.status)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: count.n };
}

export function findEmployee(db: Db, code: string): Promise<EmployeeRecord | undefined> {
  return db
    .selectFrom('employees')
    .select(['id', 'unique_code', 'name', 'email', 'phone', 'emp_role', 'designation', 'manager_id', 'zone_id', 'pincode', 'active'])
    .where('unique_code', '=', code)
    .executeTakeFirst();
}

export async function personRow(
  db: Db,
  id: number,
): Promise<PersonRow & { phone: string; pincode: string | null; zone_id: number | null }> {
  return peopleBase(db, undefined, 'all')
    .select([...PERSON_COLUMNS, 'e.phone', 'e.pincode', 'e.zone_id'])
    .where('e.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Managers above the employee, from the top down. */
export function managerChain(db: Db, id: number): Promise<PersonRef[]> {
  return db
    .selectFrom('employee_closure as c')
    .innerJoin('employees as e', 'e.id', 'c.ancestor_id')
    .select(['e.unique_code as code', 'e.name', 'e.designation', 'e.active'])
    .where('c.descendant_id', '=', id)
    .where('c.depth', '>', 0)
    .orderBy('c.depth', 'desc')
    .execute();
}

export function directReports(db: Db, id: number): Promise<PersonRef[]> {
  return db
    .selectFrom('employees as e')
    .select(['e.unique_code as code', 'e.name', 'e.designation', 'e.active'])
    .where('e.manager_id', '=', id)
    .orderBy('e.active', 'desc')
    .orderBy('e.name')
    .execute();
}

export async function teamSize(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('employee_closure')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('ancestor_id', '=', id)
    .where('depth', '>', 0)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Partners mapped to the employee now (not to their team). */
export async function mappedPartners(db: Db, id: number, limit: number) {
  const rows = await db
    .selectFrom('partner_mappings as m')
    .innerJoin('partners as p', 'p.id', 'm.partner_id')
    .innerJoin('reporting_types as r', 'r.id', 'm.reporting_type')
    .select(['p.unique_code as code', 'p.name', 'r.name as reporting_type'])
    .where('m.manager_id', '=', id)
    .where('m.valid_to', 'is', null)
    .orderBy('p.name')
    .limit(limit)
    .execute();
  const count = await db
    .selectFrom('partner_mappings')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('manager_id', '=', id)
    .where('valid_to', 'is', null)
    .executeTakeFirstOrThrow();
  return { total: count.n, rows };
}

export async function activeDirectReports(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('employees')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('manager_id', '=', id)
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function adminOptions(db: Db) {
  const zones = await db.selectFrom('zones').select(['id', 'name']).orderBy('id').execute();
  return { zones, emp_roles: [...EMP_ROLES], designations: [...DESIGNATIONS] };
}

/** Inserts an employee and returns the new id (the caller adds them to the hierarchy's closure). */
export async function insertEmployee(db: Db, employee: Insertable<EmployeesTable>): Promise<number> {
  const row = await db.insertInto('employees').values(employee).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the changed fields of an employee (the manager moves separately, through the closure). */
export async function updateEmployee(db: Db, id: number, fields: Updateable<EmployeesTable>): Promise<void> {
  await db.updateTable('employees').set(fields).where('id', '=', id).execute();
}

/** Activates or deactivates an employee. */
export async function setEmployeeActive(db: Db, id: number, active: boolean): Promise<void> {
  await db.updateTable('employees').set({ active }).where('id', '=', id).execute();
}

/** Ends every live session of the employee's users (a user of an inactive employee cannot sign in). */
export async function revokeEmployeeSessions(db: Db, employeeId: number): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: new Date() })
    .where('revoked_at', 'is', null)
    .where('user_id', 'in', db.selectFrom('users').select('id').where('employee_id', '=', employeeId))
    .execute();
}

/** Whether a zone with this id exists. */
export async function zoneExists(db: Db, zoneId: number): Promise<boolean> {
  const zone = await db.selectFrom('zones').select('id').where('id', '=', zoneId).executeTakeFirst();
  return zone !== undefined;
}
