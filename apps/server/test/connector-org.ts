import { sql } from 'kysely';
import type { Db } from '../src/platform/db';
import type { OrgRows } from './connector-source';

/**
 * A small organisation written for the connector's tests (not the demo generator): a head, a zonal
 * manager and two RMs (listed before their manager, so references inside one batch are exercised),
 * two partners mapped to the RMs, customers, policies of every status, a target and a user.
 */
export const CONNECTOR_ORG: OrgRows = {
  insurers: [{ name: 'Acme General Insurance' }, { name: 'Bharat Life Assurance' }],
  employees: [
    {
      unique_code: 'CR1',
      name: 'Ravi Menon',
      email: 'ravi@example.com',
      phone: '9800000001',
      emp_role: 'rm',
      designation: 'rm',
      manager_code: 'CZ1',
      zone: 'North',
      pincode: '110001',
      active: 'true',
    },
    {
      unique_code: 'CR2',
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '9800000002',
      emp_role: 'rm',
      designation: 'rm',
      manager_code: 'CZ1',
      zone: 'North',
      pincode: '110002',
      active: 'true',
    },
    {
      unique_code: 'CZ1',
      name: 'Zubin Shah',
      email: 'zubin@example.com',
      phone: '9800000003',
      emp_role: 'zsm',
      designation: 'zsm',
      manager_code: 'CH1',
      zone: 'North',
      pincode: '110003',
      active: 'true',
    },
    {
      unique_code: 'CH1',
      name: 'Hema Iyer',
      email: 'hema@example.com',
      phone: '9800000004',
      emp_role: 'head',
      designation: 'national_head',
      manager_code: null,
      zone: null,
      pincode: null,
      active: 'true',
    },
  ],
  users: [{ login: 'ravi.menon', employee_code: 'CR1', email_report_access: 'true', download_report_access: 'false', active: 'true' }],
  partners: [
    {
      unique_code: 'EIC001',
      pos_code: 'POSC001',
      name: 'Kiran Traders',
      phone: '9811111111',
      email: 'kiran@example.com',
      pincode: '380001',
      state: 'Gujarat',
      li_pos_status: 'true',
      gi_pos_status: 'false',
      registered_at: '2026-01-05',
      documents_at: '2026-01-07',
      training_at: null,
      exam_at: null,
      certified_at: null,
      first_sale_at: null,
    },
    {
      unique_code: 'EIC002',
      pos_code: 'POSC002',
      name: 'Meera Agencies',
      phone: '9822222222',
      email: 'meera@example.com',
      pincode: '400001',
      state: 'maharashtra',
      li_pos_status: 'false',
      gi_pos_status: 'true',
      registered_at: '2026-02-10',
      documents_at: null,
      training_at: null,
      exam_at: null,
      certified_at: null,
      first_sale_at: null,
    },
  ],
  partner_mappings: [
    { partner_code: 'EIC001', manager_code: 'CR1', reporting_type: '2', valid_from: '2026-01-05T00:00:00+05:30', valid_to: null },
    { partner_code: 'EIC002', manager_code: 'CR2', reporting_type: '2', valid_from: '2026-02-10T09:30:00', valid_to: null },
  ],
  customers: [
    { customer_code: 'CC1', name: 'Anil Kumar', phone: '9700000001', email: 'anil@example.com', pincode: '380002' },
    { customer_code: 'CC2', name: 'Beena Das', phone: '9700000002', email: 'beena@example.com', pincode: '400002' },
    { customer_code: 'CC3', name: 'Chetan Pal', phone: '9700000003', email: 'chetan@example.com', pincode: '110004' },
  ],
  policies: [
    policy('CP1', 'EIC001', null, 'CC1', '9', 'success', '12000.00', '2026-04-03T11:00:00+05:30'),
    policy('CP2', 'EIC001', null, 'CC1', '10', 'pending', '5500.50', '2026-04-10T15:20:00+05:30'),
    policy('CP3', 'EIC002', null, 'CC2', '9', 'success', '8800', '2026-05-01T10:00:00+05:30'),
    policy('CP4', null, 'CR2', 'CC3', '9', 'cancelled', '4100.25', '2026-05-12T12:00:00+05:30'),
    policy('CP5', null, 'CR1', 'CC3', '10', 'success', '15000.75', '2026-05-20T09:45:00+05:30'),
  ],
  targets: [{ employee_code: 'CR1', month: '2026-05', premium: '50000.00' }],
};

function policy(
  proposal: string,
  partner: string | null,
  employee: string | null,
  customer: string,
  product: string,
  status: string,
  paid: string,
  issued: string,
): Record<string, string | null> {
  return {
    proposal_no: proposal,
    policy_no: status === 'success' ? `POL-${proposal}` : null,
    partner_code: partner,
    employee_code: employee,
    customer_code: customer,
    product_type_id: product,
    insurer: 'Acme General Insurance',
    state: partner === 'EIC002' ? 'Maharashtra' : 'Gujarat',
    business_type: '1',
    channel: partner ? 'pos' : 'direct',
    status,
    paid_amount: paid,
    weightage_premium: null,
    loan_amount: null,
    payment_id: `PAY-${proposal}`,
    issued_at: issued,
    premium_payment_term: null,
    premium_installment_type: null,
    expiry_date: null,
    previous_policy_no: null,
    next_due_date: null,
    renewal_link: null,
    one_click_url: null,
  };
}

/** What an import left in the database, by natural keys only (no ids or clocks), to compare two databases. */
export async function orgFingerprint(db: Db): Promise<Record<string, unknown[]>> {
  const q = async (text: ReturnType<typeof sql>) => (await text.execute(db)).rows;
  return {
    insurers: await q(sql`select name from insurers order by name`),
    employees:
      await q(sql`select e.unique_code, e.name, e.email, e.phone, e.emp_role, e.designation, m.unique_code as manager, z.name as zone,
        e.pincode, e.active from employees e left join employees m on m.id = e.manager_id left join zones z on z.id = e.zone_id order by e.unique_code`),
    closure: await q(sql`select a.unique_code as ancestor, d.unique_code as descendant, c.depth from employee_closure c
        join employees a on a.id = c.ancestor_id join employees d on d.id = c.descendant_id order by 1, 2`),
    users: await q(sql`select u.login, e.unique_code from users u join employees e on e.id = u.employee_id order by u.login`),
    partners:
      await q(sql`select p.unique_code, p.pos_code, p.name, p.phone, p.email, p.pincode, s.name as state, p.li_pos_status, p.gi_pos_status,
        p.registered_at::text, p.documents_at::text from partners p left join states s on s.id = p.state_id order by p.unique_code`),
    mappings:
      await q(sql`select p.unique_code as partner, e.unique_code as manager, m.reporting_type, m.valid_from, m.valid_to from partner_mappings m
        join partners p on p.id = m.partner_id join employees e on e.id = m.manager_id order by 1, 4`),
    customers: await q(sql`select customer_code, name, phone, email, pincode from customers order by customer_code`),
    policies:
      await q(sql`select x.proposal_no, x.policy_no, p.unique_code as partner, e.unique_code as employee, c.customer_code, x.product_type_id,
        i.name as insurer, s.name as state, x.business_type, x.channel, x.status, x.paid_amount::text, x.weightage_premium::text, x.issued_at
        from policies x left join partners p on p.id = x.partner_id left join employees e on e.id = x.employee_id
        left join customers c on c.id = x.customer_id left join insurers i on i.id = x.insurer_id left join states s on s.id = x.state_id
        order by x.proposal_no`),
    targets: await q(
      sql`select e.unique_code, t.month::text, t.premium::text from targets t join employees e on e.id = t.employee_id order by 1, 2`,
    ),
  };
}
