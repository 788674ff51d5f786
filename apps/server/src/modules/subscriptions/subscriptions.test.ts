import { formatRupee, nextRunAfter, type ReportResponse, type Subscription } from '@dossier/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReportsTestApp, demoToken, type ReportsTestContext } from '../../../test/reports-fixture';
import { deliverOneMail } from '../../../test/smtp';
import { xlsxRows } from '../../../test/xlsx';
import { ReportService } from '../reports/service';
import { runDueSubscriptions } from './job';
import { claimDue, lockForSend } from './queries';

const MAY = { start_date: '2026-05-01', end_date: '2026-05-31' };
const DAILY = { frequency: 'daily', time: '09:00' } as const;

describe('scheduled report mails', () => {
  let ctx: ReportsTestContext;
  let zsm: string;
  let rm: string;
  let head: string;
  beforeAll(async () => {
    ctx = await createReportsTestApp();
    zsm = await demoToken(ctx.app, 'demo.zsm');
    rm = await demoToken(ctx.app, 'demo.rm');
    head = await demoToken(ctx.app, 'demo.head');
  }, 120_000);
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.db.db.deleteFrom('report_subscriptions').execute();
    await ctx.db.db.deleteFrom('email_outbox').execute();
  });

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { authorization: `Token ${token}` }, ...(payload ? { payload } : {}) });
  const create = (token: string, body: object) => call(token, 'POST', '/api/subscriptions/', body);
  const mails = () => ctx.db.db.selectFrom('email_outbox').selectAll().where('kind', '=', 'report_subscription').execute();
  /** Makes the subscription due as of `at` (its slot passed while nothing ran). */
  const dueAt = (id: number, at: Date) =>
    ctx.db.db.updateTable('report_subscriptions').set({ next_run_at: at }).where('id', '=', id).execute();
  const row = (id: number) => ctx.db.db.selectFrom('report_subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const code = async (login: string) =>
    await ctx.db.db
      .selectFrom('users')
      .innerJoin('employees', 'employees.id', 'users.employee_id')
      .select(['employees.unique_code', 'employees.id', 'employees.email', 'employees.name'])
      .where('login', '=', login)
      .executeTakeFirstOrThrow();

  it('creates a subscription with the report filter body and lists it to its owner only', async () => {
    const before = Date.now();
    const res = await create(zsm, { report_id: 11, filters: { ...MAY, insurer: [] }, schedule: { ...DAILY, weekdays_only: true } });
    expect(res.statusCode).toBe(200);
    const sub = res.json<Subscription>();
    expect(sub).toMatchObject({
      report_id: 11,
      report_name: 'Team report summary',
      kind: 'report',
      filters: { ...MAY, insurer: [] },
      schedule: { frequency: 'daily', time: '09:00', weekdays_only: true },
      schedule_text: 'Daily at 09:00 (Mon–Fri)',
      paused: false,
      last_run_at: null,
    });
    expect(sub.next_run_at).toBe(nextRunAfter({ ...DAILY, weekdays_only: true }, new Date(before)).toISOString());
    expect(
      (await call(zsm, 'GET', '/api/subscriptions/')).json<{ subscriptions: Subscription[] }>().subscriptions.map((s) => s.id),
    ).toEqual([sub.id]);
    expect((await call(rm, 'GET', '/api/subscriptions/')).json()).toEqual({ subscriptions: [] });
    // Someone else's subscription is as absent as a missing one.
    expect((await call(rm, 'POST', `/api/subscriptions/${sub.id}/`, { paused: true })).statusCode).toBe(404);
    const del = await call(rm, 'POST', `/api/subscriptions/${sub.id}/delete/`);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual({ error: `No subscription ${sub.id}` });
    expect((await row(sub.id)).paused).toBe(false);
  });

  it('pauses, resumes, reschedules and deletes', async () => {
    const sub = (await create(zsm, { report_id: 13, filters: {}, schedule: DAILY })).json<Subscription>();
    const paused = await call(zsm, 'POST', `/api/subscriptions/${sub.id}/`, { paused: true });
    expect(paused.json<Subscription>()).toMatchObject({ paused: true, paused_reason: null });
    const weekly = await call(zsm, 'POST', `/api/subscriptions/${sub.id}/`, {
      paused: false,
      schedule: { frequency: 'weekly', time: '08:30', weekday: 1 },
    });
    expect(weekly.json<Subscription>()).toMatchObject({ paused: false, schedule_text: 'Weekly on Monday at 08:30' });
    expect(new Date(weekly.json<Subscription>().next_run_at).getUTCDay()).toBe(1);
    expect((await call(zsm, 'POST', `/api/subscriptions/${sub.id}/delete/`)).json()).toEqual({ message: 'Subscription deleted' });
    expect((await call(zsm, 'GET', '/api/subscriptions/')).json()).toEqual({ subscriptions: [] });
  });

  it('refuses bad input with 400 and a clear message', async () => {
    const bad = await create(zsm, { report_id: 11, filters: {}, schedule: { frequency: 'daily', time: '25:00' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toContain('time must be HH:MM (24-hour, India time)');
    const noDay = await create(zsm, { report_id: 11, filters: {}, schedule: { frequency: 'monthly', time: '09:00' } });
    expect(noDay.statusCode).toBe(400);
    expect(noDay.json<{ error: string }>().error).toContain('day_of_month');
    const range = await create(zsm, { report_id: 11, filters: { start_date: '2026-05-31', end_date: '2026-05-01' }, schedule: DAILY });
    expect(range.statusCode).toBe(400);
    expect(range.json<{ error: string }>().error).toBe('end_date must not be before start_date');
    expect((await call(zsm, 'POST', '/api/subscriptions/1/', {})).json<{ error: string }>().error).toContain('Send a schedule or paused');
    expect(await ctx.db.db.selectFrom('report_subscriptions').selectAll().execute()).toEqual([]);
  });

  it('subscribes only to what the user can see: 403 outside the subtree, 404 for an unknown report', async () => {
    const outside = await code('demo.head');
    const res = await create(rm, { report_id: 11, filters: { account_id: outside.unique_code }, schedule: DAILY });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: `Account ${outside.unique_code} is outside your team` });
    expect((await create(zsm, { report_id: 999, filters: {}, schedule: DAILY })).json()).toEqual({ error: 'No report 999' });
    await ctx.db.db.updateTable('users').set({ email_report_access: false }).where('login', '=', 'demo.rm').execute();
    try {
      const noMail = await create(rm, { report_id: 11, filters: {}, schedule: DAILY });
      expect(noMail.statusCode).toBe(403);
      expect(noMail.json()).toEqual({ error: 'You do not have access to email reports' });
    } finally {
      await ctx.db.db.updateTable('users').set({ email_report_access: true }).where('login', '=', 'demo.rm').execute();
    }
  });

  it('mails the report over SMTP with the figures the report API answers, in the body (rupees) and the XLSX', async () => {
    const sub = (await create(zsm, { report_id: 11, filters: MAY, schedule: DAILY })).json<Subscription>();
    const slot = new Date(Date.now() - 60_000);
    await dueAt(sub.id, slot);
    const pass = await runDueSubscriptions(ctx.db.db, new ReportService(ctx.db.db));
    expect(pass).toEqual({ sent: 1, skipped: 0, paused: 0, lost: 0 });

    const mail = await deliverOneMail(ctx.db.db);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe((await code('demo.zsm')).email);
    expect(mail.subject).toBe('Team report summary (01/05/2026 to 31/05/2026)');
    const report = (
      await call(zsm, 'GET', `/api/reports/11/?start_date=${MAY.start_date}&end_date=${MAY.end_date}`)
    ).json<ReportResponse>();
    const records = report.data.data.records;
    expect(records.length).toBeGreaterThan(1);
    // The body: one table row per record, premiums as the table shows them.
    const html = mail.html || '';
    for (const r of records) {
      expect(html).toContain(`>${String(r['User Id'])}<`);
      expect(html).toContain(`>${formatRupee(r['Total Premium'])}<`);
    }
    expect(html.match(/<tr>/g)?.length).toBe(records.length + 1);
    // Whole May is compared with whole April; the mail links to the report with the same dates.
    expect(report.data.data.column_defs.some((c) => c.kind === 'growth-arrow')).toBe(true);
    expect(mail.text).toContain(
      `- Team report summary for ${report.account.user_name} (${report.account.account_id}): ${records.length} rows. Period 01/05/2026 to 31/05/2026; growth compared with 01/04/2026 to 30/04/2026.`,
    );
    expect(mail.text).toContain('Open it on Dossier: http://localhost:3000/reports/11?start_date=2026-05-01&end_date=2026-05-31');
    expect(html).toContain(
      '<a href="http://localhost:3000/reports/11?start_date=2026-05-01&amp;end_date=2026-05-31">Open it on Dossier</a>',
    );
    expect(mail.text).toContain('This subscription: Daily at 09:00 (India time). Manage it under My subscriptions.');
    // The attachment: every record with its raw figures.
    const attachment = mail.attachments[0];
    expect(attachment?.filename).toBe('team-report-summary_2026-05-01_2026-05-31.xlsx');
    const sheet = await xlsxRows(attachment?.content ?? Buffer.alloc(0));
    const header = sheet[0] as string[];
    const premium = header.indexOf('Total Premium');
    const nop = header.indexOf('Policies count');
    expect(sheet.slice(1).map((r) => Number(r[premium]))).toEqual(records.map((r) => Number(r['Total Premium'])));
    expect(sheet.slice(1).map((r) => Number(r[nop]))).toEqual(records.map((r) => Number(r['Policies count'])));
    // An independent sum: the roll-up's premium of May for the subtree equals the records' total.
    const total = records.reduce((s, r) => s + Number(r['Total Premium']), 0);
    expect(total).toBeGreaterThan(0);
    const after = await row(sub.id);
    expect(after.last_result).toBe('Sent');
    expect(new Date(after.next_run_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('a dashboard subscription mails every mailable table of the page, each in the body and attached', async () => {
    const sub = (await create(zsm, { report_id: 1, filters: MAY, schedule: DAILY })).json<Subscription>();
    expect(sub).toMatchObject({ kind: 'dashboard', report_name: 'Business Dashboard' });
    await dueAt(sub.id, new Date(Date.now() - 60_000));
    expect((await runDueSubscriptions(ctx.db.db, new ReportService(ctx.db.db))).sent).toBe(1);
    const [mail] = await mails();
    expect(mail?.subject).toBe('Business Dashboard (01/05/2026 to 31/05/2026)');
    // The link opens the dashboard page, not one of its tables.
    expect(mail?.text_body).toContain('Open it on Dossier: http://localhost:3000/reports/1?start_date=2026-05-01&end_date=2026-05-31');
    const page = (await call(zsm, 'GET', `/api/reports/1/?start_date=${MAY.start_date}&end_date=${MAY.end_date}`)).json<{
      reports: ReportResponse[];
    }>();
    const mailable = page.reports.filter((r) => r.email_report);
    expect(mailable.length).toBeGreaterThan(1);
    for (const r of mailable) expect(mail?.html_body).toContain(`>${r.report_name}</h2>`);
    const attachments = (typeof mail?.attachments === 'string' ? JSON.parse(mail.attachments) : mail?.attachments) as {
      filename: string;
    }[];
    expect(attachments.map((a) => a.filename)).toEqual(
      mailable
        .filter((r) => r.data.data.records.length > 0)
        .map(
          (r) =>
            `${r.report_name
              .toLowerCase()
              .replace(/[^a-z0-9]+/g, '-')
              .replace(/^-|-$/g, '')}_2026-05-01_2026-05-31.xlsx`,
        ),
    );
    // The life-only role cannot subscribe to a dashboard it cannot open.
    const r204 = await demoToken(ctx.app, 'demo.r204');
    const refused = await create(r204, { report_id: 1, filters: MAY, schedule: DAILY });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'This dashboard is not available for your role' });
  });

  it('after a restart past several missed slots sends exactly one mail, and a second pass sends nothing', async () => {
    const sub = (await create(zsm, { report_id: 13, filters: MAY, schedule: DAILY })).json<Subscription>();
    // Due five days ago: the server was down for five slots.
    await dueAt(sub.id, new Date(Date.now() - 5 * 86_400_000));
    // A "new process": its own report service, nothing in memory.
    expect((await runDueSubscriptions(ctx.db.db, new ReportService(ctx.db.db))).sent).toBe(1);
    expect((await runDueSubscriptions(ctx.db.db, new ReportService(ctx.db.db))).sent).toBe(0);
    expect(await mails()).toHaveLength(1);
    expect(new Date((await row(sub.id)).next_run_at).toISOString()).toBe(
      nextRunAfter({ ...DAILY, weekdays_only: false }, new Date()).toISOString(),
    );
  });

  it('one pass works through more due rows than one batch', async () => {
    for (const report_id of [13, 14, 16]) {
      const id = (await create(zsm, { report_id, filters: MAY, schedule: DAILY })).json<Subscription>().id;
      await dueAt(id, new Date(Date.now() - 60_000));
    }
    expect(await runDueSubscriptions(ctx.db.db, new ReportService(ctx.db.db), { limit: 1 })).toEqual({
      sent: 3,
      skipped: 0,
      paused: 0,
      lost: 0,
    });
    expect(await mails()).toHaveLength(3);
  });

  it('a month-to-date mail states the days it covers and what growth compares with, in the body and the file', async () => {
    // No dates: the current month as it runs. On 5 May that is 1 to 5 May, compared with 1 to 5 April.
    const sub = (await create(zsm, { report_id: 11, filters: {}, schedule: DAILY })).json<Subscription>();
    const at = new Date('2026-05-05T03:30:00Z');
    await dueAt(sub.id, new Date(at.getTime() - 60_000));
    const service = new ReportService(ctx.db.db, ctx.db.db, { today: () => '2026-05-05' });
    const pass = await runDueSubscriptions(ctx.db.db, service, { now: () => at, portalUrl: 'https://dossier.example.com' });
    expect(pass.sent).toBe(1);
    const [mail] = await mails();
    expect(mail?.subject).toBe('Team report summary (01/05/2026 to 05/05/2026)');
    expect(mail?.text_body).toMatch(
      /: \d+ rows\. Period 01\/05\/2026 to 05\/05\/2026; growth compared with 01\/04\/2026 to 05\/04\/2026\.\n/,
    );
    expect(mail?.text_body).toContain('Open it on Dossier: https://dossier.example.com/reports/11\n');
    const attachments = (typeof mail?.attachments === 'string' ? JSON.parse(mail.attachments) : mail?.attachments) as {
      filename: string;
      content_base64: string;
    }[];
    expect(attachments[0]?.filename).toBe('team-report-summary_2026-05-01_2026-05-05.xlsx');
    const zsmCode = await code('demo.zsm');
    const about = await xlsxRows(Buffer.from(attachments[0]?.content_base64 ?? '', 'base64'), 'About');
    expect(about).toEqual([
      ['Report', 'Team report summary'],
      ['For', `${zsmCode.name} (${zsmCode.unique_code})`],
      ['Period', '01/05/2026 to 05/05/2026'],
      ['Growth compared with', '01/04/2026 to 05/04/2026'],
      ['Made', '05/05/2026 09:00 (India time)'],
      ['Open it on Dossier', 'https://dossier.example.com/reports/11'],
    ]);
  });

  it('two instances running the job at once send each due slot once', async () => {
    const ids: number[] = [];
    for (const report_id of [11, 13, 14])
      ids.push((await create(zsm, { report_id, filters: MAY, schedule: DAILY })).json<Subscription>().id);
    for (const id of ids) await dueAt(id, new Date(Date.now() - 60_000));
    const other = await ctx.db.connectAgain();
    const [a, b] = await Promise.all([
      runDueSubscriptions(ctx.db.db, new ReportService(ctx.db.db), { limit: 2 }),
      runDueSubscriptions(other.db, new ReportService(other.db), { limit: 2 }),
    ]);
    // Whatever remains (each took at most 2) goes on the next pass of either.
    const c = await runDueSubscriptions(other.db, new ReportService(other.db));
    expect(a.sent + b.sent + c.sent).toBe(3);
    const queued = await mails();
    expect(queued).toHaveLength(3);
    expect(queued.map((m) => m.subject).sort()).toEqual([
      'Business summary (01/05/2026 to 31/05/2026)',
      'Product wise business (01/05/2026 to 31/05/2026)',
      'Team report summary (01/05/2026 to 31/05/2026)',
    ]);
  });

  it('two instances that both compute the same slot (their claims lapsed) still send it once', async () => {
    const sub = (await create(zsm, { report_id: 13, filters: MAY, schedule: DAILY })).json<Subscription>();
    await dueAt(sub.id, new Date(Date.now() - 60_000));
    const other = await ctx.db.connectAgain();
    // A lease already over when taken: neither instance keeps the other off, both run the report.
    const [a, b] = await Promise.all([
      runDueSubscriptions(ctx.db.db, new ReportService(ctx.db.db), { leaseMs: -1 }),
      runDueSubscriptions(other.db, new ReportService(other.db), { leaseMs: -1 }),
    ]);
    expect(a.sent + b.sent).toBe(1);
    expect(await mails()).toHaveLength(1);
    expect((await row(sub.id)).last_result).toBe('Sent');
  });

  it('a slot claimed by one instance and sent by another is never sent twice (the row lock decides)', async () => {
    const sub = (await create(zsm, { report_id: 13, filters: MAY, schedule: DAILY })).json<Subscription>();
    await dueAt(sub.id, new Date(Date.now() - 60_000));
    // Instance A claims the slot, then stalls past its lease (a long report, a pause of the process)...
    const now = new Date();
    const [claimedByA] = await claimDue(ctx.db.db, now, new Date(now.getTime() - 1), 10);
    expect(claimedByA?.id).toBe(sub.id);
    // ...so instance B takes the lapsed claim and sends the slot.
    expect((await runDueSubscriptions(ctx.db.db, new ReportService(ctx.db.db))).sent).toBe(1);
    // When A comes back to send, the slot it claimed is gone: it sends nothing.
    const stale = await ctx.db.db.transaction().execute((trx) => lockForSend(trx, claimedByA as NonNullable<typeof claimedByA>));
    expect(stale).toBeUndefined();
    expect(await mails()).toHaveLength(1);
  });

  it("pauses a deactivated user's subscriptions, and one whose drilled account left the user's team", async () => {
    const tl = await code('demo.tl');
    const asm = await code('demo.asm');
    const sub = (
      await create(zsm, { report_id: 11, filters: { ...MAY, account_id: tl.unique_code }, schedule: DAILY })
    ).json<Subscription>();
    const own = (await create(rm, { report_id: 13, filters: MAY, schedule: DAILY })).json<Subscription>();
    await dueAt(sub.id, new Date(Date.now() - 60_000));
    await dueAt(own.id, new Date(Date.now() - 60_000));

    // demo.rm is deactivated by an administrator: their subscriptions pause at once, and it is audited.
    const rmUser = await ctx.db.db.selectFrom('users').select('id').where('login', '=', 'demo.rm').executeTakeFirstOrThrow();
    expect((await call(head, 'POST', `/api/admin/users/${rmUser.id}/deactivate/`, {})).statusCode).toBe(200);
    expect(await row(own.id)).toMatchObject({ paused: true, paused_reason: 'the user was deactivated' });
    const audited = await ctx.db.db
      .selectFrom('audit_events')
      .select('after')
      .where('action', '=', 'admin.user_deactivate')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audited.after).toMatchObject({ subscriptions_paused: 1 });
    // demo.tl moves out of demo.zsm's team: under another zonal manager.
    const otherZsm = await ctx.db.db
      .selectFrom('employees')
      .select('unique_code')
      .where('emp_role', '=', 'zsm')
      .where('unique_code', '!=', (await code('demo.zsm')).unique_code)
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    const moved = await call(head, 'POST', `/api/admin/people/${tl.unique_code}/`, { manager_code: otherZsm.unique_code });
    expect(moved.statusCode).toBe(200);
    try {
      const pass = await runDueSubscriptions(ctx.db.db, new ReportService(ctx.db.db));
      expect(pass).toEqual({ sent: 0, skipped: 0, paused: 1, lost: 0 });
      expect(await mails()).toEqual([]);
      expect(await row(own.id)).toMatchObject({ paused: true, paused_reason: 'the user was deactivated' });
      const stopped = (await call(zsm, 'GET', '/api/subscriptions/')).json<{ subscriptions: Subscription[] }>().subscriptions[0];
      expect(stopped).toMatchObject({
        paused: true,
        paused_reason: `Account ${tl.unique_code} is outside your team`,
        last_result: `Paused: Account ${tl.unique_code} is outside your team`,
      });
      // Resuming checks again: still outside, so 403 and it stays paused.
      expect((await call(zsm, 'POST', `/api/subscriptions/${sub.id}/`, { paused: false })).statusCode).toBe(403);
    } finally {
      await call(head, 'POST', `/api/admin/people/${tl.unique_code}/`, { manager_code: asm.unique_code });
      await call(head, 'POST', `/api/admin/users/${rmUser.id}/activate/`, {});
    }
  });
});
