import { describe, expect, it } from 'vitest';
import { applyDropdown, cellText, dropdownOptions, growthDirection, reportColumns, sortValue } from './columns';

const records = [
  {
    'User Id': 'RM1',
    Name: 'A',
    'Policies count': 3,
    'Total Premium': 150000,
    'Premium Growth %': -5,
    account_id: 'RM1',
    product_type: 'motor',
  },
];

describe('report columns', () => {
  it('hides internal keys and titles columns from the key map', () => {
    const cols = reportColumns(
      'Team report summary',
      ['unique_code', 'user_name', 'SUM(paid_amount)', 'account_id', 'product_type', 'filter', 'created_by'],
      [],
    );
    expect(cols.map((c) => c.title)).toEqual(['User Id', 'Name', 'Total Premium']);
    expect(cols[2]?.kind).toBe('currency');
  });
  it('uses the first record’s keys when the response lists no columns, and per-report titles', () => {
    const cols = reportColumns('Pending summary', [], records);
    expect(cols.map((c) => c.title)).toEqual(['User Id', 'Name', 'NOP', 'Premium', 'Premium Growth %']);
    expect(cols.map((c) => c.kind)).toEqual(['text', 'text', 'number', 'currency', 'growth-arrow']);
  });
  it('the dropdown keeps User Id and Name first, then the columns starting with the value', () => {
    const cols = reportColumns('User insurer wise business', ['User Id', 'Name', 'Acko', 'Bajaj Allianz', 'Bharti AXA', 'Total'], []);
    expect(dropdownOptions(cols)).toEqual(['Acko', 'Bajaj Allianz', 'Bharti AXA', 'Total']);
    expect(applyDropdown(cols, 'B').map((c) => c.key)).toEqual(['User Id', 'Name', 'Bajaj Allianz', 'Bharti AXA']);
    expect(applyDropdown(cols, null)).toHaveLength(6);
  });
});

describe('rupee format (cr above 9,999,999, lac above 99,999, k above 999)', () => {
  const currency = { kind: 'currency' as const };
  it('scales at the thresholds, two decimals, rupee sign', () => {
    expect(cellText(currency, 999)).toBe('₹999');
    expect(cellText(currency, 1000)).toBe('₹1.00 k');
    expect(cellText(currency, 99_999)).toBe('₹100.00 k');
    expect(cellText(currency, 100_000)).toBe('₹1.00 lac');
    expect(cellText(currency, 9_999_999)).toBe('₹100.00 lac');
    expect(cellText(currency, 10_000_000)).toBe('₹1.00 cr');
    expect(cellText(currency, 123.5)).toBe('₹123.50');
    expect(cellText(currency, null)).toBe('-');
  });
  it('sorts Total Premium and Weightage Premium by value, undoing k, lac and cr', () => {
    expect(sortValue(currency, '₹1.50 k')).toBe(1500);
    expect(sortValue(currency, '₹2.25 lac')).toBe(225000);
    expect(sortValue(currency, '₹1.10 cr')).toBeCloseTo(11_000_000);
    expect(sortValue(currency, 42)).toBe(42);
    const texts = ['₹9.00 k', '₹1.00 lac', '₹950', '₹1.00 cr'];
    expect([...texts].sort((a, b) => Number(sortValue(currency, a)) - Number(sortValue(currency, b)))).toEqual([
      '₹950',
      '₹9.00 k',
      '₹1.00 lac',
      '₹1.00 cr',
    ]);
  });
  it('sorts numbers held as text by value', () => {
    expect(sortValue({ kind: 'number' }, '1,234')).toBe(1234);
    expect(sortValue({ kind: 'text' }, 'RM1')).toBe('RM1');
    expect(sortValue({ kind: 'text' }, null)).toBeNull();
  });
});

describe('growth cells', () => {
  it('up above zero, down below, flat (yellow square) at zero', () => {
    expect(growthDirection(12.5)).toBe('up');
    expect(growthDirection(-0.01)).toBe('down');
    expect(growthDirection(0)).toBe('flat');
    expect(growthDirection('0')).toBe('flat');
    expect(growthDirection(null)).toBe('flat');
    expect(cellText({ kind: 'growth-arrow' }, -5)).toBe('-5%');
  });
});
