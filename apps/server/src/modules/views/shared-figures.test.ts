import { VIEWS_PATHS, type Colleague, type ReportResponse, type SavedView } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedIn, loadRawWorld, sum, type RawWorld } from '../../../test/raw-business';
import { createReportsTestApp, demoToken, type ReportsTestContext } from '../../../test/reports-fixture';

const MAY = { start: '2026-05-01', end: '2026-05-31' };

/**
 * A shared view opens with its filters, but every figure is the recipient's own subtree's (docs/product/views.md,
 * 'Sharing a view'): the page it opens computes for whoever reads it.
 */
describe('a shared view shows the recipient the figures of their own team', () => {
  let ctx: ReportsTestContext;
  let world: RawWorld;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    ctx = await createReportsTestApp();
    world = await loadRawWorld(ctx.db.db);
    for (const login of ['demo.zsm', 'demo.tl']) tokens.set(login, await demoToken(ctx.app, login));
  }, 120_000);
  afterAll(() => ctx.close());

  const call = async (login: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { authorization: `Token ${tokens.get(login)}` }, ...(payload ? { payload } : {}) });
  /** The Total row of Business summary (13): policies and premium. */
  const total = (r: ReportResponse) => r.data.data.records.find((row) => row['Business Type'] === 'Total');
  /** Policies issued in May in the subtree of the employee with this code, recomputed from the raw policies. */
  const rawMay = (code: string) => {
    const id = world.employees.find((e) => e.code === code)?.id ?? -1;
    return sum(world.policies.filter((p) => world.subtree.get(id)?.has(p.employeeId) && p.status === 'success' && issuedIn(p, MAY)));
  };

  it('the owner shares a view of Business summary; the team lead opening it sees their own team’s figures', async () => {
    const saved = await call('demo.zsm', 'POST', VIEWS_PATHS.list, {
      name: 'May business',
      description: 'Each of you sees your own team',
      screen: 'reports',
      report_id: 13,
      account_id: null,
      start_date: MAY.start,
      end_date: MAY.end,
      product_type_id: [],
      insurers: [],
      states: [],
      business_type: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = saved.json<SavedView>();
    // The team lead is below the zonal manager, so the search finds them.
    const [tl] = (await call('demo.zsm', 'GET', `${VIEWS_PATHS.colleagues}?search=demo.tl`)).json<Colleague[]>();
    expect(tl?.login).toBe('demo.tl');
    expect((await call('demo.zsm', 'POST', VIEWS_PATHS.shares(view.id), { user_id: tl?.user_id })).statusCode).toBe(200);

    const shared = (await call('demo.tl', 'GET', VIEWS_PATHS.shared)).json<SavedView[]>();
    expect(shared.map((v) => v.id)).toEqual([view.id]);
    const opened = (await call('demo.tl', 'GET', VIEWS_PATHS.one(view.id))).json<SavedView>();
    expect(opened).toMatchObject({ report_id: 13, account_id: null, start_date: MAY.start, end_date: MAY.end, owned: false });

    // The page the view opens (its report with its period), as each of them reads it.
    const page = `/api/reports/13/?start_date=${MAY.start}&end_date=${MAY.end}`;
    const forTl = (await call('demo.tl', 'GET', page)).json<ReportResponse>();
    const forZsm = (await call('demo.zsm', 'GET', page)).json<ReportResponse>();
    const tlCode = forTl.account.account_id;
    const zsmCode = forZsm.account.account_id;
    expect(tlCode).not.toBe(zsmCode);
    const mine = rawMay(tlCode);
    expect(mine.nop).toBeGreaterThan(0);
    expect(total(forTl)?.['Policies count']).toBe(mine.nop);
    expect(Number(total(forTl)?.['Total Premium'])).toBeCloseTo(mine.premium, 1);
    // The owner's figures are their own, larger team's.
    expect(total(forZsm)?.['Policies count']).toBe(rawMay(zsmCode).nop);
    expect(rawMay(zsmCode).nop).toBeGreaterThan(mine.nop);
  });
});
