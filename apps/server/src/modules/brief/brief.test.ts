import { BriefResponse, type BriefResponse as Brief } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRawWorld, type RawWorld } from '../../../test/raw-business';
import { createReportsTestApp, demoToken, TODAY, type ReportsTestContext } from '../../../test/reports-fixture';

const close = (a: unknown, b: number, label = '') => expect(Number(a), label).toBeCloseTo(b, 1);

describe('GET /api/brief/ equals a recomputation from raw policies, mappings, targets and cases', () => {
  let ctx: ReportsTestContext;
  let world: RawWorld;
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
  const idOf = (code: string) => world.employees.find((e) => e.code === code)?.id ?? -1;

  beforeAll(async () => {
    ctx = await createReportsTestApp(0.02, { today: TODAY });
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
  });
  afterAll(() => ctx.close());

  const brief = async (login: string): Promise<Brief> => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/brief/',
      headers: { authorization: `Token ${await demoToken(ctx.app, login)}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return BriefResponse.parse(res.json());
  };
  const me = async (login: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/accounts/api/v1/me/',
      headers: { authorization: `Token ${await demoToken(ctx.app, login)}` },
    });
    return res.json<{ code: string }>().code;
  };

  for (const [login, lifeOnly] of [
    ['demo.head', false],
    ['demo.zsm', false],
    ['demo.rm', false],
    ['demo.r204', true],
  ] as const) {
    it(`${login}: the month, slipping partners and renewals due${lifeOnly ? ', life only' : ''}`, async () => {
      const b = await brief(login);
      const id = idOf(await me(login));
      const team = world.subtree.get(id) ?? new Set<number>();
      const lineOk = (line: string) => !lifeOnly || line === 'life';
      const success = world.policies.filter((p) => p.status === 'success' && lineOk(p.line));

      // The month: 15 June of a 30-day month.
      const mine = success.filter((p) => team.has(p.employeeId));
      const premiumOn = (from: string, to: string) => mine.filter((p) => p.day >= from && p.day <= to).reduce((a, p) => a + p.premium, 0);
      const mtd = premiumOn('2026-06-01', TODAY);
      close(b.month.mtd, mtd, 'mtd');
      close(b.month.projected, (mtd * 30) / 15, 'projected');
      expect(b.month.yesterday.date).toBe('2026-06-14');
      close(b.month.yesterday.premium, premiumOn('2026-06-14', '2026-06-14'));
      expect(b.month.week_before.date).toBe('2026-06-07');
      close(b.month.week_before.premium, premiumOn('2026-06-07', '2026-06-07'));
      const target = await ctx.db.db
        .selectFrom('targets')
        .select('premium')
        .where('employee_id', '=', id)
        .where('month', '=', '2026-06-01')
        .executeTakeFirst();
      if (target && Number(target.premium) > 0) {
        const t = Number(target.premium);
        close(b.month.target, t);
        close(b.month.achievement_pct, (mtd / t) * 100);
        close(b.month.projected_pct, ((mtd * 2) / t) * 100);
        close(b.month.required_per_day, Math.max(0, (t - mtd) / 15));
      } else {
        expect([b.month.achievement_pct, b.month.required_per_day]).toEqual([null, null]);
      }

      // Slipping: mapped into the team, sold in each of March, April and May, nothing from 1 June (15 days).
      const mapped = mappings.filter((m) => team.has(m.manager_id));
      const expected = mapped
        .map((m) => {
          const sales = success.filter((p) => p.partnerId === m.partner_id && p.day <= TODAY);
          const inMonth = (mm: string) => sales.filter((p) => p.day.startsWith(mm));
          const steady = ['2026-03', '2026-04', '2026-05'].every((mm) => inMonth(mm).length > 0);
          const last = sales.reduce((a, p) => (p.day > a ? p.day : a), '');
          const premium = ['2026-03', '2026-04', '2026-05'].flatMap(inMonth).reduce((a, p) => a + p.premium, 0);
          return { code: partners.get(m.partner_id)?.code ?? '', steady, last, premium, manager: m.manager_id };
        })
        .filter((x) => x.steady && x.last < '2026-06-01')
        .sort((a, c) => c.premium - a.premium || a.code.localeCompare(c.code))
        .slice(0, 10);
      expect(b.slipping_partners.map((s) => s.partner_code)).toEqual(expected.map((x) => x.code));
      for (const [i, s] of b.slipping_partners.entries()) {
        close(s.three_month_premium, expected[i]?.premium ?? NaN, s.partner_code);
        expect(s.last_sale).toBe(expected[i]?.last);
        expect(s.rm_code).toBe(world.employees.find((e) => e.id === expected[i]?.manager)?.code);
      }

      // Renewals due 15–22 June, not renewed by a successful policy.
      const renewed = new Set(policies.filter((p) => p.status === 'success' && p.previous_policy_no).map((p) => p.previous_policy_no));
      const due = policies.filter(
        (p) =>
          p.status === 'success' &&
          p.policy_no !== null &&
          p.expiry_date !== null &&
          p.expiry_date >= TODAY &&
          p.expiry_date <= '2026-06-22' &&
          team.has(p.employee_id) &&
          lineOk(p.line) &&
          !renewed.has(p.policy_no),
      );
      expect(b.renewals_due).toMatchObject({ start_date: TODAY, end_date: '2026-06-22', count: due.length });
      close(
        b.renewals_due.premium,
        due.reduce((a, p) => a + Number(p.paid_amount), 0),
      );
      const top = [...due].sort(
        (a, c) => Number(c.paid_amount) - Number(a.paid_amount) || String(a.policy_no).localeCompare(String(c.policy_no)),
      );
      expect(b.renewals_due.top.map((r) => r.premium)).toEqual(top.slice(0, 10).map((p) => Number(p.paid_amount)));
    });
  }

  it('the head sees steady partners slipping and renewals due in the demo', async () => {
    const b = await brief('demo.head');
    expect(b.renewals_due.count).toBeGreaterThan(0);
    expect(b.slipping_partners.length).toBeGreaterThan(0);
  });

  it('open work: open cases of the TRMs of the subtree and open leads of its partners, oldest first', async () => {
    const cases = await ctx.db.db.selectFrom('cases').select(['id', 'status', 'trm_id', 'partner_id', 'case_date']).execute();
    const leads = new Set((await ctx.db.db.selectFrom('leads').select('case_id').execute()).map((l) => l.case_id));
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
});
