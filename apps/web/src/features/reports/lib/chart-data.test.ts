import type { ReportColumnKind, ReportResponse } from '@dossier/shared';
import { describe, expect, it } from 'vitest';
import { asOfText } from './as-of';
import { barChartOf, lastMonths, pageChart, summaryTotal } from './chart-data';

/** A report whose columns are [key, kind] pairs, charting `chart`. */
function report(
  name: string,
  columns: [string, ReportColumnKind][],
  records: ReportResponse['data']['data']['records'],
  chart: string | null = 'Total Premium',
): ReportResponse {
  const defs = columns.map(([key, kind]) => ({ key, title: key, kind, hidden: false, sortable: true, pinned: false }));
  return {
    kind: 'report',
    report_id: 1,
    report_name: name,
    dashboard_name: 'D',
    viz_type: 'tabular',
    date_mode: 'range',
    email_report: true,
    download_report: true,
    user_email_report_access: true,
    user_download_report_access: true,
    business_type_filter: true,
    insurer_filter: true,
    state_filter: true,
    product_filter: true,
    meta: { drillable: false, executive_report_id: null, next_report_id: null },
    data: { data: { columns: defs.map((c) => c.key), records, column_defs: defs } },
    footnote: null,
    layout_width: 12,
    presentation: {
      paginated: true,
      breadcrumbs: true,
      chart,
      dropdown_filter: null,
      row_actions: [],
      screen_page_size: null,
      page: { renewal_dues: null, month_reset: false },
    },
    start_date: '2026-06-01',
    end_date: '2026-06-30',
    comparison: { start_date: '2026-05-01', end_date: '2026-05-31' },
    account: { account_id: 'ASM1', user_name: 'Asm' },
    as_of: null,
  };
}

describe('chart data', () => {
  const team = report(
    'Team report summary',
    [
      ['User Id', 'text'],
      ['Name', 'text'],
      ['Policies count', 'count'],
      ['Total Premium', 'currency'],
      ['Premium Growth %', 'growth-arrow'],
    ],
    [
      { 'User Id': 'TL1', Name: 'Asha', 'Policies count': 4, 'Total Premium': 1200, 'Premium Growth %': 5, account_id: 'TL1' },
      { 'User Id': 'TL2', Name: 'Ravi', 'Policies count': 9, 'Total Premium': 5400, 'Premium Growth %': -2, account_id: 'TL2' },
    ],
  );
  it('charts the main measure by row, largest first, by name', () => {
    expect(barChartOf(team)).toEqual({
      title: 'Team report summary: Total Premium',
      measure: 'Total Premium',
      currency: true,
      points: [
        { label: 'Ravi', value: 5400 },
        { label: 'Asha', value: 1200 },
      ],
    });
  });
  it('names a bar by the whole row key when there is no Name: one product sold through two insurers is two bars', () => {
    const direct = report(
      'Direct business',
      [
        ['Product', 'text'],
        ['Insurer', 'text'],
        ['Policies count', 'count'],
        ['Total Premium', 'currency'],
      ],
      [
        { Product: 'Health Base', Insurer: 'Star Health', 'Policies count': 3, 'Total Premium': 3300 },
        { Product: 'Health Base', Insurer: 'Niva Bupa', 'Policies count': 2, 'Total Premium': 3360 },
        { Product: 'SME Fire', Insurer: 'Tata AIG', 'Policies count': 1, 'Total Premium': 2580 },
      ],
    );
    expect(barChartOf(direct)?.points).toEqual([
      { label: 'Health Base · Niva Bupa', value: 3360 },
      { label: 'Health Base · Star Health', value: 3300 },
      { label: 'SME Fire · Tata AIG', value: 2580 },
    ]);
  });
  it('adds the columns after the key until the bars differ: the Life issuance channel report reads channel · term · instalment', () => {
    const columns: [string, ReportColumnKind][] = [
      ['Channel', 'text'],
      ['premium_payment_term', 'count'],
      ['premium_installment_type', 'text'],
      ['Policies count', 'count'],
      ['Total Premium', 'currency'],
    ];
    const row = (channel: string, term: number, instalment: string, premium: number) => ({
      Channel: channel,
      premium_payment_term: term,
      premium_installment_type: instalment,
      'Policies count': 1,
      'Total Premium': premium,
    });
    const life = report('Life issuance channel report', columns, [
      row('POS partner', 5, 'Monthly', 3710),
      row('POS partner', 5, 'Yearly', 52240),
      row('POS partner', 10, 'Monthly', 1750),
      row('Direct', 10, 'Monthly', 20400),
    ]);
    expect(barChartOf(life)?.points).toEqual([
      { label: 'POS partner · 5 · Yearly', value: 52240 },
      { label: 'Direct · 10 · Monthly', value: 20400 },
      { label: 'POS partner · 5 · Monthly', value: 3710 },
      { label: 'POS partner · 10 · Monthly', value: 1750 },
    ]);
    // Only as many as it takes: the term alone tells these two apart.
    const two = report('Life issuance channel report', columns, [
      row('POS partner', 5, 'Monthly', 300),
      row('POS partner', 10, 'Monthly', 200),
    ]);
    expect(barChartOf(two)?.points.map((p) => p.label)).toEqual(['POS partner · 5', 'POS partner · 10']);
  });
  it('leaves out Total rows and skips reports with nothing to compare', () => {
    const summary = report(
      'Business summary',
      [
        ['Business Type', 'text'],
        ['Policies count', 'count'],
        ['Total Premium', 'currency'],
      ],
      [
        { 'Business Type': 'New Business', 'Policies count': 2, 'Total Premium': 100 },
        { 'Business Type': 'Renewal', 'Policies count': 1, 'Total Premium': 300 },
        { 'Business Type': 'Total', 'Policies count': 3, 'Total Premium': 400 },
      ],
    );
    expect(barChartOf(summary)?.points.map((p) => p.label)).toEqual(['Renewal', 'New Business']);
    const empty = report(
      'Empty',
      [
        ['Name', 'text'],
        ['Total Premium', 'currency'],
      ],
      [{ Name: 'A', 'Total Premium': 0 }],
    );
    expect(pageChart([empty, team])?.title).toBe('Team report summary: Total Premium');
    // The column the presentation names, whatever else the report has; none named, no chart.
    expect(barChartOf({ ...team, presentation: { ...team.presentation, chart: 'Policies count' } })).toMatchObject({
      measure: 'Policies count',
      currency: false,
      points: [
        { label: 'Ravi', value: 9 },
        { label: 'Asha', value: 4 },
      ],
    });
    expect(barChartOf({ ...team, presentation: { ...team.presentation, chart: null } })).toBeNull();
    expect(summaryTotal(summary, 'Total Premium')).toBe(400);
    expect(summaryTotal(team, 'Total Premium')).toBe(6600);
  });
  it('lists the twelve months up to the chosen one, across a year end', () => {
    const months = lastMonths('2026-02-10');
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ start_date: '2025-03-01', end_date: '2025-03-31', label: 'Mar 25' });
    expect(months[11]).toEqual({ start_date: '2026-02-01', end_date: '2026-02-28', label: 'Feb 26' });
  });
  it('shows roll-up freshness in India time', () => {
    expect(asOfText('2026-11-21T09:35:00Z')).toBe('Data as of 21 Nov 2026 3:05 PM');
    expect(asOfText('2026-11-20T18:40:00Z')).toBe('Data as of 21 Nov 2026 12:10 AM');
    expect(asOfText(null)).toBeNull();
  });
});
