import { addDays, type ReportRecord, type ReportResponse } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { growthOf as growth, issuedIn as inRange, loadRawWorld, sum, type RawPolicy, type RawWorld } from '../../../test/raw-business';
import { createReportsTestApp, demoToken, TODAY, type ReportsTestContext } from '../../../test/reports-fixture';

// Growth while the month runs, like for like: the fixture's today is 15 June 2026, so June is compared with
// 1–15 May, not with all of May (which would show every manager far down).
const JUNE = { start: '2026-06-01', end: '2026-06-30' };
const MAY_TO_DATE = { start: '2026-05-01', end: '2026-05-15' };
const close = (a: unknown, b: number | string) => {
  if (typeof b === 'string') expect(a).toBe(b);
  else expect(Number(a)).toBeCloseTo(b, 1);
};

// What reports take from outside their data: today's date and the server's settings.
describe('growth compares like for like while the range runs; footnotes say the refresh interval', () => {
  let ctx: ReportsTestContext;
  let world: RawWorld;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    expect(TODAY).toBe('2026-06-15');
    ctx = await createReportsTestApp(0.02, { today: TODAY, config: { ETL_INTERVAL_SECONDS: '120' } });
    world = await loadRawWorld(ctx.db.db);
    for (const login of ['demo.head', 'demo.zsm', 'demo.tl']) tokens.set(login, await demoToken(ctx.app, login));
  });
  afterAll(() => ctx.close());

  const report = async (login: string, id: number, range: { start: string; end: string }, query = '') => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/${id}/?start_date=${range.start}&end_date=${range.end}${query}`,
      headers: { authorization: `Token ${tokens.get(login)}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReportResponse>();
  };
  const codeOf = async (login: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/accounts/api/v1/me/',
      headers: { authorization: `Token ${tokens.get(login)}` },
    });
    return res.json<{ code: string }>().code;
  };
  const idOf = (code: unknown) => world.employees.find((e) => e.code === code)?.id ?? -1;
  const successUnder = (employeeId: number) =>
    world.policies.filter((p) => p.status === 'success' && world.subtree.get(employeeId)?.has(p.employeeId));

  it('13 Business summary for June on 15 June: growth against 1–15 May, by business type and in total', async () => {
    const r = await report('demo.head', 13, JUNE);
    expect(r.comparison).toEqual({ start_date: MAY_TO_DATE.start, end_date: MAY_TO_DATE.end });
    const all = successUnder(idOf(await codeOf('demo.head')));
    const rows = r.data.data.records;
    for (const [i, name] of ['New Business', 'Rollover', 'Renewal', 'Total'].entries()) {
      const row = rows[i] as ReportRecord;
      expect(row['Business Type']).toBe(name);
      const ofType = name === 'Total' ? all : all.filter((p) => p.businessType === i + 1);
      const cur = sum(ofType.filter((p) => inRange(p, JUNE)));
      const prev = sum(ofType.filter((p) => inRange(p, MAY_TO_DATE)));
      expect(cur.nop).toBeGreaterThan(0);
      expect(prev.nop).toBeGreaterThan(0);
      close(row['Premium Growth %'], growth(cur.premium, prev.premium, 'rupees'));
      close(row['Policies count growth'], growth(cur.nop, prev.nop));
    }
    // Against the whole of May, half a month would read as a fall: the like-for-like figure is not that one.
    const total = rows[3] as ReportRecord;
    const wholeMay = sum(all.filter((p) => inRange(p, { start: '2026-05-01', end: '2026-05-31' })));
    const cur = sum(all.filter((p) => inRange(p, JUNE)));
    expect(Number(total['Policies count growth'])).not.toBeCloseTo(Number(growth(cur.nop, wholeMay.nop)), 0);
  });

  it("13 Business summary from the first day with business: growth from nothing says 'New' with the change, never 100%", async () => {
    const first = world.policies.reduce((d, p) => (p.day < d ? p.day : d), '9999-12-31');
    const week = { start: first, end: addDays(first, 6) };
    const all = successUnder(idOf(await codeOf('demo.head')));
    expect(all.filter((p) => p.day < first)).toHaveLength(0);
    const rows = (await report('demo.head', 13, week)).data.data.records;
    let fromNothing = 0;
    for (const [i, name] of ['New Business', 'Rollover', 'Renewal', 'Total'].entries()) {
      const row = rows[i] as ReportRecord;
      expect(row['Business Type']).toBe(name);
      const cur = sum((name === 'Total' ? all : all.filter((p) => p.businessType === i + 1)).filter((p) => inRange(p, week)));
      if (cur.nop === 0) {
        expect(row['Policies count growth']).toBe(0);
        continue;
      }
      fromNothing++;
      expect(row['Policies count growth']).toBe(`New (+${cur.nop})`);
      expect(row['Premium Growth %']).toBe(growth(cur.premium, 0, 'rupees'));
      expect(String(row['Premium Growth %'])).toMatch(/^New \(\+₹[\d.]+( k| lac| cr)?\)$/);
    }
    expect(fromNothing).toBeGreaterThan(0);
  });

  it('28 Team business performance for June: MoM Growth % against 1–15 May for each direct report', async () => {
    const r = await report('demo.zsm', 28, JUNE);
    expect(r.comparison).toEqual({ start_date: MAY_TO_DATE.start, end_date: MAY_TO_DATE.end });
    expect(r.data.data.records.length).toBeGreaterThan(0);
    for (const row of r.data.data.records) {
      const under = successUnder(idOf(row['User Id']));
      const cur = sum(under.filter((p) => inRange(p, JUNE))).premium;
      const prev = sum(under.filter((p) => inRange(p, MAY_TO_DATE))).premium;
      close(row['MoM Growth %'], growth(cur, prev, 'rupees'));
    }
  });

  it('11 Team report over 7 March – 19 May (two part months around a whole one): each reportee as recomputed from policies', async () => {
    const range = { start: '2026-03-07', end: '2026-05-19' };
    const r = await report('demo.head', 11, range);
    const reportees = r.data.data.records.filter((row) => row['User Id'] !== '-');
    expect(reportees.length).toBeGreaterThan(1);
    let total = 0;
    for (const row of reportees) {
      const expected = sum(successUnder(idOf(row['User Id'])).filter((p) => inRange(p, range)));
      total += expected.nop;
      expect(row['Policies count']).toBe(expected.nop);
      close(row['Total Premium'], expected.premium);
    }
    expect(total).toBeGreaterThan(100);
  });

  // The national head's product cells hold most of their figures; a team lead's hold none (their team is one
  // level down), so theirs come from their own and their RMs' daily facts.
  describe.each(['demo.head', 'demo.tl'])(
    '%s: breakdowns by product, insurer and premium terms over 7 March – 19 May, each row as recomputed from policies',
    (login) => {
      const range = { start: '2026-03-07', end: '2026-05-19' };
      // No filter, a product and insurer filter (both served from the subtree roll-ups by product) and a state
      // filter (which only the daily facts of every descendant can answer): the same recomputation each time.
      const filterCases = [
        { name: 'no filter', query: () => '', keep: () => true },
        {
          name: 'two products and an insurer',
          query: () => `&product_type_id=${pick.products.join(',')}&insurers=${encodeURIComponent(pick.insurer)}`,
          keep: (p: RawPolicy) => pick.products.includes(p.productTypeId) && p.insurer === pick.insurer,
        },
        {
          name: 'a state',
          query: () => `&states=${encodeURIComponent(pick.stateName)}`,
          keep: (p: RawPolicy) => p.stateId === pick.stateId,
        },
      ];
      const pick = { products: [] as number[], insurer: '', stateId: 0, stateName: '' };
      let inRangeUnderViewer: RawPolicy[] = [];
      let productName = new Map<number, string>();
      beforeAll(async () => {
        inRangeUnderViewer = successUnder(idOf(await codeOf(login))).filter((p) => inRange(p, range));
        // The two products with most business, the insurer of a life policy of one of them and a life policy's state:
        // each filter leaves life business for report 22 and several rows elsewhere.
        const count = new Map<number, number>();
        for (const p of inRangeUnderViewer) count.set(p.productTypeId, (count.get(p.productTypeId) ?? 0) + 1);
        const life = inRangeUnderViewer.filter((p) => p.line === 'life');
        const [lifePolicy] = life;
        if (!lifePolicy) throw new Error('no life business in the range');
        const top = [...count.entries()].sort((x, y) => y[1] - x[1]).map(([id]) => id);
        pick.products = [...new Set([lifePolicy.productTypeId, ...top])].slice(0, 2);
        pick.insurer = lifePolicy.insurer;
        pick.stateId = lifePolicy.stateId;
        pick.stateName = (
          await ctx.db.db.selectFrom('states').select('name').where('id', '=', pick.stateId).executeTakeFirstOrThrow()
        ).name;
        const products = await ctx.db.db.selectFrom('products').select(['product_type_id', 'name']).execute();
        productName = new Map(products.map((p) => [p.product_type_id, p.name]));
      });

      it.each(filterCases)('14 Product wise and 35 Direct business, $name', async ({ query, keep }) => {
        const ps = inRangeUnderViewer.filter(keep);
        const products = (await report(login, 14, range, query())).data.data.records;
        const shown = products.filter((r) => r.Product !== 'Total');
        const expectedProducts = [...new Set(ps.map((p) => p.productTypeId))];
        expect(shown.map((r) => r.Product).sort()).toEqual(expectedProducts.map((id) => productName.get(id)).sort());
        for (const id of expectedProducts) {
          const row = shown.find((r) => r.Product === productName.get(id));
          const expected = sum(ps.filter((p) => p.productTypeId === id));
          expect(row?.['Policies count']).toBe(expected.nop);
          close(row?.['Total Premium'], expected.premium);
        }

        const direct = (await report(login, 35, range, query())).data.data.records;
        const directPs = ps.filter((p) => p.channel !== 'pos');
        const cells = new Set(directPs.map((p) => `${productName.get(p.productTypeId)}|${p.insurer}`));
        expect(direct.map((r) => `${r.Product}|${r.Insurer}`).sort()).toEqual([...cells].sort());
        for (const row of direct) {
          const expected = sum(directPs.filter((p) => productName.get(p.productTypeId) === row.Product && p.insurer === row.Insurer));
          expect(row['Policies count']).toBe(expected.nop);
          close(row['Weightage Premium'], expected.wp);
        }
      });

      it.each(filterCases)('15 User insurer wise business, $name: every reportee × insurer cell', async ({ query, keep }) => {
        const r = await report(login, 15, range, query());
        const insurers = r.data.data.columns.slice(2, -1);
        expect(insurers).toEqual([...new Set(inRangeUnderViewer.filter(keep).map((p) => p.insurer))].sort());
        expect(r.data.data.records.length).toBeGreaterThan(1);
        for (const row of r.data.data.records) {
          const ps = successUnder(idOf(row['User Id'])).filter((p) => inRange(p, range) && keep(p));
          for (const insurer of insurers) close(row[insurer], sum(ps.filter((p) => p.insurer === insurer)).premium);
          close(row.Total, sum(ps).premium);
        }
      });

      it.each(filterCases)('22 Life issuance channel report, $name: each channel × term × instalment', async ({ query, keep }) => {
        // Report 22 takes no product filter: only the insurer or the state narrows it.
        const withProduct = query().includes('product_type_id');
        const ps = inRangeUnderViewer.filter((p) => p.line === 'life' && (withProduct ? p.insurer === pick.insurer : keep(p)));
        const rows = (await report(login, 22, range, query())).data.data.records;
        const channelLabel: Record<string, string> = { pos: 'POS partner', direct: 'Direct', online: 'Online' };
        const cells = new Set(ps.map((p) => `${channelLabel[p.channel]}|${p.paymentTerm}|${p.installmentType}`));
        expect(cells.size).toBeGreaterThan(1);
        expect(rows.map((r) => `${r.Channel}|${r.premium_payment_term}|${r.premium_installment_type}`).sort()).toEqual([...cells].sort());
        for (const row of rows) {
          const expected = sum(
            ps.filter(
              (p) =>
                channelLabel[p.channel] === row.Channel &&
                p.paymentTerm === row.premium_payment_term &&
                p.installmentType === row.premium_installment_type,
            ),
          );
          expect(row['Policies count']).toBe(expected.nop);
          close(row['Total Premium'], expected.premium);
        }
      });
    },
  );

  it.each([
    { name: 'two part months around a whole one', range: { start: '2026-03-07', end: '2026-05-19' } },
    { name: 'days inside one month', range: { start: '2026-05-10', end: '2026-05-20' } },
    { name: 'the month to date', range: { start: '2026-06-01', end: '2026-06-15' } },
  ])('24 Partner activation over $name: active partners as recomputed from policies', async ({ range }) => {
    const totals = (await report('demo.head', 24, range)).data.data.records[0] as ReportRecord;
    const mapped = await ctx.db.db.selectFrom('partner_mappings').select('partner_id').distinct().where('valid_to', 'is', null).execute();
    const activeIn = (r: { start: string; end: string }) =>
      new Set(world.policies.filter((p) => p.status === 'success' && p.partnerId !== null && inRange(p, r)).map((p) => p.partnerId));
    const inRangeActive = activeIn(range);
    const ninety = activeIn({ start: addDays(range.end, -89), end: range.end });
    expect(totals['Total Partners']).toBe(mapped.length);
    const expected = mapped.filter((m) => inRangeActive.has(m.partner_id)).length;
    expect(expected).toBeGreaterThan(0);
    expect(totals['Active In Range']).toBe(expected);
    expect(totals['Active Last 90 Days']).toBe(mapped.filter((m) => ninety.has(m.partner_id)).length);
  });

  it('a closed month keeps the whole previous month', async () => {
    const r = await report('demo.head', 13, { start: '2026-05-01', end: '2026-05-31' });
    expect(r.comparison).toEqual({ start_date: '2026-04-01', end_date: '2026-04-30' });
  });

  it('15 User insurer wise business says how often the roll-ups are refreshed: here every 120 s', async () => {
    const r = await report('demo.head', 15, JUNE);
    expect(r.footnote).toBe('Data is refreshed every 2 minutes');
  });
});
