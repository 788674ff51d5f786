import { kolkataToday, PRODUCTS, REPORTING_TYPES } from '@dossier/shared';
import { createTestApp, signedInCallers, type Caller, type TestContext } from './app';
import type { Db } from '../src/platform/db';

/**
 * Partners, mapping history and life policies for the team-area API tests, on top of the fixture
 * organisation (NH001 → ZSM001 → {RM001, RM002 (204)}, NH001 → ZSM002 → RM003 (201)).
 */
export interface TeamFixturePartner {
  code: string;
  name: string;
  li?: boolean;
  /** [manager code, reporting type, valid_from, valid_to] spans, oldest first. */
  spans: readonly (readonly [string, number, string, string | null])[];
}

export const TEAM_PARTNERS: readonly TeamFixturePartner[] = [
  { code: 'EI000001', name: 'Asha Verma', li: true, spans: [['RM001', 2, '2024-01-10T05:00:00Z', null]] },
  { code: 'EI000002', name: 'Bharat Singh', spans: [['RM001', 2, '2024-02-01T05:00:00Z', null]] },
  { code: 'EI000003', name: 'Chitra Rao', li: true, spans: [['RM001', 2, '2024-02-01T05:00:00Z', null]] },
  { code: 'EI000004', name: 'Deepak Nair', li: true, spans: [['RM002', 9, '2024-03-01T05:00:00Z', null]] },
  { code: 'EI000005', name: 'Esha Gupta', spans: [['RM003', 2, '2024-01-01T05:00:00Z', null]] },
  {
    code: 'EI000006',
    name: 'Farhan Ali',
    spans: [
      ['RM003', 2, '2024-01-01T05:00:00Z', '2025-03-01T05:00:00Z'],
      ['RM001', 2, '2025-03-01T05:00:00Z', null],
    ],
  },
  { code: 'EI000011', name: 'Gita Das', li: true, spans: [] },
  { code: 'EI000012', name: 'Harish Kumar', spans: [] },
  { code: 'EI000013', name: 'Indu Menon', spans: [['RM001', 2, '2024-01-01T05:00:00Z', '2025-01-01T05:00:00Z']] },
  { code: 'EI000014', name: 'Jatin Shah', spans: [] },
];

/** [partner, product_type_id, status, next_due_date, paid, credited employee] */
const POLICIES: readonly (readonly [string, number, 'success' | 'cancelled', string, number, string])[] = [
  ['EI000001', 34, 'success', '2025-06-10', 12000, 'RM001'],
  ['EI000001', 35, 'success', '2025-06-20', 8000, 'RM001'],
  ['EI000002', 36, 'success', '2025-06-15', 50000, 'RM001'],
  ['EI000002', 10, 'success', '2025-06-15', 9000, 'RM001'],
  ['EI000002', 34, 'cancelled', '2025-06-16', 7000, 'RM001'],
  ['EI000005', 34, 'success', '2025-06-12', 40000, 'RM003'],
  ['EI000004', 34, 'success', '2025-06-05', 30000, 'RM002'],
  ['EI000006', 35, 'success', '2025-06-25', 1500, 'RM003'],
  ['EI000003', 34, 'success', '2025-07-01', 4000, 'RM001'],
  ['EI000003', 34, 'success', kolkataToday(), 2500, 'RM001'],
];

export async function seedTeamFixtures(db: Db, employees: Map<string, number>): Promise<Map<string, number>> {
  const emp = (code: string): number => {
    const id = employees.get(code);
    if (id === undefined) throw new Error(`fixture employee ${code} missing`);
    return id;
  };
  await db
    .insertInto('states')
    .values([{ id: 1, name: 'Delhi', zone_id: 1 }])
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('insurers')
    .values([{ id: 1, name: 'Fixture Insurance' }])
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('business_types')
    .values([
      { id: 1, name: 'New Business' },
      { id: 2, name: 'Rollover' },
      { id: 3, name: 'Renewal' },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('reporting_types')
    .values(REPORTING_TYPES.map((t) => ({ id: t.id, name: t.name })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('products')
    .values(
      PRODUCTS.map((p) => ({
        product_type_id: p.product_type_id,
        name: p.name,
        line: p.line,
        product_type: p.product_type,
        weightage_factor: p.weightage_factor,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();

  const partners = new Map<string, number>();
  for (const [index, p] of TEAM_PARTNERS.entries()) {
    const row = await db
      .insertInto('partners')
      .values({
        unique_code: p.code,
        pos_code: p.code.replace('EI', 'POS'),
        name: p.name,
        phone: `98765${String(index).padStart(5, '0')}`,
        email: `${p.code.toLowerCase()}@example.com`,
        pincode: '110001',
        state_id: 1,
        li_pos_status: p.li ?? false,
        gi_pos_status: true,
        registered_at: '2023-12-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    partners.set(p.code, row.id);
    for (const [manager, type, from, to] of p.spans) {
      await db
        .insertInto('partner_mappings')
        .values({ partner_id: row.id, manager_id: emp(manager), reporting_type: type, valid_from: from, valid_to: to })
        .execute();
    }
  }

  const customer = await db
    .insertInto('customers')
    .values({ name: 'Fixture Customer', phone: '9000000000', email: 'customer@example.com', pincode: '110001' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, [partner, product, status, due, paid, credited]] of POLICIES.entries()) {
    await db
      .insertInto('policies')
      .values({
        proposal_no: `PRT${String(i).padStart(6, '0')}`,
        policy_no: `POLT${i}`,
        partner_id: partners.get(partner) ?? null,
        employee_id: emp(credited),
        customer_id: customer.id,
        product_type_id: product,
        insurer_id: 1,
        state_id: 1,
        business_type: 1,
        channel: 'pos',
        status,
        paid_amount: paid,
        weightage_premium: paid,
        payment_id: `pay_t${i}`,
        issued_at: '2024-06-01T05:00:00Z',
        created_at: '2024-06-01T05:00:00Z',
        updated_at: '2024-06-01T05:00:00Z',
        premium_payment_term: 10,
        premium_installment_type: 'yearly',
        next_due_date: due,
      })
      .execute();
  }
  return partners;
}

/** The real app over the fixture organisation plus the team fixtures, and callers signed in per login. */
export async function createTeamTestApp(): Promise<
  TestContext & { partners: Map<string, number>; as: (login: string) => Promise<Caller> }
> {
  const ctx = await createTestApp();
  const partners = await seedTeamFixtures(ctx.db.db, ctx.ids);
  return { ...ctx, partners, as: signedInCallers(ctx.app) };
}
