import { BriefResponse, CALLCENTRE_PATHS, kolkataToday, type BriefResponse as Brief } from '@dossier/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRawWorld, type RawWorld } from '../../../test/raw-business';
import { createReportsTestApp, demoToken, TODAY, type ReportsTestContext } from '../../../test/reports-fixture';

const close = (a: unknown, b: number, label = '') => expect(Number(a), label).toBeCloseTo(b, 1);

// Date arithmetic of the oracle, on UTC midnights, apart from the shared date helpers the brief uses.
const DAY_MS = 86_400_000;
const plusDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const ymOf = (iso: string) => [Number(iso.slice(0, 4)), Number(iso.slice(5, 7))] as const;
/** Days in the month of `iso`: day 0 of the next month is its last. */
const daysInMonth = (iso: string) => {
  const [y, m] = ymOf(iso);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};
/** 'yyyy-MM' of the month `back` months before the month of `iso`. */
const monthBefore = (iso: string, back: number) => {
  const [y, m] = ymOf(iso);
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 7);
};

describe('GET /api/brief/ equals a recomputation from raw policies, mappings, targets and cases', () => {
  let ctx: ReportsTestContext;
  let world: RawWorld;
  // The app's business date: a day, or the Kolkata date of an instant when `clock` is set.
  let day = TODAY;
  let clock: Date | null = null;
  let mappings: { partner_id: number; manager_id: number }[];
  let partners: Map<number, { code: string; name: string }>;
  let policies: {
    policy_no: string | null;
    previous_policy_no: string | null;
    status: string;
    expiry_date: string | null;
    employee_id: number;
    paid_amount: string;
    line: string;
  }[];
  let cases: {
    id: number;
    status: string;
    trm_id: number | null;
    partner_id: number | null;
    customer_id: number;
    product_type_id: number;
    pincode: string;
    case_date: string;
  }[];
  let leads: Set<number>;
  /** The last day anything was sold: a brief of a later day sees the whole history, as a real morning does. */
  let lastSaleDay: string;
  const idOf = (code: string) => world.employees.find((e) => e.code === code)?.id ?? -1;

  beforeAll(async () => {
    ctx = await createReportsTestApp(0.02, { today: () => (clock ? kolkataToday(clock) : day) });
    world = await loadRawWorld(ctx.db.db);
    mappings = await ctx.db.db.selectFrom('partner_mappings').select(['partner_id', 'manager_id']).where('valid_to', 'is', null).execute();
    partners = new Map(
      (await ctx.db.db.selectFrom('partners').select(['id', 'unique_code', 'name']).execute()).map((p) => [
        p.id,
        { code: p.unique_code, name: p.name },
      ]),
    );
    policies = await ctx.db.db
      .selectFrom('policies as p')
      .innerJoin('products as pr', 'pr.product_type_id', 'p.product_type_id')
      .select(['p.policy_no', 'p.previous_policy_no', 'p.status', 'p.expiry_date', 'p.employee_id', 'p.paid_amount', 'pr.line'])
      .execute();
    cases = await ctx.db.db
      .selectFrom('cases')
      .select(['id', 'status', 'trm_id', 'partner_id', 'customer_id', 'product_type_id', 'pincode', 'case_date'])
      .execute();
    leads = new Set((await ctx.db.db.selectFrom('leads').select('case_id').execute()).map((l) => l.case_id));
    lastSaleDay = world.policies.reduce((a, p) => (p.day > a ? p.day : a), '');
  });
  afterAll(() => ctx.close());

  const call = async (login: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: `Token ${await demoToken(ctx.app, login)}` },
      ...(payload ? { payload } : {}),
    });
  const brief = async (login: string): Promise<Brief> => {
    const res = await call(login, 'GET', '/api/brief/');
    expect(res.statusCode, res.body).toBe(200);
    return BriefResponse.parse(res.json());
  };
  const me = async (login: string) => (await call(login, 'GET', '/accounts/api/v1/me/')).json<{ code: string }>().code;
  const targetOf = async (employeeId: number, month: string) => {
    const row = await ctx.db.db
      .selectFrom('targets')
      .select('premium')
      .where('employee_id', '=', employeeId)
      .where('month', '=', month)
      .executeTakeFirst();
    return row ? Number(row.premium) : null;
  };

  /** Every figure of the brief of `login` on `today`, recomputed from the raw tables; whether they had a target. */
  async function expectBrief(login: string, today: string, lifeOnly = false): Promise<{ target: boolean; brief: Brief }> {
    const b = await brief(login);
    const id = idOf(await me(login));
    const team = world.subtree.get(id) ?? new Set<number>();
    const lineOk = (line: string) => !lifeOnly || line === 'life';
    const success = world.policies.filter((p) => p.status === 'success' && lineOk(p.line));

    // The month: MTD from the 1st to today, projected over the month's days, against the person's own target.
    const start = `${today.slice(0, 7)}-01`;
    const mine = success.filter((p) => team.has(p.employeeId));
    const premiumOn = (from: string, to: string) => mine.filter((p) => p.day >= from && p.day <= to).reduce((a, p) => a + p.premium, 0);
    const mtd = premiumOn(start, today);
    const days = daysInMonth(today);
    const elapsed = Number(today.slice(8, 10));
    const projected = (mtd * days) / elapsed;
    expect([b.month.today, b.month.start_date], login).toEqual([today, start]);
    close(b.month.mtd, mtd, `${login} ${today} mtd`);
    close(b.month.projected, projected, `${login} ${today} projected`);
    const yesterday = plusDays(today, -1);
    const weekBefore = plusDays(today, -8);
    expect([b.month.yesterday.date, b.month.week_before.date]).toEqual([yesterday, weekBefore]);
    close(b.month.yesterday.premium, premiumOn(yesterday, yesterday), 'yesterday');
    close(b.month.week_before.premium, premiumOn(weekBefore, weekBefore), 'a week before');
    const target = await targetOf(id, start);
    if (target !== null && target > 0) {
      close(b.month.target, target, 'target');
      close(b.month.achievement_pct, (mtd / target) * 100, 'achievement %');
      close(b.month.projected_pct, (projected / target) * 100, 'projected %');
      // The days left after today; on the last day the whole remainder is due today.
      const left = days - elapsed;
      close(b.month.required_per_day, Math.max(0, target - mtd) / Math.max(left, 1), `${login} ${today} required per day`);
    } else {
      expect([b.month.achievement_pct, b.month.projected_pct, b.month.required_per_day]).toEqual([null, null, null]);
    }

    // Renewals due from today to today + 7, not renewed by a successful policy.
    const end = plusDays(today, 7);
    const renewed = new Set(policies.filter((p) => p.status === 'success' && p.previous_policy_no).map((p) => p.previous_policy_no));
    const due = policies.filter(
      (p) =>
        p.status === 'success' &&
        p.policy_no !== null &&
        p.expiry_date !== null &&
        p.expiry_date >= today &&
        p.expiry_date <= end &&
        team.has(p.employee_id) &&
        lineOk(p.line) &&
        !renewed.has(p.policy_no),
    );
    expect(b.renewals_due).toMatchObject({ start_date: today, end_date: end, count: due.length });
    close(
      b.renewals_due.premium,
      due.reduce((a, p) => a + Number(p.paid_amount), 0),
    );
    const top = [...due].sort(
      (a, c) => Number(c.paid_amount) - Number(a.paid_amount) || String(a.policy_no).localeCompare(String(c.policy_no)),
    );
    expect(b.renewals_due.top.map((r) => r.premium)).toEqual(top.slice(0, 10).map((p) => Number(p.paid_amount)));

    // Slipping: mapped into the team, sold in each of the three full months before today's, nothing in the last
    // 15 days (today included). Only on a day after every sale (a real morning): the roll-up holds no future.
    if (today >= lastSaleDay) {
      const months = [monthBefore(today, 3), monthBefore(today, 2), monthBefore(today, 1)];
      const quietFrom = plusDays(today, -14);
      const expected = mappings
        .filter((m) => team.has(m.manager_id))
        .map((m) => {
          const sales = success.filter((p) => p.partnerId === m.partner_id);
          const inMonth = (mm: string) => sales.filter((p) => p.day.startsWith(mm));
          const last = sales.reduce((a, p) => (p.day > a ? p.day : a), '');
          const premium = months.flatMap(inMonth).reduce((a, p) => a + p.premium, 0);
          const steady = months.every((mm) => inMonth(mm).length > 0);
          return { partnerId: m.partner_id, code: partners.get(m.partner_id)?.code ?? '', steady, last, premium, manager: m.manager_id };
        })
        .filter((x) => x.steady && x.last < quietFrom)
        .sort((a, c) => c.premium - a.premium || a.code.localeCompare(c.code))
        .slice(0, 10);
      expect(
        b.slipping_partners.map((s) => s.partner_code),
        `${login} ${today}`,
      ).toEqual(expected.map((x) => x.code));
      for (const [i, s] of b.slipping_partners.entries()) {
        const x = expected[i];
        close(s.three_month_premium, x?.premium ?? NaN, s.partner_code);
        expect(s.last_sale).toBe(x?.last);
        expect(s.rm_code).toBe(world.employees.find((e) => e.id === x?.manager)?.code);
        // The case a call goes through: the partner's newest open case that reaches the team as a lead or
        // is worked by one of its TRMs.
        const through = cases
          .filter(
            (k) => k.partner_id === x?.partnerId && k.status === 'open' && (leads.has(k.id) || (k.trm_id !== null && team.has(k.trm_id))),
          )
          .sort((a, c) => c.case_date.localeCompare(a.case_date) || c.id - a.id)[0];
        expect(s.call, s.partner_code).toEqual(
          through
            ? {
                case_id: through.id,
                customer_id: through.customer_id,
                partner_id: x?.partnerId,
                partner_name: s.partner_name,
                product_code: through.product_type_id,
                status: 'open',
                pin: through.pincode,
              }
            : null,
        );
      }
    }
    return { target: target !== null && target > 0, brief: b };
  }

  it('nothing is sold after the fixture day, so a brief of that day or later sees no future', () => {
    expect(lastSaleDay <= TODAY).toBe(true);
  });

  for (const [login, lifeOnly] of [
    ['demo.head', false],
    ['demo.zsm', false],
    ['demo.rm', false],
    ['demo.r204', true],
  ] as const) {
    it(`${login} on ${TODAY}: the month, slipping partners with the case to call through, renewals due${lifeOnly ? ', life only' : ''}`, async () => {
      await expectBrief(login, TODAY, lifeOnly);
    });
  }

  it("reads the slipping partners the ETL keeps for the day, and on a day it has not kept them sums the partners' months to the same", async () => {
    const kept = async () =>
      (await sql<{ day: string | null }>`select slipping_day::text as day from etl_jobs where name = 'business_rollup'`.execute(ctx.db.db))
        .rows[0]?.day;
    expect(await kept()).toBe(TODAY);
    const rows = await sql<{ n: number }>`select count(*)::int as n from fact_slipping_partners where day = ${TODAY}`.execute(ctx.db.db);
    expect(rows.rows[0]?.n).toBeGreaterThan(0);
    const fromKept = await Promise.all(['demo.head', 'demo.rm', 'demo.r204'].map(brief));
    await sql`update etl_jobs set slipping_day = null where name = 'business_rollup'`.execute(ctx.db.db);
    try {
      const fromMonths = await Promise.all(['demo.head', 'demo.rm', 'demo.r204'].map(brief));
      expect(fromMonths.map((b) => b.slipping_partners)).toEqual(fromKept.map((b) => b.slipping_partners));
    } finally {
      await sql`update etl_jobs set slipping_day = ${TODAY} where name = 'business_rollup'`.execute(ctx.db.db);
    }
  });

  it('the head sees steady partners slipping, some with a case to call through, and renewals due in the demo', async () => {
    const b = await brief('demo.head');
    expect(b.renewals_due.count).toBeGreaterThan(0);
    expect(b.slipping_partners.length).toBeGreaterThan(0);
    expect(b.slipping_partners.some((p) => p.call !== null)).toBe(true);
  });

  it("a month's first and last day and a 28-day February's, with and without a target", async () => {
    let withTarget = 0;
    try {
      for (const today of ['2026-06-01', '2026-06-30', '2026-02-01', '2026-02-28', '2026-02-10']) {
        day = today;
        for (const login of ['demo.head', 'demo.zsm', 'demo.rm']) if ((await expectBrief(login, today)).target) withTarget++;
      }
    } finally {
      day = TODAY;
    }
    // The target figures were checked, not only their absence.
    expect(withTarget).toBeGreaterThan(0);
  });

  it('a person without a target: projected still, no percentages, no rate needed', async () => {
    const id = idOf(await me('demo.zsm'));
    expect(await targetOf(id, '2026-06-01')).toBeGreaterThan(0);
    const before = await brief('demo.zsm');
    await ctx.db.db.deleteFrom('targets').where('employee_id', '=', id).where('month', '=', '2026-06-01').execute();
    const { target, brief: after } = await expectBrief('demo.zsm', TODAY);
    expect(target).toBe(false);
    expect(after.month).toMatchObject({ target: null, achievement_pct: null, projected_pct: null, required_per_day: null });
    expect(after.month.projected).toBe(before.month.projected);
  });

  it('the Kolkata day edge: at 23:58 on 30 June the brief is of June, at 00:02 of 1 July', async () => {
    try {
      clock = new Date('2026-06-30T18:28:00Z');
      const june = await expectBrief('demo.head', '2026-06-30');
      // The last day: the month lands where it stands.
      expect(june.brief.month.projected).toBe(june.brief.month.mtd);
      clock = new Date('2026-06-30T18:32:00Z');
      const july = await expectBrief('demo.head', '2026-07-01');
      expect(july.brief.month.yesterday.date).toBe('2026-06-30');
      expect(july.brief.renewals_due.start_date).toBe('2026-07-01');
    } finally {
      clock = null;
    }
  });

  it('open work: open cases of the TRMs of the subtree and open leads of its partners, oldest first', async () => {
    for (const login of ['demo.trm', 'demo.supervisor', 'demo.rm']) {
      const b = await brief(login);
      const team = world.subtree.get(idOf(await me(login))) ?? new Set<number>();
      const partnersOfTeam = new Set(mappings.filter((m) => team.has(m.manager_id)).map((m) => m.partner_id));
      const expected = cases
        .filter(
          (k) =>
            k.status === 'open' &&
            ((k.trm_id !== null && team.has(k.trm_id)) || (leads.has(k.id) && k.partner_id !== null && partnersOfTeam.has(k.partner_id))),
        )
        .sort((a, c) => a.case_date.localeCompare(c.case_date) || a.id - c.id)
        .slice(0, 20);
      expect(
        b.open_work.map((w) => w.case_id),
        login,
      ).toEqual(expected.map((k) => k.id));
    }
  });

  it("the Call button's case: a slipping partner is called through it; a partner outside the subtree cannot be", async () => {
    const head = await brief('demo.head');
    const asm = await brief('demo.asm');
    const asmCode = await me('demo.asm');
    const mine = asm.slipping_partners.find((p) => p.call !== null);
    const theirs = head.slipping_partners.find(
      (p) => p.call !== null && !asm.slipping_partners.some((q) => q.partner_code === p.partner_code),
    );
    expect(mine?.call).toBeTruthy();
    expect(theirs?.call).toBeTruthy();
    if (!mine?.call || !theirs?.call) return;
    const asmTeam = world.subtree.get(idOf(asmCode)) ?? new Set<number>();
    // The other partner is mapped outside demo.asm's subtree, and their case is not worked by it.
    const theirMapping = mappings.find((m) => m.partner_id === theirs.call?.partner_id);
    expect(asmTeam.has(theirMapping?.manager_id ?? -1)).toBe(false);
    const callsBefore = await ctx.db.db.selectFrom('calls').select(['id', 'case_id']).execute();
    const onTheirs = (rows: { case_id: number }[]) => rows.filter((c) => c.case_id === theirs.call?.case_id).length;

    const placed = await call('demo.asm', 'POST', CALLCENTRE_PATHS.callToConnect, {
      is_customer: false,
      case_id: mine.call.case_id,
      to_user_id: mine.call.partner_id,
      trm_id: asmCode,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json<{ message: string }>().message).toMatch(/^Calling the partner: your phone rings first, then /);

    const refused = await call('demo.asm', 'POST', CALLCENTRE_PATHS.callToConnect, {
      is_customer: false,
      case_id: theirs.call.case_id,
      to_user_id: theirs.call.partner_id,
      trm_id: asmCode,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: `Case ${theirs.call.case_id} is outside your team` });
    // One call placed, the refused one never reached the provider.
    const callsAfter = await ctx.db.db.selectFrom('calls').select(['id', 'case_id']).execute();
    expect(callsAfter.length).toBe(callsBefore.length + 1);
    expect(onTheirs(callsAfter)).toBe(onTheirs(callsBefore));
  });
});
