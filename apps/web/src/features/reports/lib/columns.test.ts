import { describe, expect, it } from 'vitest';
import type { ReportColumnDef, ReportColumnKind } from '@dossier/shared';
import { applyDropdown, cellText, dropdownOptions, growthDirection, reportColumns } from './columns';

const col = (key: string, kind: ReportColumnKind, over: Partial<ReportColumnDef> = {}): ReportColumnDef => ({
  key,
  title: key,
  kind,
  hidden: false,
  sortable: true,
  pinned: false,
  ...over,
});
const withColumns = (column_defs: ReportColumnDef[]) => ({
  data: { data: { columns: column_defs.map((c) => c.key), records: [], column_defs } },
});

describe('report columns', () => {
  it('shows the definitions the server sends, hidden ones left out, under their titles', () => {
    const cols = reportColumns(
      withColumns([
        col('User Id', 'text', { pinned: true }),
        col('Total Premium', 'currency', { title: 'Premium' }),
        col('account_id', 'text', { hidden: true }),
      ]),
    );
    expect(cols.map((c) => [c.key, c.title, c.kind])).toEqual([
      ['User Id', 'User Id', 'text'],
      ['Total Premium', 'Premium', 'currency'],
    ]);
  });
  it('the dropdown keeps the pinned User Id and Name first, then the columns starting with the value', () => {
    const cols = reportColumns(
      withColumns([
        col('User Id', 'text', { pinned: true }),
        col('Name', 'text', { pinned: true }),
        ...['Acko', 'Bajaj Allianz', 'Bharti AXA', 'Total'].map((k) => col(k, 'currency')),
      ]),
    );
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
  it("from nothing: 'New' with the change, no arrow and no percent", () => {
    expect(growthDirection('New (+₹20.00 k)')).toBe('new');
    expect(cellText({ kind: 'growth-arrow' }, 'New (+₹20.00 k)')).toBe('New (+₹20.00 k)');
    expect(cellText({ kind: 'growth-marker' }, 'New (+3)')).toBe('New (+3)');
    expect(cellText({ kind: 'percent' }, 'New (+₹500)')).toBe('New (+₹500)');
  });
});
