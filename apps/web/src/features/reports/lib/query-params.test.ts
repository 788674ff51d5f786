import { ReportQuery, reportQueryParams } from '@dossier/shared';
import { describe, expect, it } from 'vitest';
import { drillHref, filtersFor, parseIdList, readReportQuery, reportApiQuery, reportSearch, salesPromotionHref } from './query-params';

const q = (s: string) => new URLSearchParams(s);

describe('report query parameters', () => {
  it('uses the dates of the address only when both are present and valid', () => {
    expect(readReportQuery(q('start_date=2026-05-01&end_date=2026-05-20'), '2026-06-15')).toEqual({
      start_date: '2026-05-01',
      end_date: '2026-05-20',
      explicitDates: true,
      product_type_id: [],
    });
    for (const s of [
      'start_date=2026-05-01',
      'end_date=2026-05-20',
      'start_date=2026-02-30&end_date=2026-03-01',
      'start_date=2026-05-20&end_date=2026-05-01',
      'start_date=x&end_date=y',
    ]) {
      expect(readReportQuery(q(s), '2026-06-15'), s).toMatchObject({
        start_date: '2026-06-01',
        end_date: '2026-06-30',
        explicitDates: false,
      });
    }
  });
  it('defaults to the first and last day of the current month (leap February too)', () => {
    expect(readReportQuery(q(''), '2028-02-10')).toMatchObject({ start_date: '2028-02-01', end_date: '2028-02-29' });
  });
  it('says why dates typed into the address were set aside; no notice without dates', () => {
    const notice = (s: string) => readReportQuery(q(s), '2026-06-15').dateNotice;
    expect(notice('start_date=2026-05-20&end_date=2026-05-01')).toBe(
      'The period in the address ends before it starts (20/05/2026 to 01/05/2026); showing 01/06/2026 to 30/06/2026 instead.',
    );
    expect(notice('start_date=2026-02-30&end_date=2026-03-10')).toBe(
      "'2026-02-30' in the address is not a real date; showing 01/06/2026 to 30/06/2026 instead.",
    );
    expect(notice('start_date=2026-02-01&end_date=01-03-2026')).toBe(
      "'01-03-2026' in the address is not a date (yyyy-MM-dd); showing 01/06/2026 to 30/06/2026 instead.",
    );
    expect(notice('start_date=2026-05-01')).toBe('The address gives only one end of the period; showing 01/06/2026 to 30/06/2026 instead.');
    expect(notice('')).toBeUndefined();
    expect(notice('start_date=2026-05-01&end_date=2026-05-20')).toBeUndefined();
  });
  it('reads product_type_id as a comma-separated list of ids', () => {
    expect(readReportQuery(q('product_type_id=9,10,,x,10'), '2026-06-15').product_type_id).toEqual([9, 10]);
    expect(parseIdList(null)).toEqual([]);
  });
  it('writes dates only as a pair and products comma-joined', () => {
    expect(reportSearch({ start_date: '2026-05-01', end_date: '2026-05-31', product_type_id: [9, 10] })).toBe(
      '?start_date=2026-05-01&end_date=2026-05-31&product_type_id=9,10',
    );
    expect(reportSearch({ start_date: '2026-05-01', end_date: null, product_type_id: [] })).toBe('');
    expect(reportSearch({ product_type_id: [34] })).toBe('?product_type_id=34');
  });
  it('sends the API the dates only when the address gave them, and the filters a report takes', () => {
    const applied = { insurers: ['Acko', 'Digit'], states: ['Delhi'], business_type: [1, 3] };
    const flags = { insurer_filter: true, state_filter: false, business_type_filter: true };
    const month = readReportQuery(q(''), '2026-06-15');
    const monthQuery = reportApiQuery(month, filtersFor(flags, applied), undefined);
    expect(monthQuery).toEqual({ insurers: ['Acko', 'Digit'], business_type: [1, 3], screen: true });
    expect(reportQueryParams(monthQuery)).toEqual({ insurers: 'Acko,Digit', business_type: '1,3', screen: 'true' });
    const given = readReportQuery(q('start_date=2026-05-01&end_date=2026-05-31&product_type_id=9'), '2026-06-15');
    const givenQuery = reportApiQuery(given, { insurers: [], states: [], business_type: [] }, 'TL0001');
    expect(givenQuery).toEqual({
      start_date: '2026-05-01',
      end_date: '2026-05-31',
      product_type_id: [9],
      account_id: 'TL0001',
      screen: true,
    });
    // What the address carries, the server's schema reads back to the same query.
    expect(ReportQuery.parse(reportQueryParams(givenQuery))).toEqual(givenQuery);
  });
});

describe('drill links', () => {
  const meta = { drillable: true, next_report_id: 11, executive_report_id: 37 };
  const range = { start_date: '2026-05-01', end_date: '2026-05-31', product_type_id: [9] };
  const tail = '?start_date=2026-05-01&end_date=2026-05-31&product_type_id=9';
  it('employees drill to next_report_id, partners (EI) to the executive report, with the filters', () => {
    expect(drillHref(meta, { 'User Id': 'RM0001', account_id: 'RM0001' }, range)).toBe(`/reports/11/RM0001${tail}`);
    expect(drillHref(meta, { 'User Id': 'EI000123', account_id: 'EI000123' }, range)).toBe(`/reports/37/EI000123${tail}`);
  });
  it('a row without a user id drills to next_report_id itself; a null account_id does not drill', () => {
    expect(drillHref(meta, { Channel: 'Direct' }, range)).toBe(`/reports/11/${tail}`);
    expect(drillHref(meta, { 'User Id': '-', account_id: null }, range)).toBeNull();
    expect(drillHref({ ...meta, drillable: false }, { account_id: 'RM1' }, range)).toBeNull();
  });
  it('falls back to next_report_id when a partner report has no executive report', () => {
    expect(drillHref({ ...meta, executive_report_id: null }, { account_id: 'EI1' }, range)).toBe(`/reports/11/EI1${tail}`);
  });
});

describe('sales promotion view', () => {
  it('passes rm_code and the dates as day/month/year', () => {
    const href = salesPromotionHref('ASM0001', 'PR26000000042', { start_date: '2026-05-01', end_date: '2026-05-31' });
    const url = new URL(href, 'http://x');
    expect(url.searchParams.get('rm_code')).toBe('ASM0001');
    expect(url.searchParams.get('start_date')).toBe('01/05/2026');
    expect(url.searchParams.get('end_date')).toBe('31/05/2026');
  });
});
