import type { ReportResponse } from '@dossier/shared';
import { DASHBOARDS } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportsTestApp, demoToken, type ReportsTestContext } from '../../../test/reports-fixture';
import { REPORTS } from './catalogue';
import { xlsxRows } from '../../../test/xlsx';

// Every report of the catalogue answers, downloads and mails: adding a report to the catalogue is enough for
// it to work everywhere, and a report that breaks in one of them shows here by name.
const RANGE = { start: '2026-05-01', end: '2026-05-31' };

describe('every report of the catalogue', () => {
  let ctx: ReportsTestContext;
  let token: string;
  let partnerCode: string;
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
  });
  afterAll(() => ctx.close());

  const queryOf = (id: number) => {
    const account = REPORTS.find((r) => r.id === id)?.account === 'partner' ? `&account_id=${partnerCode}` : '';
    return `start_date=${RANGE.start}&end_date=${RANGE.end}${account}`;
  };

  it('is on a dashboard of the side menu, or is one of the two drill and link targets (37, 38)', () => {
    const onDashboards = new Set(DASHBOARDS.flatMap((d) => d.report_ids));
    expect(REPORTS.filter((r) => !onDashboards.has(r.id)).map((r) => r.id)).toEqual([37, 38]);
  });

  it('states how each table shows: paginator, breadcrumbs, chart and dropdown filter', async () => {
    const presentation = async (id: number) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/reports/${id}/?${queryOf(id)}`, headers: auth() })).json<ReportResponse>()
        .presentation;
    const shown = { paginated: true, breadcrumbs: true, chart: true, dropdown_filter: null };
    expect(await presentation(11)).toEqual(shown);
    for (const id of [13, 16, 17, 24, 29]) expect(await presentation(id)).toEqual({ ...shown, paginated: false });
    for (const id of [32, 33, 34]) expect(await presentation(id)).toEqual({ ...shown, breadcrumbs: false });
    for (const id of [37, 38]) expect(await presentation(id)).toEqual({ ...shown, chart: false });
    expect((await presentation(15)).dropdown_filter).toBe('Select Insurer column');
    expect((await presentation(27)).dropdown_filter).toBe('Select Product line');
    expect((await presentation(30)).dropdown_filter).toBe('Select Stage');
  });

  it.each(REPORTS.map((r) => [r.id, r.name] as const))('%i %s: answers its table, downloads it and mails it', async (id, name) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/reports/${id}/?${queryOf(id)}`, headers: auth() });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<ReportResponse>();
    expect(report.kind).toBe('report');
    expect(report.report_name).toBe(name);
    expect(report.data.data.columns.length).toBeGreaterThan(0);
    for (const record of report.data.data.records) expect(Object.keys(record)).toEqual(expect.arrayContaining(report.data.data.columns));

    const file = await ctx.app.inject({ method: 'GET', url: `/api/reports/${id}/download/?format=xlsx&${queryOf(id)}`, headers: auth() });
    const rowCount = report.paging?.total_rows ?? report.data.data.records.length;
    if (rowCount === 0) expect(file.statusCode).toBe(204);
    else {
      expect(file.statusCode, file.body).toBe(200);
      const rows = await xlsxRows(file.rawPayload);
      expect(rows.length).toBe(rowCount + 1);
      // The file's header is the table's, less the keys no one sees (drill targets).
      expect(report.data.data.columns).toEqual(expect.arrayContaining(rows[0] as string[]));
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
  });
});
