import { ROLE_LIFE_ONLY } from '@dossier/shared';
import { sql } from 'kysely';
import { insertToken } from '../apps/server/src/modules/auth/queries';
import { hashToken, newToken } from '../apps/server/src/platform/tokens';
import type { Db } from '../apps/server/src/platform/db';
import type { UserRequest } from './virtual-users';

/** One virtual user: who they are and the views they keep coming back to. */
export interface LoadUser {
  designation: string;
  /** Views with fixed parameters (cached after the first request). */
  views: UserRequest[];
  /** The i-th view with parameters no earlier request of any user asked for (uncached). */
  fresh(i: number): UserRequest;
}

interface Member {
  id: number;
  unique_code: string;
  designation: string;
}

// Who is at work at once: every manager, then RMs and call-centre TRMs up to 200 people.
const MANAGERS = ['national_head', 'zsm', 'asm', 'team_lead'];
const CALL_CENTRE_SHARE = 0.15;
const REPORT = '/api/reports';
const CC = '/services/communication/api/v1';

/**
 * 200 people of the demo organisation as they would be signed in on a busy morning: every manager,
 * RMs and TRMs in proportion. Each gets a login and a token in the benchmark schema (never in a
 * demo database) and a set of views of their own part of the hierarchy.
 */
export async function loadPopulation(db: Db, size: number, months: { start: string; end: string }[]): Promise<LoadUser[]> {
  // Life-only staff (role 204) see other dashboards; the mix below is the business dashboards'.
  const employees = await db
    .selectFrom('employees')
    .select(['id', 'unique_code', 'designation'])
    .where('active', '=', true)
    .where('emp_role', '<>', ROLE_LIFE_ONLY)
    .orderBy('id')
    .execute();
  const of = (d: string) => employees.filter((e) => e.designation === d);
  const managers = employees.filter((e) => MANAGERS.includes(e.designation));
  const trms = of('trm').slice(0, Math.round(size * CALL_CENTRE_SHARE));
  const rms = of('rm').slice(0, Math.max(0, size - managers.length - trms.length));
  const people: Member[] = [...managers, ...rms, ...trms].slice(0, size);

  const users: LoadUser[] = [];
  for (const p of people) users.push(await plan(db, p, await benchSignIn(db, p), months));
  return users;
}

/**
 * A login of the benchmark's own for one employee (the demo password, or none outside the demo) and a fresh
 * session token, as the headers a signed-in browser sends.
 */
export async function benchSignIn(db: Db, p: { id: number; unique_code: string }): Promise<Record<string, string>> {
  // The bench signs in by token: the login needs no password anyone can type (an imported organisation has no demo.rm).
  const passwordHash =
    (await db.selectFrom('users').select('password_hash').where('login', '=', 'demo.rm').executeTakeFirst())?.password_hash ?? null;
  const existing = await db.selectFrom('users').select('id').where('employee_id', '=', p.id).executeTakeFirst();
  const userId =
    existing?.id ??
    (
      await db
        .insertInto('users')
        .values({ login: `bench.${p.unique_code.toLowerCase()}`, password_hash: passwordHash, employee_id: p.id })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const token = newToken();
  await insertToken(db, hashToken(token), userId, new Date(Date.now() + 86_400_000));
  return { authorization: `Token ${token}` };
}

/** The i-th request of a rotation over view makers: each maker gets its own running index. */
function cycle(makers: ((i: number) => UserRequest)[], i: number): UserRequest {
  const make = makers[i % makers.length];
  if (!make) throw new Error('a user without views');
  return make(Math.floor(i / makers.length));
}

async function plan(db: Db, p: Member, headers: Record<string, string>, months: { start: string; end: string }[]): Promise<LoadUser> {
  const view = (path: string): UserRequest => ({ path, headers });
  const month = (i: number) => months[i % months.length] ?? { start: '2026-01-01', end: '2026-01-31' };
  const dated = (path: string, i: number) =>
    view(`${path}${path.includes('?') ? '&' : '?'}start_date=${month(i).start}&end_date=${month(i).end}`);
  if (p.designation === 'trm') {
    const list = `${CC}/trm-case-history/${p.unique_code}/`;
    const statuses = ['', '&status=open', '&status=closed'];
    return {
      designation: p.designation,
      views: [view(`${list}?current_page=1`), view(`${list}?current_page=1&status=open`)],
      // Call-centre lists are live reads either way; a different page and filter each time.
      fresh: (i) => view(`${list}?current_page=${1 + (i % 3)}${statuses[Math.floor(i / 3) % 3] ?? ''}`),
    };
  }
  // Partners mapped into the person's subtree, and (for managers) the people reporting to them.
  const partners = await sql<{ unique_code: string }>`
    select pa.unique_code from partner_mappings m join partners pa on pa.id = m.partner_id
    join employee_closure c on c.descendant_id = m.manager_id
    where c.ancestor_id = ${p.id} and m.valid_to is null order by pa.id limit 20`.execute(db);
  const partnerCodes = partners.rows.map((r) => r.unique_code);
  const partnerAt = (i: number) => partnerCodes[i % Math.max(1, partnerCodes.length)] ?? '';
  if (p.designation === 'rm') {
    const listing = `${CC}/partner-listing/${p.unique_code}/?current_page=1`;
    const views = [view(`${REPORT}/1/`), view(`${REPORT}/13/`), view(listing)];
    if (partnerCodes.length) views.push(view(`${REPORT}/37/?account_id=${partnerAt(0)}`));
    const fresh = [(i: number) => dated(`${REPORT}/1/`, i), (i: number) => dated(`${REPORT}/13/`, i), () => view(listing)];
    if (partnerCodes.length) fresh.push((i: number) => dated(`${REPORT}/37/?account_id=${partnerAt(i)}`, i));
    return { designation: p.designation, views, fresh: (i) => cycle(fresh, i) };
  }
  const team = await db.selectFrom('employees').select('unique_code').where('manager_id', '=', p.id).orderBy('id').execute();
  const memberAt = (i: number) => team[i % Math.max(1, team.length)]?.unique_code ?? p.unique_code;
  const views = [
    view(`${REPORT}/1/`),
    view(`${REPORT}/13/`),
    view(`${REPORT}/11/?account_id=${memberAt(0)}`),
    view(`${REPORT}/13/?account_id=${memberAt(1)}`),
  ];
  if (partnerCodes.length) views.push(view(`${REPORT}/37/?account_id=${partnerAt(0)}`));
  // Drilling down: a member of the team (or a partner) and a month not asked for before.
  const fresh = [
    (i: number) => dated(`${REPORT}/1/`, i),
    (i: number) => dated(`${REPORT}/11/?account_id=${memberAt(i)}`, i),
    (i: number) => dated(`${REPORT}/13/?account_id=${memberAt(i)}`, i),
  ];
  if (partnerCodes.length) fresh.push((i: number) => dated(`${REPORT}/37/?account_id=${partnerAt(i)}`, i));
  return { designation: p.designation, views, fresh: (i) => cycle(fresh, i) };
}
