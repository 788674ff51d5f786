import type { Row } from './import-org';

/**
 * The files the README's "Your own data" commands name, as a newcomer would have them: a small organisation
 * for `import --dir ./organisation` (docs/data-contract.md), then the single files, then the policies an ERP
 * pushes. The README's first administrator is employee EMP0001, the national head (who may run the ETL).
 */

const employee = (code: string, name: string, role: string, manager: string): Row => ({
  unique_code: code,
  name,
  email: `${code.toLowerCase()}@distributor.in`,
  phone: `9810000${code.slice(-3)}`,
  emp_role: role === 'national_head' ? 'head' : role,
  designation: role,
  manager_code: manager,
  zone: 'North',
  pincode: '110001',
});

const EMPLOYEES: Row[] = [
  employee('EMP0001', 'Anita Rao', 'national_head', ''),
  employee('EMP0002', 'Vikram Singh', 'zsm', 'EMP0001'),
  employee('EMP0003', 'Ravi Kumar', 'rm', 'EMP0002'),
  employee('EMP0004', 'Sara Das', 'rm', 'EMP0002'),
];

const partner = (n: number, state: string): Row => ({
  unique_code: `DL0${n}EI00${n}`,
  pos_code: `POS000${n}`,
  name: `Partner ${n}`,
  phone: `987654321${n}`,
  email: `partner${n}@example.com`,
  pincode: `11000${n}`,
  state,
  registered_at: '2026-10-0' + n,
});

const policy = (no: string, seller: string, status: string, amount: string, day: string, businessType: string, state = 'Delhi'): Row => ({
  proposal_no: no,
  partner_code: seller.includes('EI') ? seller : '',
  employee_code: seller.includes('EI') ? '' : seller,
  customer_code: `CUS00${(Number(no.slice(-1)) % 4) + 1}`,
  product_type_id: '12',
  insurer: 'HDFC ERGO',
  state,
  business_type: businessType,
  channel: seller.includes('EI') ? 'pos' : 'direct',
  status,
  paid_amount: amount,
  payment_id: `pay_${no}`,
  issued_at: `2026-11-${day}T10:30:00+05:30`,
});

/** `./organisation`: one file per entity, named after it. */
export const ORGANISATION: Record<string, Row[]> = {
  employees: EMPLOYEES,
  partners: [partner(1, 'Delhi'), partner(2, 'Gujarat'), partner(3, 'Maharashtra')],
  partner_mappings: [
    { partner_code: 'DL01EI001', manager_code: 'EMP0003', reporting_type: '2', valid_from: '2026-10-01' },
    { partner_code: 'DL02EI002', manager_code: 'EMP0003', reporting_type: '2', valid_from: '2026-10-01' },
    { partner_code: 'DL03EI003', manager_code: 'EMP0004', reporting_type: '2', valid_from: '2026-10-01' },
  ],
  customers: [1, 2, 3, 4].map((n) => ({
    customer_code: `CUS00${n}`,
    name: `Customer ${n}`,
    phone: `912345678${n}`,
    email: `customer${n}@example.com`,
    pincode: `40000${n}`,
  })),
  policies: [
    policy('PRP-0001', 'DL01EI001', 'success', '12500.00', '02', '1'),
    policy('PRP-0002', 'DL02EI002', 'success', '8300.50', '05', '2'),
    policy('PRP-0003', 'DL03EI003', 'pending', '4100.00', '06', '1'),
    policy('PRP-0004', 'EMP0003', 'success', '22000.00', '10', '3'),
    policy('PRP-0005', 'DL01EI001', 'cancelled', '5000.00', '12', '1'),
    policy('PRP-0006', 'DL03EI003', 'success', '15999.99', '20', '1'),
  ],
  // Imported users arrive without a password; `users add` gives the first administrator one. The login as a
  // spreadsheet export may spell it: logins compare case-insensitively, so the README's `anita` is this user.
  users: [
    { login: 'Anita', employee_code: 'EMP0001' },
    { login: 'ravi', employee_code: 'EMP0003' },
  ],
};

/** `employees.csv` sent again later: one name corrected, one person joined. */
export const EMPLOYEES_AGAIN: Row[] = [
  ...EMPLOYEES.map((e) => (e.unique_code === 'EMP0004' ? { ...e, name: 'Sara Dasgupta' } : e)),
  employee('EMP0005', 'Meena Iyer', 'rm', 'EMP0002'),
];

/** `policies.csv` for the dry run and the partial import: three good rows, one misspelt state (line 5). */
export const NEW_POLICIES: Row[] = [
  policy('PRP-0101', 'DL02EI002', 'success', '7000.00', '21', '1'),
  policy('PRP-0102', 'DL01EI001', 'pending', '3300.00', '22', '2'),
  policy('PRP-0103', 'EMP0004', 'success', '9100.25', '23', '1'),
  policy('PRP-0104', 'DL03EI003', 'success', '6400.00', '24', '1', 'Gujrat'),
];

/** `policies.csv` as the ERP pushes it afterwards: the state corrected, and a pending policy now paid. */
export const PUSHED_POLICIES: Row[] = [
  ...NEW_POLICIES.map((p) => (p.state === 'Gujrat' ? { ...p, state: 'Gujarat' } : p)),
  ...(ORGANISATION.policies ?? []).filter((p) => p.status === 'pending').map((p) => ({ ...p, status: 'success' })),
];
