import { sql } from 'kysely';
import type { Db } from '../src/platform/db';
import { hashPassword } from '../src/platform/passwords';

export const FIXTURE_PASSWORD = 'fixture-pass';

export interface FixturePerson {
  login: string;
  code: string;
  role: string;
  designation: string;
  manager?: string;
}

/** A tiny organisation for API tests: head → zsm → {rm, r204}, plus a sibling zsm → rm2, and a 201 user. */
export const FIXTURE_PEOPLE: readonly FixturePerson[] = [
  { login: 'head', code: 'NH001', role: 'head', designation: 'national_head' },
  { login: 'zsm', code: 'ZSM001', role: 'zsm', designation: 'zsm', manager: 'NH001' },
  { login: 'zsm2', code: 'ZSM002', role: 'zsm', designation: 'zsm', manager: 'NH001' },
  { login: 'rm', code: 'RM001', role: 'rm', designation: 'rm', manager: 'ZSM001' },
  { login: 'r204', code: 'RM002', role: '204', designation: 'rm', manager: 'ZSM001' },
  { login: 'r201', code: 'RM003', role: '201', designation: 'rm', manager: 'ZSM002' },
];

/** Inserts the fixture people with users and a correct closure table; returns employee ids by code. */
export async function seedFixtureOrg(db: Db): Promise<Map<string, number>> {
  const passwordHash = await hashPassword(FIXTURE_PASSWORD);
  await db
    .insertInto('zones')
    .values({ id: 1, name: 'North' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const ids = new Map<string, number>();
  for (const p of FIXTURE_PEOPLE) {
    const managerId = p.manager ? ids.get(p.manager) : undefined;
    const row = await db
      .insertInto('employees')
      .values({
        unique_code: p.code,
        name: `${p.login} Person`,
        email: `${p.login}@example.com`,
        phone: '9876500000',
        emp_role: p.role,
        designation: p.designation,
        manager_id: managerId ?? null,
        zone_id: 1,
        pincode: '110001',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(p.code, row.id);
    await db
      .insertInto('users')
      .values({ login: p.login, password_hash: passwordHash, employee_id: row.id, is_admin: p.login === 'head' })
      .execute();
  }
  await sql`
    with recursive chain as (
      select id as ancestor_id, id as descendant_id, 0 as depth from employees
      union all
      select e.manager_id, c.descendant_id, c.depth + 1 from chain c join employees e on e.id = c.ancestor_id where e.manager_id is not null
    )
    insert into employee_closure (ancestor_id, descendant_id, depth) select ancestor_id, descendant_id, depth from chain`.execute(db);
  return ids;
}
