import { FIRST_CONTEST_ID, PAGE_SIZE, type ReportColumnDef, type ReportPage, type ReportResponse } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportsTestApp, demoToken, type ReportsTestContext } from '../../../test/reports-fixture';
import { REPORTS } from './catalogue';
import { loadCatalogue, type Catalogue } from './lookup';
import { xlsxRows } from '../../../test/xlsx';

// Every report of the catalogue answers, downloads and mails: adding a report to the catalogue is enough for
// it to work everywhere, and a report that breaks in one of them shows here by name.
const RANGE = { start: '2026-05-01', end: '2026-05-31' };
/** The demo's contests, each a board of the Contests dashboard with the contest's id and name. */
const DEMO_BOARDS = [
  { id: 32, name: 'North & west zone contest' },
  { id: 33, name: 'South zone contest' },
  { id: 34, name: 'East zone contest' },
];

describe('every report of the catalogue', () => {
  let ctx: ReportsTestContext;
  let token: string;
  let partnerCode: string;
  let catalogue: Catalogue;
  const auth = () => ({ authorization: `Token ${token}` });

  beforeAll(async () => {
    // One mail per report within a minute: above the per-user limit of the default configuration.
    ctx = await createReportsTestApp(0.01, { config: { MAIL_RATE_LIMIT: '100' } });
    token = await demoToken(ctx.app, 'demo.head');
    // The partner with the most policies in the range: the executive report is about one partner.
    const busiest = await ctx.db.db
      .selectFrom('policies')
      .innerJoin('partners', 'partners.id', 'policies.partner_id')
      .select('partners.unique_code')
      .where('policies.issued_at', '>=', new Date(`${RANGE.start}T00:00:00+05:30`))
      .groupBy('partners.unique_code')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .executeTakeFirstOrThrow();
    partnerCode = busiest.unique_code;
    catalogue = await loadCatalogue(ctx.db.db);
  });
  afterAll(() => ctx.close());

  const queryOf = (id: number) => {
    const account = REPORTS.find((r) => r.id === id)?.account === 'partner' ? `&account_id=${partnerCode}` : '';
    return `start_date=${RANGE.start}&end_date=${RANGE.end}${account}`;
  };

  it('puts each report on the dashboard the README lists, in its order, and a board per contest on Contests', () => {
    expect(Object.fromEntries(catalogue.dashboards.map((d) => [d.dashboard_id, d.report_ids]))).toEqual({
      1: [13, 11, 14, 15, 16, 17, 18, 19, 20],
      2: [21],
      3: [22, 23],
      4: [24, 25, 26, 27],
      5: [28],
      6: [29, 30],
      7: [31],
      8: [32, 33, 34],
      9: [35],
      10: [36],
    });
    expect(catalogue.dashboards.find((d) => d.dashboard_id === 8)?.nested).toEqual(DEMO_BOARDS);
  });

  it('is on a dashboard of the side menu, or is one of the two drill and link targets (37, 38)', () => {
    const onDashboards = new Set(catalogue.dashboards.flatMap((d) => d.report_ids));
    expect(REPORTS.filter((r) => !onDashboards.has(r.id)).map((r) => r.id)).toEqual([37, 38]);
  });

  it('leaves the contests their ids: 32–34 (the demo) and from FIRST_CONTEST_ID on', () => {
    expect(REPORTS.map((r) => r.id).filter((id) => (id >= 32 && id <= 34) || id >= FIRST_CONTEST_ID)).toEqual([]);
  });

  it('states how each table shows: paginator, breadcrumbs, chart and dropdown filter', async () => {
    const presentation = async (id: number) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/reports/${id}/?${queryOf(id)}`, headers: auth() })).json<ReportResponse>()
        .presentation;
    const plainPage = { renewal_dues: null, month_reset: false };
    const shown = {
      paginated: true,
      breadcrumbs: true,
      chart: 'Total Premium',
      dropdown_filter: null,
      row_actions: [],
      screen_page_size: null,
      page: plainPage,
    };
    const teamDues = { renewal_dues: { report_id: 38, partners_only: false }, month_reset: false };
    expect(await presentation(11)).toEqual({ ...shown, page: teamDues });
    expect(await presentation(18)).toEqual(shown);
    for (const id of [13, 16, 17]) expect(await presentation(id)).toEqual({ ...shown, paginated: false });
    expect(await presentation(24)).toEqual({ ...shown, paginated: false, chart: 'Total Partners' });
    expect(await presentation(29)).toEqual({ ...shown, paginated: false, chart: 'Partners' });
    for (const { id } of DEMO_BOARDS) expect(await presentation(id)).toEqual({ ...shown, breadcrumbs: false, chart: 'Weightage Premium' });
    expect(await presentation(37)).toEqual({
      ...shown,
      chart: null,
      row_actions: ['notice-email'],
      screen_page_size: PAGE_SIZE,
      page: { renewal_dues: { report_id: 38, partners_only: true }, month_reset: false },
    });
    expect(await presentation(38)).toEqual({
      ...shown,
      chart: null,
      row_actions: ['renewal-notice', 'renewal-link', 'notice-email', 'mobile'],
      screen_page_size: PAGE_SIZE,
    });
    // Amounts before counts, unless the catalogue names the column: the target is not what a team achieved.
    expect((await presentation(36)).chart).toBe('Total Loan Amount');
    expect((await presentation(28)).chart).toBe('Achieved Premium');
    expect((await presentation(27)).chart).toBeNull();
    expect((await presentation(15)).dropdown_filter).toBe('Select Insurer column');
    expect((await presentation(27)).dropdown_filter).toBe('Select Product line');
    expect((await presentation(30)).dropdown_filter).toBe('Select Stage');
  });

  it("states what a dashboard's page shows beside its tables: the 'Renewal dues' link, the month reset", async () => {
    const page = async (id: number) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/reports/${id}/`, headers: auth() })).json<ReportPage>().presentation;
    expect(await page(1)).toEqual({ renewal_dues: { report_id: 38, partners_only: false }, month_reset: false });
    expect(await page(4)).toEqual({ renewal_dues: null, month_reset: true });
    for (const id of [2, 3, 5, 6, 7, 9, 10]) expect(await page(id)).toEqual({ renewal_dues: null, month_reset: false });
  });

  it('opens a policy list at its screen page size when the screen asks, and at the general default otherwise', async () => {
    const pageSize = async (id: number, extra: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/reports/${id}/?${queryOf(id)}${extra}`, headers: auth() })).json<ReportResponse>()
        .paging?.page_size;
    expect(await pageSize(38, '&screen=true')).toBe(PAGE_SIZE);
    expect(await pageSize(38, '')).toBe(100);
    expect(await pageSize(38, '&screen=true&page_size=20')).toBe(20);
    // A contest board names no screen page size: the screen opens it at the general default, as before.
    expect(await pageSize(DEMO_BOARDS[0]?.id ?? 0, '&screen=true')).toBe(100);
  });

  it('defines each column: title, kind, hidden, sortable and pinned', async () => {
    const defs = async (id: number) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/reports/${id}/?${queryOf(id)}`, headers: auth() })).json<ReportResponse>().data.data
        .column_defs;
    const brief = (c: ReportColumnDef) => [c.key, c.title, c.kind, c.hidden, c.sortable, c.pinned];
    expect((await defs(11)).map(brief)).toEqual([
      ['User Id', 'User Id', 'text', false, true, true],
      ['Name', 'Name', 'text', false, true, true],
      ['Policies count', 'Policies count', 'count', false, true, false],
      ['Total Premium', 'Total Premium', 'currency', false, true, false],
      ['Weightage Premium', 'Weightage Premium', 'currency', false, true, false],
      ['Premium Growth %', 'Premium Growth %', 'growth-arrow', false, true, false],
      ['Policies count growth', 'Policies count growth', 'growth-marker', false, true, false],
    ]);
    // The Pending summary shows the same keys under short titles.
    expect((await defs(19)).map((c) => c.title)).toEqual(['User Id', 'Name', 'Premium', 'WP', 'NOP']);
    // A policy list sorts where the server sorts it; its links and buttons are not sortable.
    const renewal = await defs(38);
    const answer = (
      await ctx.app.inject({ method: 'GET', url: `/api/reports/38/?${queryOf(38)}`, headers: auth() })
    ).json<ReportResponse>();
    expect(renewal.filter((c) => c.sortable).map((c) => c.key)).toEqual(answer.paging?.sortable);
    expect(renewal.map((c) => [c.key, c.title, c.kind, c.hidden])).toEqual([
      ['Policy No', 'Policy No', 'text', false],
      ['Product', 'Product', 'text', false],
      ['product_type', 'product_type', 'text', true],
      ['Customer', 'Customer', 'text', false],
      ['Partner Code', 'Partner Code', 'text', false],
      ['Expiry Date', 'Expiry Date', 'text', false],
      ['Total Premium', 'Total Premium', 'currency', false],
      ['Renewal Link', 'Renewal Link', 'link', false],
      ['One Click Url', 'Payment', 'pay', false],
    ]);
    expect((await defs(37)).filter((c) => c.kind === 'sales-view').map((c) => c.title)).toEqual(['Sales Promotion']);
  });

  it.each([...REPORTS, ...DEMO_BOARDS].map((r) => [r.id, r.name] as const))(
    '%i %s: answers its table, downloads it and mails it',
    async (id, name) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/reports/${id}/?${queryOf(id)}`, headers: auth() });
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json<ReportResponse>();
      expect(report.kind).toBe('report');
      expect(report.report_name).toBe(name);
      expect(report.data.data.columns.length).toBeGreaterThan(0);
      // One definition per column, in the same order.
      expect(report.data.data.column_defs.map((c) => c.key)).toEqual(report.data.data.columns);
      for (const record of report.data.data.records) expect(Object.keys(record)).toEqual(expect.arrayContaining(report.data.data.columns));

      const file = await ctx.app.inject({ method: 'GET', url: `/api/reports/${id}/download/?format=xlsx&${queryOf(id)}`, headers: auth() });
      const rowCount = report.paging?.total_rows ?? report.data.data.records.length;
      if (rowCount === 0) expect(file.statusCode).toBe(204);
      else {
        expect(file.statusCode, file.body).toBe(200);
        const rows = await xlsxRows(file.rawPayload);
        expect(rows.length).toBe(rowCount + 1);
        // The file's header is the table's: its shown columns in order, under their titles (drill targets left out).
        expect(rows[0]).toEqual(report.data.data.column_defs.filter((c) => !c.hidden).map((c) => c.title));
      }

      const before = await ctx.db.db
        .selectFrom('email_outbox')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const mail = await ctx.app.inject({
        method: 'POST',
        url: '/api/send_report/',
        headers: auth(),
        payload: {
          data_records: id,
          start_date: RANGE.start,
          end_date: RANGE.end,
          ...(REPORTS.find((r) => r.id === id)?.account === 'partner' ? { account_id: partnerCode } : {}),
        },
      });
      expect(mail.statusCode, mail.body).toBe(200);
      expect(mail.json()).toEqual({ message: 'Report will be sent on your email shortly' });
      const after = await ctx.db.db
        .selectFrom('email_outbox')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n) + 1);
    },
  );
});
