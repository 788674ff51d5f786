import { sql } from 'kysely';
import type { Db } from '../../src/platform/db';
import type { App } from '../../src/platform/types';
import { demoToken } from '../reports-fixture';
import type { ForeignData } from './leaks';
import { LOGINS, bearer, type Login, type MatrixViewer } from './types';

export interface Person {
  id: number;
  code: string;
  name: string;
  designation: string;
}

/**
 * The viewer's relatives in the hierarchy: a report below them (own subtree), a sibling (same
 * manager), their manager (ancestor) and a cousin (same grandparent, another manager: an unrelated
 * branch). The national head has only the first; the head's direct reports have no cousin.
 */
export interface Relatives {
  self: Person;
  descendant?: Person | undefined;
  sibling?: Person | undefined;
  parent?: Person | undefined;
  cousin?: Person | undefined;
}

export interface World {
  viewers: ReadonlyMap<Login, MatrixViewer>;
  tokens: ReadonlyMap<Login, string>;
  relatives: ReadonlyMap<Login, Relatives>;
  /** What each viewer must never see: codes, names, phones and mail addresses of others. */
  foreign: ReadonlyMap<Login, ForeignData>;
  /** The state of the rows `foreign` was computed from. */
  fingerprint?: string;
}

const PERSON = sql`e.id, e.unique_code as code, e.name, e.designation`;

async function one(db: Db, query: ReturnType<typeof sql<Person>>): Promise<Person | undefined> {
  return (await query.execute(db)).rows[0];
}

async function relativesOf(db: Db, employeeId: number): Promise<Relatives> {
  const self = await one(db, sql<Person>`select ${PERSON} from employees e where e.id = ${employeeId}`);
  if (!self) throw new Error(`no employee ${employeeId}`);
  const descendant = await one(
    db,
    sql<Person>`select ${PERSON} from employee_closure c join employees e on e.id = c.descendant_id
      where c.ancestor_id = ${employeeId} and c.depth > 0 order by c.depth, e.id limit 1`,
  );
  const sibling = await one(
    db,
    sql<Person>`select ${PERSON} from employees e join employees me on me.id = ${employeeId}
      where e.manager_id = me.manager_id and e.id <> me.id order by (e.designation = me.designation) desc, e.id limit 1`,
  );
  const parent = await one(
    db,
    sql<Person>`select ${PERSON} from employees e join employees me on me.manager_id = e.id where me.id = ${employeeId}`,
  );
  const cousin = await one(
    db,
    sql<Person>`select ${PERSON} from employees me
      join employees p on p.id = me.manager_id
      join employee_closure g on g.ancestor_id = p.manager_id and g.depth >= 2
      join employees e on e.id = g.descendant_id
      where me.id = ${employeeId}
        and not exists (select 1 from employee_closure x where x.ancestor_id = p.id and x.descendant_id = e.id)
      order by (e.designation = me.designation) desc, g.depth, e.id limit 1`,
  );
  return { self, descendant, sibling, parent, cousin };
}

/**
 * Everything the viewer may legitimately meet in an answer: people of their subtree and their chain
 * of command (and staff who worked cases they can see); partners mapped into the subtree now or
 * before, credited with its business, on its cases or appointments, in requests it decides or
 * raised, and the unmapped pool everyone requests from; customers of those policies and cases.
 * The rest of the organisation is foreign to them.
 */
async function foreignOf(db: Db, viewer: MatrixViewer): Promise<ForeignData> {
  const v = viewer.employeeId;
  const rows = await sql<{ kind: string; code: string | null; alt: string | null; name: string; visible: boolean }>`
    with s as (select descendant_id as id from employee_closure where ancestor_id = ${v}),
    anc as (select ancestor_id as id from employee_closure where descendant_id = ${v}),
    mapped_now as (select m.partner_id from partner_mappings m where m.valid_to is null and m.manager_id in (select id from s)),
    cases_seen as (
      select c.id, c.customer_id, c.partner_id from cases c
      where c.trm_id in (select id from s)
         or (exists (select 1 from leads l where l.case_id = c.id) and c.partner_id in (select partner_id from mapped_now))
    ),
    staff_seen as (
      select id from s union select id from anc
      union select placed_by from calls where case_id in (select id from cases_seen)
      union select author_id from remarks where case_id in (select id from cases_seen)
    ),
    partners_seen as (
      select partner_id as id from partner_mappings where manager_id in (select id from s)
      union select partner_id from policies where employee_id in (select id from s) and partner_id is not null
      union select partner_id from cases_seen where partner_id is not null
      union select partner_id from appointments where booked_by in (select id from s)
      union select i.partner_id from mapping_request_items i join mapping_requests r on r.id = i.request_id
        where r.manager_id in (select id from s) or r.requested_by in (select id from s)
      union select p.id from partners p where not exists (select 1 from partner_mappings m where m.partner_id = p.id and m.valid_to is null)
    ),
    customers_seen as (
      select customer_id as id from policies where employee_id in (select id from s) or partner_id in (select partner_id from mapped_now)
      union select customer_id from cases_seen
      union select customer_id from appointments where booked_by in (select id from s)
    )
    select 'employee' as kind, e.unique_code as code, null as alt, e.name, e.id in (select id from staff_seen) as visible from employees e
    union all
    select 'partner', p.unique_code, p.pos_code, p.name, p.id in (select id from partners_seen) from partners p
    union all
    select 'customer', null, null, cu.name, cu.id in (select id from customers_seen) from customers cu`.execute(db);

  const foreign: ForeignData = {
    employees: { codes: new Set(), names: new Set() },
    partners: { codes: new Set(), names: new Set() },
    customers: { names: new Set() },
    allPartnerNames: new Set(),
    phones: new Set(),
    emails: new Set(),
  };
  const seenNames = new Set<string>();
  for (const r of rows.rows) {
    const name = r.name.trim().toLowerCase();
    if (r.kind === 'partner') foreign.allPartnerNames.add(name);
    if (r.visible) {
      seenNames.add(name);
      continue;
    }
    const bucket =
      r.kind === 'employee'
        ? foreign.employees
        : r.kind === 'partner'
          ? foreign.partners
          : { codes: new Set<string>(), names: foreign.customers.names };
    if (r.code) bucket.codes.add(r.code);
    if (r.alt) bucket.codes.add(r.alt);
    // Only full names are distinctive enough to count as found in free text.
    if (name.includes(' ') && name.length >= 6) bucket.names.add(name);
  }
  // A name shared with someone the viewer may see proves nothing.
  for (const names of [foreign.employees.names, foreign.partners.names, foreign.customers.names])
    for (const n of seenNames) names.delete(n);

  // Phone numbers never leave the server (the dialer reveal is the one allowed exception);
  // mail addresses only the viewer's own.
  const contacts = await sql<{ phone: string; email: string }>`
    select phone, email from employees union all select phone, email from partners union all select phone, email from customers`.execute(
    db,
  );
  for (const c of contacts.rows) {
    foreign.phones.add(c.phone.slice(-10));
    foreign.emails.add(c.email.toLowerCase());
  }
  foreign.emails.delete(viewer.email.toLowerCase());
  return foreign;
}

async function viewerOf(app: App, login: Login, token: string): Promise<MatrixViewer> {
  const me = await app.inject({ method: 'GET', url: '/accounts/api/v1/me/', headers: bearer(token) });
  const body = me.json<{
    code: string;
    email: string;
    emp_role: string;
    designation: string;
    email_report_access: boolean;
    download_report_access: boolean;
  }>();
  return {
    login,
    code: body.code,
    email: body.email,
    empRole: body.emp_role,
    designation: body.designation,
    emailReportAccess: body.email_report_access,
    downloadReportAccess: body.download_report_access,
    userId: 0,
    employeeId: 0,
    name: '',
  };
}

export async function loadWorld(app: App, db: Db): Promise<World> {
  const viewers = new Map<Login, MatrixViewer>();
  const tokens = new Map<Login, string>();
  const relatives = new Map<Login, Relatives>();
  for (const login of LOGINS) {
    const token = await demoToken(app, login);
    const base = await viewerOf(app, login, token);
    const ids = await db
      .selectFrom('users as u')
      .innerJoin('employees as e', 'e.id', 'u.employee_id')
      .select(['u.id as user_id', 'e.id as employee_id', 'e.name'])
      .where('u.login', '=', login)
      .executeTakeFirstOrThrow();
    const viewer = { ...base, userId: ids.user_id, employeeId: ids.employee_id, name: ids.name };
    viewers.set(login, viewer);
    tokens.set(login, token);
    relatives.set(login, await relativesOf(db, viewer.employeeId));
  }
  return { viewers, tokens, relatives, foreign: new Map() };
}

/** Row counts and last changes of everything that decides who may see whom. */
async function fingerprintOf(db: Db): Promise<string> {
  const row = await sql<{ f: string }>`select concat_ws(':',
    (select count(*) from cases), (select max(updated_at) from cases), (select count(*) from appointments),
    (select count(*) from mapping_request_items), (select count(*) from partner_mappings), (select count(*) from partners),
    (select count(*) from calls), (select count(*) from remarks), (select count(*) from customers)) as f`.execute(db);
  return row.rows[0]?.f ?? '';
}

/**
 * What each viewer must not see, recomputed when the rows it depends on changed: earlier calls
 * create cases, bookings and requests, and fixture rows of other branches are foreign too.
 */
export async function withForeignData(db: Db, world: World): Promise<World> {
  const fingerprint = await fingerprintOf(db);
  if (fingerprint === world.fingerprint) return world;
  const foreign = new Map<Login, ForeignData>();
  for (const [login, viewer] of world.viewers) foreign.set(login, await foreignOf(db, viewer));
  return { ...world, foreign, fingerprint };
}

export function relativesFor(world: World, login: Login): Relatives {
  const r = world.relatives.get(login);
  if (!r) throw new Error(`no relatives for ${login}`);
  return r;
}
