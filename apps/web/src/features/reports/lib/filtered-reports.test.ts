import { describe, expect, it } from 'vitest';
import { filterBody, filtersOnScreen } from './filtered-reports';
import type { ReportScreenContext } from './screen-context';

const flags = (insurer: boolean, state: boolean, business: boolean) => ({
  insurer_filter: insurer,
  state_filter: state,
  business_type_filter: business,
});
const saved = { insurers: ['Acko', 'Digit'], states: ['Chandigarh'], business_type: [3] };

describe('filters on a screen', () => {
  it('lists what of the saved filters at least one report of the screen takes', () => {
    expect(filtersOnScreen([flags(true, true, true)], saved)).toEqual(saved);
    expect(filtersOnScreen([flags(false, false, true), flags(false, true, false)], saved)).toEqual({
      insurers: [],
      states: ['Chandigarh'],
      business_type: [3],
    });
    expect(filtersOnScreen([flags(false, false, false)], saved)).toEqual({ insurers: [], states: [], business_type: [] });
    expect(filtersOnScreen([], saved)).toEqual({ insurers: [], states: [], business_type: [] });
  });

  it('asks the report filter call with the address’s dates and products and the drilled account', () => {
    const ctx = {
      query: { start_date: '2026-10-01', end_date: '2026-10-31', explicitDates: true, product_type_id: [9, 10] },
      accountId: 'TL0001',
    } as ReportScreenContext;
    expect(filterBody(ctx, saved)).toEqual({
      insurer: ['Acko', 'Digit'],
      state: ['Chandigarh'],
      business_type: [3],
      start_date: '2026-10-01',
      end_date: '2026-10-31',
      product_type_id: [9, 10],
      account_id: 'TL0001',
    });
    const defaults = { query: { ...ctx.query, explicitDates: false, product_type_id: [] } } as unknown as ReportScreenContext;
    expect(filterBody(defaults, saved)).toEqual({ insurer: ['Acko', 'Digit'], state: ['Chandigarh'], business_type: [3] });
  });
});
