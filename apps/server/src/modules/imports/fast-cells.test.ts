import { importColumns, type ImportEntity } from '@dossier/shared';
import { describe, expect, it } from 'vitest';
import { rowValidator } from './core';

/*
 * The shortcuts of fast-cells.ts must give, for every cell, what the shared row schema gives: the same value
 * for a valid cell, the same problems (fields and messages) for an invalid one. Rows are built from valid
 * cells with one or more cells replaced by borderline and invalid ones, and validated both ways.
 */

const VARIANTS: Record<string, readonly (string | null)[]> = {
  code: [
    'BP00000001',
    'a',
    'A.b_c/d-e',
    '_x',
    '.x',
    '/x',
    '-1',
    '-x',
    '+1',
    '+x',
    '=x',
    '@x',
    'x y',
    'x,y',
    'é',
    'BP\u0930',
    'x'.repeat(64),
    'x'.repeat(65),
    '1'.repeat(64),
    '-',
    '',
    null,
  ],
  text: [
    'HDFC ERGO',
    'Star Health',
    'tata aig',
    '9 lives',
    'Tamil Nadu',
    'महाराष्ट्र',
    '=SUM(A1)',
    '+x',
    '-x',
    '-1',
    '@x',
    ' x',
    '"x"',
    "'x",
    'x'.repeat(40),
    'x'.repeat(41),
    'x'.repeat(60),
    'x'.repeat(61),
    'x'.repeat(100),
    'x'.repeat(101),
    'x'.repeat(200),
    'x'.repeat(201),
    '',
    null,
  ],
  amount: ['0', '1', '1000.5', '1000.50', '1000.505', '123456789012', '1234567890123', '1,000', '-1', '+1', '.5', '1.', 'x', '', null],
  integer: ['9', '10', '36', '8', '37', '0', '00', '09', '99', '100', '1.5', '-1', 'x', '1234567', '', null],
  instant: [
    '2025-01-01T10:30:00+05:30',
    '2025-01-01',
    '2025-01-01 10:30',
    '2025-01-01T10:30:00Z',
    '2025-01-01T10:30:00.123456+0530',
    '2025-02-29T10:00:00+05:30',
    '2024-02-29T10:00:00+05:30',
    '2025-01-01T24:00:00+05:30',
    '2025-13-01',
    '01/02/2025',
    '2025-01-01T10:30:00+5:30',
    'x',
    '',
    null,
  ],
  date: ['2025-01-01', '2025-02-29', '2025-1-1', 'x', '', null],
  link: ['https://renew.example/r/1', 'http://renew.example/r/1', 'javascript:alert(1)', '', null],
  phone: ['9822222222', '+91 98222 22222', '98-222', '12345', 'x', '', null],
  email: ['c1@bench.in', 'a@b.c', 'a b@c.d', 'a@b', '=a@b.c', '.a@b.c', 'x'.repeat(195) + '@b.in', 'x'.repeat(196) + '@b.in', '', null],
  pincode: ['400001', '40000', '4000011', 'x00001', '', null],
  oneOf: ['pos', 'POS', 'success', 'cancelled', '1', '2', 'fresh', 'renewal', 'x', '', null],
};

const KIND: Partial<Record<ImportEntity, Record<string, keyof typeof VARIANTS>>> = {
  policies: {
    proposal_no: 'code',
    policy_no: 'code',
    partner_code: 'code',
    employee_code: 'code',
    customer_code: 'code',
    product_type_id: 'integer',
    insurer: 'text',
    state: 'text',
    business_type: 'oneOf',
    channel: 'oneOf',
    status: 'oneOf',
    paid_amount: 'amount',
    weightage_premium: 'amount',
    loan_amount: 'amount',
    payment_id: 'text',
    issued_at: 'instant',
    premium_payment_term: 'integer',
    premium_installment_type: 'text',
    expiry_date: 'date',
    previous_policy_no: 'code',
    next_due_date: 'date',
    renewal_link: 'link',
    one_click_url: 'link',
  },
  customers: { customer_code: 'code', name: 'text', phone: 'phone', email: 'email', pincode: 'pincode' },
};

const VALID: Partial<Record<ImportEntity, Record<string, string | null>>> = {
  policies: {
    proposal_no: 'BP00000001',
    policy_no: 'BPOL00000001',
    partner_code: 'B00001EI',
    employee_code: null,
    customer_code: 'BC000001',
    product_type_id: '9',
    insurer: 'HDFC ERGO',
    state: 'Maharashtra',
    business_type: '1',
    channel: 'pos',
    status: 'success',
    paid_amount: '1000.50',
    weightage_premium: null,
    loan_amount: null,
    payment_id: 'BPAY1',
    issued_at: '2025-01-01T10:30:00+05:30',
    premium_payment_term: null,
    premium_installment_type: null,
    expiry_date: null,
    previous_policy_no: null,
    next_due_date: null,
    renewal_link: null,
    one_click_url: null,
  },
  customers: { customer_code: 'BC000001', name: 'Customer 1', phone: '9822222222', email: 'c1@bench.in', pincode: '400001' },
};

function* rowsOf(entity: ImportEntity): Generator<(string | null)[]> {
  const columns = importColumns(entity);
  const kinds = KIND[entity] ?? {};
  const base = columns.map((c) => VALID[entity]?.[c] ?? null);
  yield base;
  // Each variant in each column, the others valid.
  for (const [i, column] of columns.entries()) {
    for (const variant of VARIANTS[kinds[column] ?? 'text'] ?? []) yield base.map((v, j) => (j === i ? variant : v));
  }
  // Several columns changed at once (a fixed pseudo-random walk): problems of several fields in column order.
  let seed = 47;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  for (let k = 0; k < 2000; k++) {
    yield columns.map((column, j) => {
      if (next(3) !== 0) return base[j] ?? null;
      const variants = VARIANTS[kinds[column] ?? 'text'] ?? [];
      return variants[next(variants.length)] ?? null;
    });
  }
}

describe('the shortcuts for the cells of large files', () => {
  for (const entity of ['policies', 'customers'] as const) {
    it(`give what the ${entity} row schema gives, for valid, borderline and invalid cells`, () => {
      const columns = importColumns(entity);
      expect(Object.keys(KIND[entity] ?? {}).sort()).toEqual([...columns].sort());
      const fast = rowValidator(entity, columns);
      const schema = rowValidator(entity, columns, false);
      let rows = 0;
      let valid = 0;
      for (const row of rowsOf(entity)) {
        const expected = schema(row);
        expect([row, fast(row)]).toEqual([row, expected]);
        rows++;
        if (!expected.problems) valid++;
      }
      // Both kinds were met in numbers.
      expect(rows).toBeGreaterThan(2050);
      expect(valid).toBeGreaterThan(50);
      expect(rows - valid).toBeGreaterThan(1000);
    });
  }

  it('validate the cells of the bench file without the schema for its unique cells', () => {
    const columns = importColumns('policies');
    const row = columns.map((c) => VALID.policies?.[c] ?? null);
    expect(rowValidator('policies', columns)(row)).toEqual({
      values: row.map((v, i) => (columns[i] === 'issued_at' ? '2025-01-01T10:30:00+05:30' : v)),
    });
  });
});
