import {
  BRIEF_MAIL_SCHEDULE,
  BriefMailState,
  BriefResponse,
  formatRupee,
  kolkataTime,
  nextRunAfter,
  SubscriptionList,
  type BriefResponse as Brief,
} from '@dossier/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReportsTestApp, demoToken, TODAY, type ReportsTestContext } from '../../../test/reports-fixture';
import { deliverOneMail } from '../../../test/smtp';
import { ReportService } from '../reports/service';
import { runDueSubscriptions } from '../subscriptions/job';
import { composeBriefMail } from './mail';

const PORTAL = 'https://dossier.example.com';

describe("the daily brief by mail: the switch on My day, the subscription, the mail's figures", () => {
  let ctx: ReportsTestContext;
  beforeAll(async () => {
    ctx = await createReportsTestApp(0.02, { today: TODAY });
  }, 120_000);
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.db.db.deleteFrom('report_subscriptions').execute();
    await ctx.db.db.deleteFrom('email_outbox').execute();
    await ctx.db.db.updateTable('users').set({ email_report_access: true }).where('login', 'in', ['demo.zsm', 'demo.rm']).execute();
  });

  const call = async (login: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: `Token ${await demoToken(ctx.app, login)}` },
      ...(payload ? { payload } : {}),
    });
  const state = async (login: string) => BriefMailState.parse((await call(login, 'GET', '/api/subscriptions/brief/')).json());
  const turn = (login: string, on: boolean) => call(login, 'POST', '/api/subscriptions/brief/', { on });
  const list = async (login: string) => SubscriptionList.parse((await call(login, 'GET', '/api/subscriptions/')).json()).subscriptions;
  // The job as a server runs it, with the app's business day: the same clock GET /api/brief/ answers with.
  const runJob = () =>
    runDueSubscriptions(ctx.db.db, new ReportService(ctx.db.db, ctx.db.db, { today: () => TODAY }), { portalUrl: PORTAL });
  const makeDue = (id: number) =>
    ctx.db.db
      .updateTable('report_subscriptions')
      .set({ next_run_at: new Date(Date.now() - 60_000) })
      .where('id', '=', id)
      .execute();
  const mails = () => ctx.db.db.selectFrom('email_outbox').selectAll().where('kind', '=', 'report_subscription').execute();

  it('is off by default; one call turns it on, daily at 08:30 India time, listed under My subscriptions; off deletes it', async () => {
    expect(await state('demo.zsm')).toEqual({ on: false, may_mail: true, subscription: null });
    const before = Date.now();
    const on = await turn('demo.zsm', true);
    expect(on.statusCode, on.body).toBe(200);
    const s = BriefMailState.parse(on.json());
    expect(s).toMatchObject({
      on: true,
      may_mail: true,
      subscription: {
        report_id: null,
        report_name: 'My day',
        kind: 'brief',
        schedule: { frequency: 'daily', time: '08:30', weekdays_only: false },
        schedule_text: 'Daily at 08:30',
        paused: false,
      },
    });
    const next = new Date(s.subscription?.next_run_at ?? '');
    expect(next.toISOString()).toBe(nextRunAfter(BRIEF_MAIL_SCHEDULE, new Date(before)).toISOString());
    expect(kolkataTime(next)).toBe('08:30');
    expect((await list('demo.zsm')).map((x) => [x.id, x.kind])).toEqual([[s.subscription?.id, 'brief']]);
    // A second click changes nothing: one brief per user.
    expect(BriefMailState.parse((await turn('demo.zsm', true)).json()).subscription?.id).toBe(s.subscription?.id);
    expect(await list('demo.zsm')).toHaveLength(1);
    // Someone else's switch is their own.
    expect(await state('demo.rm')).toMatchObject({ on: false, subscription: null });

    const off = await turn('demo.zsm', false);
    expect(BriefMailState.parse(off.json())).toEqual({ on: false, may_mail: true, subscription: null });
    expect(await list('demo.zsm')).toEqual([]);
    const audited = await ctx.db.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity', '=', 'report_subscription')
      .where('entity_id', '=', String(s.subscription?.id))
      .orderBy('id')
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['subscription_created', 'subscription_deleted']);
  });

  it('paused under My subscriptions, the switch shows off and turns it back on; its schedule cannot be changed', async () => {
    const id = BriefMailState.parse((await turn('demo.zsm', true)).json()).subscription?.id ?? -1;
    expect((await call('demo.zsm', 'POST', `/api/subscriptions/${id}/`, { paused: true })).statusCode).toBe(200);
    expect(await state('demo.zsm')).toMatchObject({ on: false, subscription: { id, paused: true } });
    expect(BriefMailState.parse((await turn('demo.zsm', true)).json())).toMatchObject({ on: true, subscription: { id, paused: false } });
    const edit = await call('demo.zsm', 'POST', `/api/subscriptions/${id}/`, { schedule: { frequency: 'daily', time: '07:00' } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toEqual({ error: "My day's mail goes daily at 08:30; its schedule cannot be changed" });
    // Deleted there, it is off here.
    expect((await call('demo.zsm', 'POST', `/api/subscriptions/${id}/delete/`)).json()).toEqual({ message: 'Subscription deleted' });
    expect((await state('demo.zsm')).on).toBe(false);
  });

  it('needs the permission to email reports, as any report mail: refused without it, paused when it is withdrawn', async () => {
    await ctx.db.db.updateTable('users').set({ email_report_access: false }).where('login', '=', 'demo.rm').execute();
    expect(await state('demo.rm')).toEqual({ on: false, may_mail: false, subscription: null });
    const refused = await turn('demo.rm', true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'You do not have access to email reports' });
    expect(await list('demo.rm')).toEqual([]);

    const id = BriefMailState.parse((await turn('demo.zsm', true)).json()).subscription?.id ?? -1;
    await ctx.db.db.updateTable('users').set({ email_report_access: false }).where('login', '=', 'demo.zsm').execute();
    await makeDue(id);
    expect(await runJob()).toEqual({ sent: 0, skipped: 0, paused: 1, lost: 0 });
    expect(await mails()).toEqual([]);
    expect(await state('demo.zsm')).toMatchObject({
      on: false,
      may_mail: false,
      subscription: { paused: true, paused_reason: 'You no longer have access to email reports' },
    });
    // Turning it on, or resuming it, checks again.
    expect((await turn('demo.zsm', true)).statusCode).toBe(403);
    expect((await call('demo.zsm', 'POST', `/api/subscriptions/${id}/`, { paused: false })).statusCode).toBe(403);
  });

  it('mails the four sections over SMTP with the figures GET /api/brief/ answers, linking back to the portal', async () => {
    const id = BriefMailState.parse((await turn('demo.head', true)).json()).subscription?.id ?? -1;
    await makeDue(id);
    expect(await runJob()).toEqual({ sent: 1, skipped: 0, paused: 0, lost: 0 });
    const b: Brief = BriefResponse.parse((await call('demo.head', 'GET', '/api/brief/')).json());
    // The demo gives every section something to show.
    expect(b.slipping_partners.length).toBeGreaterThan(0);
    expect(b.renewals_due.top.length).toBeGreaterThan(0);

    const mail = await deliverOneMail(ctx.db.db);
    const head = await ctx.db.db
      .selectFrom('users')
      .innerJoin('employees', 'employees.id', 'users.employee_id')
      .select(['employees.email', 'employees.name'])
      .where('login', '=', 'demo.head')
      .executeTakeFirstOrThrow();
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(head.email);
    expect(mail.subject).toBe(`My day (${TODAY})`);
    expect(mail.attachments).toEqual([]);
    const html = mail.html || '';
    const text = mail.text ?? '';
    expect(text).toContain(`Hello ${head.name},`);
    expect(html).toContain(`<a href="${PORTAL}/brief">Open My day</a>`);

    // The month, figure by figure.
    const m = b.month;
    for (const [label, value] of [
      ['MTD', formatRupee(m.mtd)],
      ['Projected (month end)', formatRupee(m.projected)],
      ['Target', m.target === null ? '-' : formatRupee(m.target)],
      ['Achievement %', m.achievement_pct === null ? '-' : `${m.achievement_pct.toFixed(2)}%`],
      ['Projected %', m.projected_pct === null ? '-' : `${m.projected_pct.toFixed(2)}%`],
      ['Required per day', m.required_per_day === null ? '-' : formatRupee(m.required_per_day)],
    ] as const) {
      expect(text).toContain(`\n${label}: ${value}\n`);
      expect(html).toContain(`>${value}</td>`);
    }
    expect(text).toContain(`${formatRupee(m.yesterday.premium)} against ${formatRupee(m.week_before.premium)} on`);
    expect(html).toContain(`<a href="${PORTAL}/reports/11/">Team report summary</a>`);

    // Slipping partners: each with their RM, last sale and three months' premium, linked to their report; no phone.
    for (const p of b.slipping_partners) {
      expect(html).toContain(`<a href="${PORTAL}/reports/37/${encodeURIComponent(p.partner_code)}/">`);
      expect(text).toContain(
        `- ${p.partner_name} (${p.partner_code}), RM ${p.rm_name} (${p.rm_code}), last sale ${p.last_sale}, ${formatRupee(p.three_month_premium)}: ${PORTAL}/reports/37/${encodeURIComponent(p.partner_code)}/`,
      );
    }
    const phones = await ctx.db.db
      .selectFrom('partners')
      .select('phone')
      .where(
        'unique_code',
        'in',
        b.slipping_partners.map((p) => p.partner_code),
      )
      .execute();
    for (const { phone } of phones) expect(`${html}${text}`).not.toContain(phone);

    // Renewals due: the count and premium, the largest policies, the link to Renewal dues over the same days.
    const due = b.renewals_due;
    expect(text).toContain(`\n${due.count.toLocaleString('en-IN')} not yet renewed, ${formatRupee(due.premium)}\n`);
    for (const r of due.top) expect(text).toContain(`- ${r.policy_no}, ${r.customer}, expires ${r.expiry_date}, ${formatRupee(r.premium)}`);
    expect(text).toContain(`Renewal dues: ${PORTAL}/reports/38/?start_date=${due.start_date}&end_date=${due.end_date}`);

    // Open work, oldest first, each linked to the dashboard it is worked from.
    if (b.open_work.length === 0) expect(text).toContain('\nNo open leads or cases.\n');
    for (const w of b.open_work)
      expect(text).toContain(
        `- ${w.case_date} ${w.kind === 'lead' ? 'Lead' : 'Case'} ${w.case_code ?? w.case_id}, ${w.customer}: ${PORTAL}/${w.kind === 'lead' ? 'rm' : 'trm'}-dashboard`,
      );
    expect(text).toContain(
      'This subscription: Daily at 08:30 (India time). Turn it off on My day, or pause or delete it under My subscriptions.',
    );
    const row = await ctx.db.db.selectFrom('report_subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.last_result).toBe('Sent');
    expect(kolkataTime(new Date(row.next_run_at))).toBe('08:30');
  });
});

describe('the brief mail body', () => {
  it('escapes what people typed (names) in the HTML, and joins links to the portal without a double slash', () => {
    const month = {
      today: '2026-06-15',
      start_date: '2026-06-01',
      mtd: 0,
      projected: 0,
      target: null,
      achievement_pct: null,
      projected_pct: null,
      required_per_day: null,
      yesterday: { date: '2026-06-14', premium: 0 },
      week_before: { date: '2026-06-07', premium: 0 },
    };
    const mail = composeBriefMail({
      brief: {
        slipping_partners: [
          {
            partner_code: 'P&1',
            partner_name: '<b>Bold</b>',
            rm_code: 'RM1',
            rm_name: "O'Neil",
            last_sale: '2026-05-01',
            three_month_premium: 1,
            call: null,
          },
        ],
        renewals_due: { start_date: '2026-06-15', end_date: '2026-06-22', count: 0, premium: 0, top: [] },
        open_work: [],
        month,
      },
      userName: 'A <script>',
      at: new Date('2026-06-15T03:00:00Z'),
      schedule: { frequency: 'daily', time: '08:30', weekdays_only: false },
      portal: 'https://dossier.example.com/',
    });
    expect(mail.html).toContain('Hello A &lt;script&gt;,');
    expect(mail.html).toContain('&lt;b&gt;Bold&lt;/b&gt; (P&amp;1)');
    expect(mail.html).toContain('O&#39;Neil (RM1)');
    expect(mail.html).toContain('<a href="https://dossier.example.com/reports/37/P%261/">');
    expect(mail.html).not.toContain('<b>Bold');
    expect(mail.text).toContain('Open My day: https://dossier.example.com/brief\n');
    expect(mail.html).toContain('No open leads or cases.');
  });
});
