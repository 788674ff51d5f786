import { ImportEntity } from '@dossier/shared';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A small distributor written by hand for the import tests (not the demo generator): people, partners
 * with a mapping history, customers, policies (partner business credited by the mapping, direct business
 * naming its employee), insurers, targets, a contest, cases, leads and users, as the CSV files of
 * docs/data-contract.md. The expected figures are computed from these rows by the tests themselves.
 */

export type Row = Record<string, string>;

/** The data contract's import order: the order of the entity list itself. */
export const IMPORT_ORDER = ImportEntity.options;

export type OrgFiles = Record<(typeof IMPORT_ORDER)[number], Row[]>;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function buildOrg(): OrgFiles {
  const employees: Row[] = [
    emp('H1', 'Anita Head', 'head', 'national_head', '', 'North'),
    emp('Z1', 'Vikram Zsm', 'zsm', 'zsm', 'H1', 'north'),
    emp('Z2', 'Lakshmi Zsm', 'zsm', 'zsm', 'H1', 'SOUTH'),
    emp('R1', 'Rohan Rm', 'rm', 'rm', 'Z1', 'North'),
    emp('R2', 'Sara Rm', 'rm', 'rm', 'Z1', 'North'),
    emp('R3', 'Arjun Rm', 'rm', 'rm', 'Z2', 'South'),
    emp('T1', 'Nisha Trm', 'trm', 'trm', 'Z2', 'South'),
  ];
  const states = ['Delhi', 'gujarat', 'Maharashtra', 'KARNATAKA', 'Tamil Nadu', 'Sikkim'];
  const partners: Row[] = [];
  const mappings: Row[] = [];
  const rms = ['R1', 'R2', 'R3'];
  for (let i = 1; i <= 9; i++) {
    const code = `P${pad(i)}EI`;
    partners.push({
      unique_code: code,
      pos_code: `POS${pad(i, 3)}`,
      name: `Partner ${i}`,
      phone: `98765${pad(i, 5)}`,
      email: `partner${i}@example.com`,
      pincode: `${110000 + i}`,
      state: states[i % states.length] ?? 'Delhi',
      li_pos_status: i % 2 === 0 ? 'true' : 'false',
      gi_pos_status: 'true',
      registered_at: `2026-01-${pad(i)}`,
      documents_at: `2026-01-${pad(i + 5)}`,
      training_at: i % 3 === 0 ? '' : `2026-02-${pad(i)}`,
      exam_at: '',
      certified_at: '',
      first_sale_at: '',
    });
    mappings.push({
      partner_code: code,
      manager_code: rms[i % 3] ?? 'R1',
      reporting_type: '2',
      valid_from: '2026-01-01',
      valid_to: '',
    });
    // Three partners move to another RM on 1 March: the new current mapping closes the old one.
    if (i <= 3) {
      mappings.push({
        partner_code: code,
        manager_code: rms[(i + 1) % 3] ?? 'R1',
        reporting_type: '2',
        valid_from: '2026-03-01T00:00:00+05:30',
        valid_to: '',
      });
    }
  }
  const customers: Row[] = [];
  for (let i = 1; i <= 20; i++) {
    customers.push({
      customer_code: `C${pad(i, 3)}`,
      name: `Customer ${i}`,
      phone: `91234${pad(i, 5)}`,
      email: `c${i}@example.com`,
      pincode: `${400000 + i}`,
    });
  }
  const insurers: Row[] = [{ name: 'hdfc ergo' }, { name: 'Acme General' }, { name: 'Zen Life' }];
  const insurerNames = ['HDFC ERGO', 'acme general', 'Zen Life', 'Star Health'];
  const statuses = ['success', 'success', 'success', 'pending', 'cancelled'];
  const products = [10, 12, 34, 9, 25, 17];
  const policies: Row[] = [];
  for (let i = 1; i <= 120; i++) {
    const direct = i % 6 === 0;
    const month = 1 + (i % 5);
    const day = 1 + (i % 27);
    const hour = i % 24;
    const product = products[i % products.length] ?? 10;
    policies.push({
      proposal_no: `PR${pad(i, 5)}`,
      policy_no: i % 5 === 3 ? '' : `POL${pad(i, 5)}`,
      partner_code: direct ? '' : `P${pad(1 + (i % 9))}EI`,
      employee_code: direct ? (rms[i % 3] ?? 'R1') : '',
      customer_code: `C${pad(1 + (i % 20), 3)}`,
      product_type_id: String(product),
      insurer: insurerNames[i % insurerNames.length] ?? 'Zen Life',
      state: states[i % states.length] ?? 'Delhi',
      business_type: String(1 + (i % 3)),
      channel: direct ? 'direct' : 'pos',
      status: statuses[i % statuses.length] ?? 'success',
      paid_amount: `${1000 + i * 37}.${pad(i % 100)}`,
      weightage_premium: i % 4 === 0 ? '' : `${900 + i * 31}.50`,
      loan_amount: product === 17 ? `${50000 + i}` : '',
      payment_id: `PAY${pad(i, 5)}`,
      // Half with an offset, half without (Indian time).
      issued_at: i % 2 === 0 ? `2026-${pad(month)}-${pad(day)}T${pad(hour)}:15:00+05:30` : `2026-${pad(month)}-${pad(day)} ${pad(hour)}:45`,
      premium_payment_term: product === 34 ? '10' : '',
      premium_installment_type: product === 34 ? 'yearly' : '',
      expiry_date: `2027-${pad(month)}-${pad(day)}`,
      previous_policy_no: '',
      next_due_date: product === 34 ? `2027-${pad(month)}-${pad(day)}` : '',
      renewal_link: '',
      one_click_url: '',
    });
  }
  const targets: Row[] = [];
  for (const rm of rms)
    for (let m = 1; m <= 5; m++) targets.push({ employee_code: rm, month: `2026-${pad(m)}`, premium: `${100000 + m * 5000}` });
  const contests: Row[] = [
    { name: 'Spring Sprint', zones: 'North|south', starts_on: '2026-03-01', ends_on: '2026-05-31', target_wp: '250000' },
  ];
  const cases: Row[] = [];
  const leads: Row[] = [];
  const categories = ['Call Back Requested', 'quote drop-off', 'Payment Pending', 'Renewal Due', 'Documents Pending'];
  for (let i = 1; i <= 5; i++) {
    cases.push({
      case_code: `CASE${i}`,
      customer_code: `C${pad(i, 3)}`,
      partner_code: `P${pad(i)}EI`,
      product_type_id: '12',
      pincode: `${400000 + i}`,
      case_date: `2026-05-${pad(i)}`,
      status: i === 5 ? 'closed' : 'open',
      owner_code: 'T1',
      remark: '',
    });
    leads.push({ case_code: `CASE${i}`, category: categories[i - 1] ?? 'Call Back Requested', lead_date: `2026-05-${pad(i)}` });
  }
  const users: Row[] = [
    { login: 'anita', employee_code: 'H1', email_report_access: 'true', download_report_access: 'true', active: 'true' },
    { login: 'vikram', employee_code: 'Z1', email_report_access: 'false', download_report_access: '', active: '' },
    { login: 'rohan', employee_code: 'R1', email_report_access: '', download_report_access: '', active: 'true' },
  ];
  return {
    insurers,
    employees,
    partners,
    partner_mappings: mappings,
    customers,
    policies,
    targets,
    contests,
    cases,
    leads,
    users,
  };
}

function emp(code: string, name: string, role: string, designation: string, manager: string, zone: string): Row {
  return {
    unique_code: code,
    name,
    email: `${code.toLowerCase()}@example.com`,
    phone: `98000${code.charCodeAt(0)}${code.charCodeAt(1)}`.slice(0, 10),
    emp_role: role,
    designation,
    manager_code: manager,
    zone,
    pincode: '110001',
    active: 'true',
  };
}

/** RFC 4180 CSV: every cell quoted when it holds a comma, quote or line break. */
export function toCsv(rows: Row[], columns = Object.keys(rows[0] ?? {})): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c] ?? '')).join(','))].join('\r\n') + '\r\n';
}

export function writeOrg(dir: string, org: OrgFiles): Record<keyof OrgFiles, string> {
  mkdirSync(dir, { recursive: true });
  const paths = {} as Record<keyof OrgFiles, string>;
  for (const entity of IMPORT_ORDER) {
    const path = join(dir, `${entity}.csv`);
    writeFileSync(path, toCsv(org[entity]));
    paths[entity] = path;
  }
  return paths;
}
