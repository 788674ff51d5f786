import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/db';
import type { DB as Database } from '../platform/db-types';
import { verifyPassword } from '../platform/passwords';
import { demoFingerprint } from './fingerprint';
import { DEMO_LOGINS, DEMO_PASSWORD, loadDemoIfEmpty } from './load';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;

const TODAY = '2026-05-20';
const SCALE = 0.02;
const quiet = (): void => undefined;
const TABLES = ['employees', 'employee_closure', 'partners', 'partner_mappings', 'customers', 'policies', 'targets', 'contests'] as const;

async function fingerprints(db: Kysely<Database>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ md5: string }>`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5
      from ${sql.table(table)} t`.execute(db);
    out[table] = rows[0]?.md5 ?? '';
  }
  return out;
}

// Reference tables come from migrations; the digests below are of the tables the generator fills.
const REFERENCE = new Set(['business_types', 'insurers', 'lead_categories', 'products', 'reporting_types', 'slots', 'states', 'zones']);
const GOLDEN: Record<string, string> = {
  appointments: '3 93bb423adbfe28821068d7fcb21baaf3',
  calls: '654 a677f5ea1566ecea0cb9e9900bf2912e',
  cases: '561 0ab4a074d65867e633d73372b246c2cb',
  contests: '3 948606987fb10a968f42c5f731f5ff4e',
  customers: '5169 3ab12b1f442ade744b332227b3c17021',
  employee_closure: '1391 487150b2c02955926aee8be49511c7b8',
  employees: '302 99cc6f20617653700814d1afda5cb435',
  // The current mappings, queued by the mapping triggers for the first ETL run (decision 035), each marked
  // offline or not (decision 040).
  etl_mapping_changes: '115 19ac097a56444907475c6af5fd1411d3',
  // Every partner, queued by the partners' triggers for the first ETL run (decision 046).
  etl_partner_cohort_changes: '120 008f2499e42ed989b137674cfe3a9862',
  leads: '147 eb0f279c72e38ce52ec40f6543f27b3d',
  mapping_request_items: '5 bac109ef28580a6166a24b6905c7269d',
  mapping_requests: '3 7d7af36e172307f389df27283800af8e',
  partner_call_logs: '329 24f5b86ab6791210f1faf5b491efa2a0',
  partner_mappings: '118 e2812b3d2129a0c6b6286569df31af6e',
  partners: '120 7bfe118de1fc82a4fe02ca04bf6278a5',
  policies: '5998 bef45328e61e4909fbb5d9d6d0237d56',
  remarks: '291 eeb12dae6489d6f5aefd36b0fc723b74',
  report_inputs: '1 fed75de812912b34a57f7c65cfc4fe65',
  'sequence appointments_id_seq': '3',
  'sequence calls_id_seq': '654',
  'sequence cases_id_seq': '561',
  'sequence customers_id_seq': '5169',
  'sequence employees_id_seq': '302',
  'sequence leads_id_seq': '147',
  'sequence mapping_request_code_seq': '3',
  'sequence mapping_request_items_id_seq': '5',
  'sequence mapping_requests_id_seq': '3',
  'sequence partner_call_logs_id_seq': '329',
  'sequence partner_mappings_id_seq': '118',
  'sequence partners_id_seq': '120',
  'sequence policies_id_seq': '5998',
  'sequence remarks_id_seq': '291',
  'sequence users_id_seq': '9',
  targets: '6432 e47d4c2f387d54236253e2c9037b75af',
  users: '9 3608389f34b0b58963eb299773f65c27',
};

async function count(db: Kysely<Database>, query: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select (${sql.raw(query)})::int as n`.execute(db);
  return rows[0]?.n ?? -1;
}

describe('demo organisation', () => {
  let a: TestDb;
  let b: TestDb;
  let c: TestDb;
  let firstLoads: boolean[];

  beforeAll(async () => {
    [a, b, c] = await Promise.all([createTestDb(), createTestDb(), createTestDb()]);
    // Two loaders racing on one database: the advisory lock lets exactly one of them load.
    firstLoads = await Promise.all([
      loadDemoIfEmpty(a, { scale: SCALE, seed: 7, today: TODAY, log: quiet }),
      loadDemoIfEmpty(a, { scale: SCALE, seed: 7, today: TODAY, log: quiet }),
    ]);
    await loadDemoIfEmpty(b, { scale: SCALE, seed: 7, today: TODAY, log: quiet });
    await loadDemoIfEmpty(c, { scale: SCALE, seed: 8, today: TODAY, log: quiet });
  });
  afterAll(async () => {
    await Promise.all([a.drop(), b.drop(), c.drop()]);
  });

  it('loads once, then reports the database as taken', async () => {
    expect([...firstLoads].sort()).toEqual([false, true]);
    const lines: string[] = [];
    expect(await loadDemoIfEmpty(a, { scale: SCALE, seed: 7, today: TODAY, log: (l) => lines.push(l) })).toBe(false);
    expect(lines).toEqual([]);
  });

  it('is deterministic: same seed and day give identical rows, another seed other rows', async () => {
    const [fa, fb, fc] = await Promise.all([fingerprints(a.db), fingerprints(b.db), fingerprints(c.db)]);
    expect(fb).toEqual(fa);
    expect(fc.policies).not.toBe(fa.policies);
    expect(fc.partners).not.toBe(fa.partners);
    expect(await count(a.db, 'select count(*) from policies')).toBeGreaterThan(5000);
  });

  it('writes exactly the rows it always wrote for this seed, scale and day, on either database', async () => {
    // PostgreSQL gets the rows by COPY, PGlite by multi-row inserts: both must store what the generator
    // stored before COPY (decision 027). A deliberate change to the generator (or a migration that adds a
    // column to one of these tables) changes these digests: print demoFingerprint(a.db) and update them.
    const digests = await demoFingerprint(a.db);
    expect(Object.fromEntries(Object.entries(digests).filter(([table]) => !REFERENCE.has(table)))).toEqual(GOLDEN);
  });

  it('builds the hierarchy and a complete closure table', async () => {
    const db = a.db;
    const rows = await db
      .selectFrom('employees')
      .select(['designation', sql<number>`count(*)::int`.as('n')])
      .groupBy('designation')
      .orderBy('designation')
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.designation, r.n]))).toEqual({
      national_head: 1,
      zsm: 4,
      asm: 12,
      team_lead: 36,
      rm: 216,
      trm: 32,
      supervisor: 1,
    });
    expect(
      await count(
        db,
        `select count(*) from employees e join employees s on s.id = e.manager_id where e.designation = 'trm' and s.designation = 'supervisor'`,
      ),
    ).toBe(8);
    expect(
      await count(
        db,
        `select count(*) from employees e where not exists
      (select 1 from employee_closure c where c.ancestor_id = e.id and c.descendant_id = e.id and c.depth = 0)`,
      ),
    ).toBe(0);
    // The closure equals the manager chains walked recursively, row for row.
    const chain = `with recursive chain(ancestor_id, descendant_id, depth) as (
        select id, id, 0 from employees
        union all
        select e.manager_id, c.descendant_id, c.depth + 1 from chain c join employees e on e.id = c.ancestor_id where e.manager_id is not null)`;
    expect(
      await count(
        db,
        `${chain} select count(*) from (select * from chain except select ancestor_id, descendant_id, depth from employee_closure) x`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        `${chain} select count(*) from (select ancestor_id, descendant_id, depth from employee_closure except select * from chain) x`,
      ),
    ).toBe(0);
    expect(
      await count(db, `select count(*) from employee_closure c join employees h on h.id = c.ancestor_id where h.emp_role = 'head'`),
    ).toBe(await count(db, 'select count(*) from employees'));
    expect(await count(db, `select count(*) from employees where unique_code like '%EI%'`)).toBe(0);
    expect(await count(db, `select count(*) from employees where phone !~ '^[6-9][0-9]{9}$'`)).toBe(0);
  });

  it('creates partners with EI codes, onboarding stages and mapping history', async () => {
    const db = a.db;
    expect(await count(db, `select count(*) from partners where unique_code not like '%EI%' or pos_code like '%EI%'`)).toBe(0);
    expect(await count(db, `select count(*) from partners where pincode !~ '^[1-8][0-9]{5}$'`)).toBe(0);
    // Stages come in order: a later stage is never reached without, or before, the earlier one.
    expect(
      await count(
        db,
        `select count(*) from partners where
      (documents_at < registered_at) or (training_at < documents_at) or (exam_at < training_at)
      or (certified_at < exam_at) or (first_sale_at < certified_at)
      or (training_at is not null and documents_at is null) or (first_sale_at is not null and certified_at is null)`,
      ),
    ).toBe(0);
    expect(await count(db, `select count(*) from partners where (li_pos_status or gi_pos_status) and certified_at is null`)).toBe(0);
    expect(await count(db, 'select count(*) from partners where first_sale_at is not null')).toBeLessThan(
      await count(db, 'select count(*) from partners where certified_at is not null'),
    );
    expect(await count(db, 'select count(*) from partner_mappings where valid_to is not null')).toBeGreaterThan(0);
    expect(
      await count(
        db,
        'select count(*) from partners p where not exists (select 1 from partner_mappings m where m.partner_id = p.id and m.valid_to is null)',
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(
        db,
        'select count(*) from (select partner_id from partner_mappings where valid_to is null group by partner_id having count(*) > 1) x',
      ),
    ).toBe(0);
    expect(
      await count(db, `select count(*) from partner_mappings m join employees e on e.id = m.manager_id where e.designation <> 'rm'`),
    ).toBe(0);
  });

  it('credits each partner policy to the mapping valid at issue time', async () => {
    expect(
      await count(
        a.db,
        `select count(*) from policies p where p.partner_id is not null and not exists (
      select 1 from partner_mappings m where m.partner_id = p.partner_id and m.manager_id = p.employee_id
        and m.valid_from <= p.issued_at and (m.valid_to is null or m.valid_to > p.issued_at))`,
      ),
    ).toBe(0);
    // Moved partners really had business under both RMs.
    expect(
      await count(
        a.db,
        `select count(distinct p.partner_id) from policies p join partner_mappings m on m.partner_id = p.partner_id
      and m.valid_to is not null and p.issued_at < m.valid_to`,
      ),
    ).toBeGreaterThan(0);
  });

  it('spreads realistic policies over the 24 months before today', async () => {
    const db = a.db;
    expect(
      await count(
        db,
        `select count(*) from policies where issued_at < timestamptz '2024-06-01 00:00+05:30'
      or issued_at >= timestamptz '${TODAY} 00:00+05:30'`,
      ),
    ).toBe(0);
    expect(await count(db, `select count(distinct to_char(issued_at at time zone 'Asia/Kolkata', 'YYYY-MM')) from policies`)).toBe(24);
    expect(await count(db, 'select count(distinct business_type) from policies')).toBe(3);
    expect(await count(db, 'select count(distinct status) from policies')).toBe(3);
    expect(await count(db, `select count(*) from policies where (partner_id is null) <> (channel in ('direct', 'online'))`)).toBe(0);
    expect(await count(db, 'select count(*) from policies where partner_id is null')).toBeGreaterThan(0);
    expect(
      await count(
        db,
        `select count(*) from policies p join employees e on e.id = p.employee_id
      where p.partner_id is null and e.designation not in ('rm', 'team_lead')`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        `select count(*) from policies p join products pr using (product_type_id)
      where (pr.line = 'loan') <> (p.loan_amount is not null)`,
      ),
    ).toBe(0);
    expect(
      await count(db, `select count(*) from policies p join products pr using (product_type_id) where pr.line = 'loan'`),
    ).toBeGreaterThan(0);
    expect(
      await count(
        db,
        `select count(*) from policies p join products pr using (product_type_id)
      where p.weightage_premium <> round(p.paid_amount * pr.weightage_factor, 2)`,
      ),
    ).toBe(0);
    expect(await count(db, `select count(*) from policies where (policy_no is not null) <> (status = 'success')`)).toBe(0);
    expect(await count(db, 'select count(*) from policies where created_at >= issued_at or updated_at < created_at')).toBe(0);
    expect(await count(db, `select count(*) from policies where updated_at >= timestamptz '${TODAY} 00:00+05:30'`)).toBe(0);
    expect(await count(db, `select count(*) from policies where business_type in (2, 3) and previous_policy_no is null`)).toBe(0);
    expect(await count(db, `select count(*) from policies where one_click_url is not null and status <> 'pending'`)).toBe(0);
    expect(await count(db, 'select count(*) from policies where one_click_url is not null')).toBeGreaterThan(0);
    // Renewals of policies sold in the window cite them and keep their customer.
    expect(
      await count(
        db,
        `select count(*) from policies r join policies o on o.policy_no = r.previous_policy_no
      where r.customer_id = o.customer_id and r.issued_at > o.issued_at`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(
        db,
        `select count(*) from policies p join products pr using (product_type_id) where pr.line = 'motor' and p.status = 'success' and p.expiry_date is null`,
      ),
    ).toBe(0);
  });

  it('gives life policies terms, instalments and upcoming due dates', async () => {
    const db = a.db;
    const life = `policies p join products pr using (product_type_id) where pr.line = 'life'`;
    expect(
      await count(
        db,
        `select count(*) from ${life} and (p.premium_payment_term not between 5 and 20
      or p.premium_installment_type not in ('Monthly', 'Quarterly', 'Half-Yearly', 'Yearly'))`,
      ),
    ).toBe(0);
    expect(await count(db, `select count(*) from ${life} and p.status = 'success' and p.next_due_date is null`)).toBe(0);
    expect(await count(db, `select count(*) from ${life} and p.next_due_date between '2026-05-01' and '2026-05-31'`)).toBeGreaterThan(0);
    expect(await count(db, `select count(*) from ${life} and p.next_due_date between '2026-06-01' and '2026-08-31'`)).toBeGreaterThan(0);
    expect(
      await count(
        db,
        `select count(*) from policies p join products pr using (product_type_id) where pr.line <> 'life' and p.next_due_date is not null`,
      ),
    ).toBe(0);
  });

  it('sets targets for 24 months and three contests over the current month', async () => {
    const db = a.db;
    expect((await count(db, `select count(*) from employees where designation in ('rm', 'team_lead', 'asm', 'zsm')`)) * 24).toBe(
      await count(db, 'select count(*) from targets'),
    );
    expect(await count(db, `select count(*) from targets where premium <= 0`)).toBe(0);
    const rows = await db.selectFrom('contests').select(['id', 'name', 'zone_ids', 'starts_on', 'ends_on']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 32, name: 'North & west zone contest', zone_ids: [1, 2], starts_on: '2026-05-01', ends_on: '2026-05-31' },
      { id: 33, name: 'South zone contest', zone_ids: [3], starts_on: '2026-05-01', ends_on: '2026-05-31' },
      { id: 34, name: 'East zone contest', zone_ids: [4], starts_on: '2026-05-01', ends_on: '2026-05-31' },
    ]);
  });

  it('creates the demo logins on one branch, with a working password', async () => {
    const db = a.db;
    const users = await db
      .selectFrom('users')
      .innerJoin('employees', 'employees.id', 'users.employee_id')
      .select(['login', 'password_hash', 'employee_id', 'emp_role', 'designation', 'manager_id', 'is_admin'])
      .execute();
    expect(users.map((u) => u.login).sort()).toEqual(DEMO_LOGINS.map((l) => l.login).sort());
    const by = (login: string) => {
      const user = users.find((u) => u.login === login);
      if (!user) throw new Error(`no ${login}`);
      return user;
    };
    expect(await verifyPassword(by('demo.rm').password_hash ?? '', DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(by('demo.rm').password_hash ?? '', 'wrong')).toBe(false);
    // demo.head is the demo organisation's one administrator.
    expect(users.filter((u) => u.is_admin).map((u) => u.login)).toEqual(['demo.head']);
    expect(by('demo.rm').manager_id).toBe(by('demo.tl').employee_id);
    expect(by('demo.tl').manager_id).toBe(by('demo.asm').employee_id);
    expect(by('demo.asm').manager_id).toBe(by('demo.zsm').employee_id);
    expect(by('demo.zsm').manager_id).toBe(by('demo.head').employee_id);
    expect(by('demo.trm').manager_id).toBe(by('demo.supervisor').employee_id);
    expect([by('demo.r201').emp_role, by('demo.r204').emp_role, by('demo.asm').designation]).toEqual(['201', '204', 'asm']);
    for (const login of ['demo.rm', 'demo.r201', 'demo.r204']) {
      expect(
        await count(db, `select count(*) from policies where employee_id = ${by(login).employee_id} and partner_id is not null`),
      ).toBeGreaterThan(0);
    }
    expect(
      await count(
        db,
        `select count(*) from policies p join products pr using (product_type_id)
      where p.employee_id = ${by('demo.r204').employee_id} and pr.line = 'life'`,
      ),
    ).toBeGreaterThan(0);
  });

  it('leaves identity sequences after the generated ids', async () => {
    await expect(
      a.db.transaction().execute(async (trx) => {
        const max = await count(trx, 'select max(id) from policies');
        const row = await trx
          .insertInto('customers')
          .values({ name: 'X', phone: '9000000000', email: 'x@example.com', pincode: '110001' })
          .returning('id')
          .executeTakeFirstOrThrow();
        expect(Number(row.id)).toBe(await count(trx, 'select count(*) from customers'));
        expect(max).toBe(await count(trx, 'select count(*) from policies'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
  });
});
