import { addDays, kolkataToday, toDayMonthYear, type ReportResponse } from '@dossier/shared';
import { simpleParser } from 'mailparser';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportsTestApp, demoToken, type ReportsTestContext } from '../../../test/reports-fixture';
import { closedPort, startSmtp } from '../../../test/smtp';
import { createMailTransport } from '../../platform/mail/transport';
import { deliverDueMails } from '../../platform/mail/worker';
import { xlsxRows } from '../../../test/xlsx';

const RANGE = 'start_date=2026-05-01&end_date=2026-05-31';
const MAY_BODY = { start_date: '2026-05-01', end_date: '2026-05-31' };

describe('report downloads and mail', () => {
  let ctx: ReportsTestContext;
  let token: string;
  let rm: string;
  const auth = () => ({ authorization: `Token ${token}` });

  beforeAll(async () => {
    ctx = await createReportsTestApp(0.01);
    token = await demoToken(ctx.app, 'demo.zsm');
    rm = await demoToken(ctx.app, 'demo.rm');
  });
  afterAll(() => ctx.close());

  it('downloads the whole report as CSV and XLSX with the table’s columns', async () => {
    const report = (await ctx.app.inject({ method: 'GET', url: `/api/reports/11/?${RANGE}`, headers: auth() })).json<ReportResponse>();
    const csv = await ctx.app.inject({ method: 'GET', url: `/api/reports/11/download/?format=csv&${RANGE}`, headers: auth() });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="team-report-summary_2026-05-01_2026-05-31.csv"');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(report.data.data.columns.join(','));
    expect(lines.length).toBe(report.data.data.records.length + 1);
    expect(lines.join('\n')).not.toContain('account_id');

    const xlsx = await ctx.app.inject({ method: 'GET', url: `/api/reports/11/download/?format=xlsx&${RANGE}`, headers: auth() });
    expect(xlsx.statusCode).toBe(200);
    const rows = await xlsxRows(xlsx.rawPayload);
    expect(rows[0]).toEqual(report.data.data.columns);
    expect(rows.slice(1).map((r) => r[0])).toEqual(report.data.data.records.map((r) => r['User Id']));
  });

  it('answers 204 for a report without rows so the UI can say No Data Found !!', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/reports/35/download/?format=csv&start_date=2000-01-01&end_date=2000-01-31',
      headers: auth(),
    });
    expect(res.statusCode).toBe(204);
  });

  it('refuses downloads and mail of another branch and without the access flag', async () => {
    const head = await ctx.db.db
      .selectFrom('employees')
      .select('unique_code')
      .where('designation', '=', 'national_head')
      .executeTakeFirstOrThrow();
    const dl = await ctx.app.inject({ method: 'GET', url: `/api/reports/11/download/?account_id=${head.unique_code}`, headers: auth() });
    expect(dl.statusCode).toBe(403);
    const mail = await ctx.app.inject({
      method: 'POST',
      url: '/api/send_report/',
      headers: { authorization: `Token ${rm}` },
      payload: { data_records: 11, account_id: head.unique_code },
    });
    expect(mail.statusCode).toBe(403);
    await ctx.db.db.updateTable('users').set({ download_report_access: false }).where('login', '=', 'demo.zsm').execute();
    const noFlag = await ctx.app.inject({ method: 'GET', url: `/api/reports/11/download/?${RANGE}`, headers: auth() });
    expect(noFlag.statusCode).toBe(403);
    await ctx.db.db.updateTable('users').set({ download_report_access: true }).where('login', '=', 'demo.zsm').execute();
  });

  it('queues the mail while SMTP is down and delivers it once when it is back, with the report as XLSX', async () => {
    const port = await closedPort();
    const transport = createMailTransport({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Dossier <no-reply@dossier.test>',
      DATA_DIR: tmpdir(),
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/send_report/',
      headers: auth(),
      payload: { data_records: 11, start_date: '2026-05-01', end_date: '2026-05-31' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Report will be sent on your email shortly' });

    await deliverDueMails(ctx.db.db, transport);
    const queued = await ctx.db.db.selectFrom('email_outbox').selectAll().execute();
    expect(queued).toHaveLength(1);
    expect(queued[0]?.status).toBe('pending');
    expect(queued[0]?.last_error).toBeTruthy();

    const smtp = await startSmtp(port);
    try {
      await ctx.db.db.updateTable('email_outbox').set({ next_attempt_at: new Date() }).execute();
      await deliverDueMails(ctx.db.db, transport);
      await deliverDueMails(ctx.db.db, transport);
      expect(smtp.received).toHaveLength(1);
      const parsed = await simpleParser(smtp.received[0] ?? Buffer.alloc(0));
      const zsm = await ctx.db.db
        .selectFrom('users')
        .innerJoin('employees', 'employees.id', 'users.employee_id')
        .select('employees.email')
        .where('login', '=', 'demo.zsm')
        .executeTakeFirstOrThrow();
      expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toContain(zsm.email);
      const attachment = parsed.attachments[0];
      expect(attachment?.filename).toBe('team-report-summary_2026-05-01_2026-05-31.xlsx');
      const report = (await ctx.app.inject({ method: 'GET', url: `/api/reports/11/?${RANGE}`, headers: auth() })).json<ReportResponse>();
      const rows = await xlsxRows(attachment?.content ?? Buffer.alloc(0));
      expect(rows.length).toBe(report.data.data.records.length + 1);
      expect(rows.slice(1).map((r) => r[2])).toEqual(report.data.data.records.map((r) => r['Policies count']));
      const audit = await ctx.db.db.selectFrom('audit_events').select('action').where('action', '=', 'report_mailed').execute();
      expect(audit).toHaveLength(1);
    } finally {
      await smtp.close();
      transport.close();
    }
  });

  it('files and mails state the period, what growth compares with, and link back to the report', async () => {
    const product = await ctx.db.db.selectFrom('products').select('product_type_id').orderBy('product_type_id').executeTakeFirstOrThrow();
    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/11/download/?format=xlsx&${RANGE}&product_type_id=${product.product_type_id}`,
      headers: auth(),
    });
    expect(xlsx.statusCode, xlsx.body.slice(0, 200)).toBe(200);
    const about = await xlsxRows(xlsx.rawPayload, 'About');
    expect(about.map((r) => r[0])).toEqual(['Report', 'For', 'Period', 'Growth compared with', 'Made', 'Open it on Dossier']);
    expect(about[2]).toEqual(['Period', '01/05/2026 to 31/05/2026']);
    expect(about[3]).toEqual(['Growth compared with', '01/04/2026 to 30/04/2026']);
    expect(about[5]).toEqual([
      'Open it on Dossier',
      `http://localhost:3000/reports/11?start_date=2026-05-01&end_date=2026-05-31&product_type_id=${product.product_type_id}`,
    ]);

    // Renewal dues look ahead: the days asked are the period even past today, and there is no growth to compare.
    const today = kolkataToday();
    const ahead = addDays(today, 30);
    const dues = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/38/download/?format=xlsx&start_date=${today}&end_date=${ahead}`,
      headers: auth(),
    });
    // The demo's policies (issued up to the fixture's day) fall due over the following year.
    expect(dues.statusCode).toBe(200);
    const duesAbout = await xlsxRows(dues.rawPayload, 'About');
    expect(duesAbout.map((r) => r[0])).toEqual(['Report', 'For', 'Period', 'Made', 'Open it on Dossier']);
    expect(duesAbout[2]).toEqual(['Period', `${toDayMonthYear(today)} to ${toDayMonthYear(ahead)}`]);

    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/send_report/',
      headers: auth(),
      payload: { data_records: 11, ...MAY_BODY },
    });
    expect(sent.statusCode).toBe(200);
    const mail = await ctx.db.db.selectFrom('email_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Team report summary (01/05/2026 to 31/05/2026)');
    expect(mail.text_body).toMatch(
      /: \d+ rows\.\nPeriod 01\/05\/2026 to 31\/05\/2026; growth compared with 01\/04\/2026 to 30\/04\/2026\.\n/,
    );
    expect(mail.text_body).toContain('\nOpen it on Dossier: http://localhost:3000/reports/11?start_date=2026-05-01&end_date=2026-05-31\n');
  });

  it('refuses a malformed mail request with 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/send_report/', headers: auth(), payload: { data_records: 'eleven' } });
    expect(res.statusCode).toBe(400);
  });
});
