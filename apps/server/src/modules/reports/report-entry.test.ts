import type { ReportPage, ReportResponse } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedIn, loadRawWorld, type RawWorld } from '../../../test/raw-business';
import { createReportsTestApp, demoToken, type ReportsTestContext } from '../../../test/reports-fixture';
import { breakdown, REPORTS, SHOWN } from './catalogue';
import { CHANNEL_KEYS, KEY } from './families/breakdown';

// The worked example of docs/architecture.md ('Reports'): a new report is one entry of the catalogue, here a
// throw-away one the app is built with, and it answers, downloads and shows as its entry says.
const CANCELLED_BY_CHANNEL = breakdown(
  990,
  'Cancelled by channel',
  1,
  {
    keyTitle: 'Channel',
    key: KEY.channel,
    keys: CHANNEL_KEYS,
    measures: ['nop', 'premium'],
    withGrowth: false,
    totalLabel: 'Total',
    scope: { statuses: ['cancelled'] },
  },
  { width: 6, presentation: { ...SHOWN, paginated: false } },
);

const RANGE = { start: '2026-05-01', end: '2026-05-31' };
const QUERY = `start_date=${RANGE.start}&end_date=${RANGE.end}`;

describe('a report added as one catalogue entry', () => {
  let ctx: ReportsTestContext;
  let world: RawWorld;
  let token: string;
  const get = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  /** The ZSM's cancelled policies of May by channel, from the raw policies. */
  const cancelledOf = async (channel: string) => {
    const code = (await get('/accounts/api/v1/me/')).json<{ code: string }>().code;
    const id = world.employees.find((e) => e.code === code)?.id ?? -1;
    const team = world.subtree.get(id);
    return world.policies.filter((p) => team?.has(p.employeeId) && issuedIn(p, RANGE) && p.status === 'cancelled' && p.channel === channel);
  };

  beforeAll(async () => {
    ctx = await createReportsTestApp(0.02, { reports: [...REPORTS, CANCELLED_BY_CHANNEL] });
    world = await loadRawWorld(ctx.db.db);
    token = await demoToken(ctx.app, 'demo.zsm');
  });
  afterAll(() => ctx.close());

  it('answers through the report route with its columns, its figures those of the raw policies', async () => {
    const report = (await get(`/api/reports/990/?${QUERY}`)).json<ReportResponse>();
    expect(report.report_name).toBe('Cancelled by channel');
    expect(report.dashboard_name).toBe('Business Dashboard');
    expect(report.data.data.column_defs.map((c) => [c.title, c.kind])).toEqual([
      ['Channel', 'text'],
      ['Policies count', 'count'],
      ['Total Premium', 'currency'],
    ]);
    const pos = await cancelledOf('pos');
    expect(pos.length).toBeGreaterThan(0);
    const row = report.data.data.records.find((r) => r.Channel === 'POS partner');
    expect(row?.['Policies count']).toBe(pos.length);
    expect(Number(row?.['Total Premium'])).toBeCloseTo(
      pos.reduce((a, p) => a + p.premium, 0),
      1,
    );
  });

  it('carries its presentation fields and joins the page of the dashboard it names', async () => {
    const report = (await get(`/api/reports/990/?${QUERY}`)).json<ReportResponse>();
    expect(report.layout_width).toBe(6);
    expect(report.presentation).toEqual({
      paginated: false,
      breadcrumbs: true,
      chart: 'Total Premium',
      dropdown_filter: null,
      row_actions: [],
      screen_page_size: null,
      page: { renewal_dues: null, month_reset: false },
    });
    const page = (await get(`/api/reports/1/?${QUERY}`)).json<ReportPage>();
    expect(page.reports.at(-1)?.report_name).toBe('Cancelled by channel');
  });

  it('downloads as CSV under the table titles, with the same figures', async () => {
    const file = await get(`/api/reports/990/download/?format=csv&${QUERY}`);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Channel,Policies count,Total Premium');
    const pos = lines.find((l) => l.startsWith('POS partner,'));
    expect(pos?.split(',')[1]).toBe(String((await cancelledOf('pos')).length));
  });
});
