import { describe, expect, it } from 'vitest';
import { filtersText, periodText, viewAddress } from './view-address';

const base = {
  screen: 'reports' as const,
  report_id: 1,
  account_id: 'TL0001',
  start_date: '2026-04-01',
  end_date: '2026-06-30',
  product_type_id: [9, 10],
};

describe('viewAddress', () => {
  it('opens a drilled report page with the period and the products', () => {
    expect(viewAddress(base)).toBe('/reports/1/TL0001?start_date=2026-04-01&end_date=2026-06-30&product_type_id=9,10');
  });
  it('opens at the top without an account, and leaves the period to the reports without dates', () => {
    expect(viewAddress({ ...base, account_id: null, start_date: null, end_date: null, product_type_id: [] })).toBe('/reports/1/');
  });
  it('opens the Dashboard screen, drilled or not', () => {
    expect(viewAddress({ ...base, screen: 'dashboard', product_type_id: [] })).toBe(
      '/dashboard/1/TL0001?start_date=2026-04-01&end_date=2026-06-30',
    );
    expect(viewAddress({ ...base, screen: 'dashboard', account_id: null, start_date: null, end_date: null, product_type_id: [] })).toBe(
      '/dashboard',
    );
  });
  it('escapes an account code in the path', () => {
    expect(viewAddress({ ...base, account_id: 'EI 1', start_date: null, end_date: null, product_type_id: [] })).toBe('/reports/1/EI%201');
  });
});

describe('periodText and filtersText', () => {
  it('names the period and the lists that restrict something', () => {
    expect(periodText(base)).toBe('01/04/2026 – 30/06/2026');
    expect(periodText({ start_date: null, end_date: null })).toBe('Default period');
    expect(filtersText({ product_type_id: [9], insurers: ['Acko', 'Digit'], states: [], business_type: [1, 3] })).toBe(
      'Products: Two Wheeler Comprehensive; Insurer: Acko, Digit; Business Type: New Business, Renewal',
    );
    expect(filtersText({ product_type_id: [], insurers: [], states: [], business_type: [] })).toBe('All');
  });
});
