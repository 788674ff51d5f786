import { formatRupee, REPORT_PATHS, SUBSCRIPTION_PATHS, type ReportResponse, type Subscription } from '@dossier/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReportsTestApp, demoToken, type ReportsTestContext } from '../../../test/reports-fixture';
import { deliverOneMail } from '../../../test/smtp';

const MAY = { start_date: '2026-05-01', end_date: '2026-05-31' };
const DAILY = { frequency: 'daily', time: '09:00' } as const;

/** 'Send now' on My subscriptions (docs/product/subscriptions.md, 'Send now'). */
describe("a subscription's 'Send now'", () => {
  let ctx: ReportsTestContext;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    // One report email a minute, so that the limit shows at the second mail.
    ctx = await createReportsTestApp(0.02, { config: { MAIL_RATE_LIMIT: '1' } });
    for (const login of ['demo.zsm', 'demo.rm', 'demo.head']) tokens.set(login, await demoToken(ctx.app, login));
  }, 120_000);
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.db.db.deleteFrom('report_subscriptions').execute();
    await ctx.db.db.deleteFrom('email_outbox').execute();
    await ctx.db.db.deleteFrom('rate_limit_hits').execute();
  });

  const call = (login: string, url: string, payload: object = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: { authorization: `Token ${tokens.get(login)}` }, payload });
  const subscribe = async (login: string, body: object): Promise<Subscription> => {
    const res = await call(login, SUBSCRIPTION_PATHS.list, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Subscription>();
  };
  const row = (id: number) => ctx.db.db.selectFrom('report_subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const queued = () => ctx.db.db.selectFrom('email_outbox').selectAll().execute();
  const person = (login: string) =>
    ctx.db.db
      .selectFrom('users')
      .innerJoin('employees', 'employees.id', 'users.employee_id')
      .select(['employees.unique_code as code', 'employees.email'])
      .where('login', '=', login)
      .executeTakeFirstOrThrow();

  it('mails the subscription to its owner at once over SMTP, with the figures the report answers, and leaves its schedule alone', async () => {
    const sub = await subscribe('demo.zsm', { report_id: 11, filters: MAY, schedule: DAILY });
    // A subscription with a history: its next and last mails must stay as they are.
    const lastRun = new Date('2026-06-01T03:30:00Z');
    await ctx.db.db
      .updateTable('report_subscriptions')
      .set({ last_run_at: lastRun, last_result: 'Sent' })
      .where('id', '=', sub.id)
      .execute();
    const before = await row(sub.id);
    const { email } = await person('demo.zsm');

    const res = await call('demo.zsm', SUBSCRIPTION_PATHS.sendNow(sub.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: `Team report summary will be sent to ${email} shortly. Its schedule is unchanged.` });
    expect(await row(sub.id)).toEqual(before);
    const [mail] = await queued();
    expect(mail).toMatchObject({ kind: 'report_subscription', to_addresses: [email] });
    const [entry] = await ctx.db.db
      .selectFrom('audit_events')
      .select(['entity_id', 'after'])
      .where('action', '=', 'subscription_sent_now')
      .execute();
    expect(entry).toEqual({ entity_id: String(mail?.id), after: { subscription: sub.id, report: 11 } });

    const received = await deliverOneMail(ctx.db.db);
    expect(received.to && 'text' in received.to ? received.to.text : '').toBe(email);
    expect(received.subject).toBe('Team report summary (01/05/2026 to 31/05/2026)');
    // The scheduled mail's own body: every row of the report, as the report API answers it for the owner.
    const report = await ctx.app.inject({
      method: 'GET',
      url: `${REPORT_PATHS.report(11)}?start_date=${MAY.start_date}&end_date=${MAY.end_date}`,
      headers: { authorization: `Token ${tokens.get('demo.zsm')}` },
    });
    const records = report.json<ReportResponse>().data.data.records;
    expect(records.length).toBeGreaterThan(1);
    for (const r of records) {
      expect(received.html).toContain(`>${String(r['User Id'])}<`);
      expect(received.html).toContain(`>${formatRupee(r['Total Premium'])}<`);
    }
    expect(received.text).toContain('This subscription: Daily at 09:00 (India time). Manage it under My subscriptions.');
    expect(received.attachments.map((a) => a.filename)).toEqual(['team-report-summary_2026-05-01_2026-05-31.xlsx']);
  });

  it('sends a paused subscription too, and it stays paused', async () => {
    const sub = await subscribe('demo.rm', { report_id: 13, filters: MAY, schedule: DAILY });
    expect((await call('demo.rm', SUBSCRIPTION_PATHS.one(sub.id), { paused: true })).statusCode).toBe(200);
    const before = await row(sub.id);
    expect((await call('demo.rm', SUBSCRIPTION_PATHS.sendNow(sub.id))).statusCode).toBe(200);
    expect(await row(sub.id)).toEqual(before);
    expect(await queued()).toHaveLength(1);
  });

  it("answers anyone else's subscription as a missing one, and queues nothing", async () => {
    const sub = await subscribe('demo.zsm', { report_id: 11, filters: MAY, schedule: DAILY });
    for (const [login, id] of [
      ['demo.rm', sub.id],
      ['demo.head', sub.id],
      ['demo.zsm', 999_999],
    ] as const) {
      const res = await call(login, SUBSCRIPTION_PATHS.sendNow(id));
      expect(res.statusCode, login).toBe(404);
      expect(res.json()).toEqual({ error: `No subscription ${id}` });
    }
    expect(await queued()).toEqual([]);
  });

  it('refuses what the schedule would pause, with the reason, and pauses nothing', async () => {
    const { code } = await person('demo.rm');
    const sub = await subscribe('demo.zsm', { report_id: 11, filters: { ...MAY, account_id: code }, schedule: DAILY });
    // The drilled account has left the owner's team since (the head's own account is above it).
    const { code: outside } = await person('demo.head');
    await ctx.db.db
      .updateTable('report_subscriptions')
      .set({ filters: JSON.stringify({ ...MAY, account_id: outside }) })
      .where('id', '=', sub.id)
      .execute();
    const before = await row(sub.id);
    const res = await call('demo.zsm', SUBSCRIPTION_PATHS.sendNow(sub.id));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: `Account ${outside} is outside your team` });
    expect(await row(sub.id)).toEqual(before);
    expect(await queued()).toEqual([]);
  });

  it("counts as a report email: over MAIL_RATE_LIMIT a minute, it and the report panel's Send now are refused", async () => {
    const sub = await subscribe('demo.rm', { report_id: 11, filters: MAY, schedule: DAILY });
    expect((await call('demo.rm', SUBSCRIPTION_PATHS.sendNow(sub.id))).statusCode).toBe(200);
    for (const [url, body] of [
      [SUBSCRIPTION_PATHS.sendNow(sub.id), {}],
      [REPORT_PATHS.sendReport, { data_records: 11, ...MAY }],
    ] as const) {
      const res = await call('demo.rm', url, body);
      expect(res.statusCode, url).toBe(429);
      expect(res.json<{ error: string }>().error).toMatch(/^Too many report emails\. Try again in \d+ seconds\.$/);
    }
    expect(await queued()).toHaveLength(1);
  });
});
