import { addDays, kolkataToday } from '@dossier/shared';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Db } from '../src/platform/db';
import { hashPassword } from '../src/platform/passwords';
import type { TelephonyProvider } from '../src/platform/telephony/types';
import { signedInCallers, type Caller, type TestContext } from './app';
import { createTestDb } from './db';
import { FIXTURE_PASSWORD, seedFixtureOrg } from './fixtures';

/**
 * The call-centre world on top of the fixture organisation (head → zsm → {rm, r204}; zsm2 → r201):
 *   trm (TRM001) under zsm, trm2 (TRM002) under zsm2
 *   partners EI0001 (rm, 110001), EI0002 (rm, 110005), EI0005 (rm, 110045, best recent business),
 *            EI0003 (r204, 110001), EI0004 (r201, 122001), EI0006 (unmapped, 110001)
 *   cases: trmCase (trm, EI0001, customer 'asha verma', today), trmMissCase (trm, number ending 000),
 *          trmBusyCase (trm, number ending 111), trm2Case (trm2), leadCase (lead of EI0001, tomorrow),
 *          otherLeadCase (lead of EI0004 under r201)
 */
export interface CallCentreFixture {
  today: string;
  tomorrow: string;
  partners: Record<'p1' | 'p2' | 'p3' | 'p4' | 'p5' | 'p6', number>;
  customers: Record<'asha' | 'miss' | 'busy' | 'other', number>;
  cases: Record<'trmCase' | 'trmMissCase' | 'trmBusyCase' | 'trm2Case' | 'leadCase' | 'otherLeadCase', number>;
  leads: Record<'leadCase' | 'otherLeadCase', number>;
}

export async function seedCallCentre(db: Db, ids: Map<string, number>): Promise<CallCentreFixture> {
  const id = (code: string) => {
    const v = ids.get(code);
    if (v === undefined) throw new Error(`fixture: no employee ${code}`);
    return v;
  };
  const passwordHash = await hashPassword(FIXTURE_PASSWORD);
  for (const [login, code, manager] of [
    ['trm', 'TRM001', 'ZSM001'],
    ['trm2', 'TRM002', 'ZSM002'],
  ] as const) {
    const row = await db
      .insertInto('employees')
      .values({
        unique_code: code,
        name: `${login} Caller`,
        email: `${login}@example.com`,
        phone: '9811100000',
        emp_role: 'trm',
        designation: 'trm',
        manager_id: id(manager),
        zone_id: 1,
        pincode: '110001',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(code, row.id);
    await db.insertInto('users').values({ login, password_hash: passwordHash, employee_id: row.id }).execute();
  }
  await db.deleteFrom('employee_closure').execute();
  await sql`
    with recursive chain as (
      select id as ancestor_id, id as descendant_id, 0 as depth from employees
      union all
      select e.manager_id, c.descendant_id, c.depth + 1 from chain c join employees e on e.id = c.ancestor_id where e.manager_id is not null
    )
    insert into employee_closure (ancestor_id, descendant_id, depth) select ancestor_id, descendant_id, depth from chain`.execute(db);

  await db
    .insertInto('states')
    .values({ id: 1, name: 'Delhi', zone_id: 1 })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('insurers')
    .values({ id: 1, name: 'Fixture General' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('business_types')
    .values({ id: 1, name: 'New Business' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('reporting_types')
    .values({ id: 2, name: 'Partner to Field RM' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('products')
    .values([
      { product_type_id: 10, name: 'Four Wheeler Comprehensive', line: 'motor', product_type: 'motor', weightage_factor: 1 },
      { product_type_id: 12, name: 'Health Base', line: 'health', product_type: 'health', weightage_factor: 1.5 },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();

  const partner = async (code: string, name: string, pincode: string, manager: string | null) => {
    const row = await db
      .insertInto('partners')
      .values({
        unique_code: code,
        pos_code: `POS${code}`,
        name,
        phone: `98000${code.slice(-5).replace(/\D/g, '0')}`,
        email: `${code}@example.com`,
        pincode,
        state_id: 1,
        registered_at: '2024-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (manager)
      await db
        .insertInto('partner_mappings')
        .values({ partner_id: row.id, manager_id: id(manager), reporting_type: 2, valid_from: '2024-01-01T00:00:00Z', valid_to: null })
        .execute();
    return row.id;
  };
  const partners = {
    p1: await partner('EI0001', 'ravi KUMAR', '110001', 'RM001'),
    p2: await partner('EI0002', 'sunita rao', '110005', 'RM001'),
    p3: await partner('EI0003', 'mohan das', '110001', 'RM002'),
    p4: await partner('EI0004', 'kiran shah', '122001', 'RM003'),
    p5: await partner('EI0005', 'anil mehta', '110045', 'RM001'),
    p6: await partner('EI0006', 'gone partner', '110001', null),
  };

  const customer = async (name: string, phone: string, pincode: string) =>
    Number(
      (await db.insertInto('customers').values({ name, phone, email: 'c@example.com', pincode }).returning('id').executeTakeFirstOrThrow())
        .id,
    );
  const customers = {
    asha: await customer('asha verma', '9876543210', '110001'),
    miss: await customer('nobody home', '9876540000', '110002'),
    busy: await customer('always busy', '9876541111', '110003'),
    other: await customer('other branch', '9876549999', '122001'),
  };

  // Recent business ranks advisors within a pincode tier: EI0005 sold more than EI0002.
  let n = 0;
  const policy = async (partnerId: number, manager: string, amount: number) => {
    n++;
    await db
      .insertInto('policies')
      .values({
        proposal_no: `PR${n}`,
        policy_no: `PO${n}`,
        partner_id: partnerId,
        employee_id: id(manager),
        customer_id: customers.asha,
        product_type_id: 10,
        insurer_id: 1,
        state_id: 1,
        business_type: 1,
        channel: 'pos',
        status: 'success',
        paid_amount: amount,
        weightage_premium: amount,
        loan_amount: null,
        payment_id: `PAY${n}`,
        issued_at: new Date(Date.now() - 10 * 86_400_000),
        created_at: new Date(),
        updated_at: new Date(),
        expiry_date: null,
        previous_policy_no: null,
        premium_payment_term: null,
        premium_installment_type: null,
        next_due_date: null,
        renewal_link: null,
        one_click_url: null,
      })
      .execute();
  };
  await policy(partners.p2, 'RM001', 5_000);
  await policy(partners.p5, 'RM001', 90_000);

  const today = kolkataToday();
  const tomorrow = addDays(today, 1);
  const kase = async (values: {
    customer: number;
    partner: number | null;
    trm: string | null;
    date: string;
    pincode: string;
    product?: number;
  }) =>
    Number(
      (
        await db
          .insertInto('cases')
          .values({
            customer_id: values.customer,
            partner_id: values.partner,
            trm_id: values.trm ? id(values.trm) : null,
            product_type_id: values.product ?? 10,
            case_date: values.date,
            pincode: values.pincode,
            remark: 'Follow-up',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const cases = {
    trmCase: await kase({ customer: customers.asha, partner: partners.p1, trm: 'TRM001', date: today, pincode: '110001' }),
    trmMissCase: await kase({ customer: customers.miss, partner: partners.p2, trm: 'TRM001', date: today, pincode: '110002' }),
    trmBusyCase: await kase({
      customer: customers.busy,
      partner: partners.p2,
      trm: 'TRM001',
      date: tomorrow,
      pincode: '110003',
      product: 12,
    }),
    trm2Case: await kase({ customer: customers.other, partner: partners.p4, trm: 'TRM002', date: today, pincode: '122001' }),
    leadCase: await kase({ customer: customers.asha, partner: partners.p1, trm: null, date: tomorrow, pincode: '110001' }),
    otherLeadCase: await kase({ customer: customers.other, partner: partners.p4, trm: null, date: today, pincode: '122001' }),
  };
  const lead = async (caseId: number, category: number, date: string) =>
    Number(
      (
        await db
          .insertInto('leads')
          .values({ case_id: caseId, category_id: category, lead_date: date })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const leads = {
    leadCase: await lead(cases.leadCase, 1, tomorrow),
    otherLeadCase: await lead(cases.otherLeadCase, 2, today),
  };
  return { today, tomorrow, partners, customers, cases, leads };
}

export interface CallCentreContext extends TestContext {
  fx: CallCentreFixture;
  /** A caller signed in as this login (`signedInCallers`, test/app.ts). */
  as: (login: string) => Promise<Caller>;
}

/** The real app over a fresh database with the fixture org and call-centre world; telephony injectable. */
export async function createCallCentreApp(
  opts: { telephony?: TelephonyProvider; config?: Partial<Record<keyof Config, string>> } = {},
): Promise<CallCentreContext> {
  const db = await createTestDb();
  const ids = await seedFixtureOrg(db.db);
  const fx = await seedCallCentre(db.db, ids);
  const config = loadConfig({ WEB_DIST: '/nonexistent', TELEPHONY_SIMULATOR_MODE: 'deterministic', ...opts.config });
  const app = await buildApp({ config, db: db.db, ...(opts.telephony ? { telephony: opts.telephony } : {}) });
  await app.ready();
  return {
    app,
    db,
    ids,
    fx,
    as: signedInCallers(app),
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}
