import { addDays, BUSINESS_TYPE_RULE, monthRange, PRODUCTS } from '@dossier/shared';
import type { ReportPage, ReportRecord, ReportResponse } from '@dossier/shared';
import { sql, type NotNull } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { AuthService } from '../auth/service';
import { runBusinessEtl } from '../etl/business-etl';
import { afterHierarchyMove, moveEmployee } from '../etl/hierarchy-moves';
import { createReportService } from './module';
import type { ReportService } from './service';
import type { Db } from '../../platform/db';
import type { Viewer } from '../../platform/viewer';
import { growthOf as growth, issuedIn, loadRawWorld, sum, type RawPolicy, type RawWorld } from '../../../test/raw-business';
import { createReportsTestApp, demoToken, type ReportsTestContext } from '../../../test/reports-fixture';

const RANGE = { start: '2026-05-01', end: '2026-05-31' };
// A whole month is compared with the whole month before (params.ts, previousRange).
const PREVIOUS = { start: '2026-04-01', end: '2026-04-30' };
const inRange = (p: RawPolicy, r = RANGE) => issuedIn(p, r);
const close = (a: unknown, b: number | string) => {
  if (typeof b === 'string') expect(a).toBe(b);
  else expect(Number(a)).toBeCloseTo(b, 1);
};

/** Ends a partner's current mapping and maps it to `managerId`, as the team screens do (the ETL not run). */
async function remapPartner(db: Db, partnerId: number, managerId: number, reportingType: number): Promise<void> {
  await sql`update partner_mappings set valid_to = now() where partner_id = ${partnerId} and valid_to is null`.execute(db);
  await sql`insert into partner_mappings (partner_id, manager_id, reporting_type, valid_from)
    values (${partnerId}, ${managerId}, ${reportingType}, now())`.execute(db);
}

/** A report service that caches nothing, and the viewer a token signs in: every answer computed afresh. */
async function uncachedReports(db: Db, token: string): Promise<{ service: ReportService; viewer: Viewer }> {
  const config = loadConfig({ WEB_DIST: '/nonexistent', REPORT_CACHE_MB: '0' });
  const viewer = await new AuthService(db, config).authenticate(token);
  if (!viewer) throw new Error('no viewer');
  return { service: createReportService({ db, reportingDb: db, config, today: undefined }), viewer };
}

describe('reports equal an independent recomputation from raw policies', () => {
  let ctx: ReportsTestContext;
  let world: RawWorld;
  const tokens = new Map<string, string>();
  const idOf = (code: string) => world.employees.find((e) => e.code === code)?.id ?? -1;

  beforeAll(async () => {
    ctx = await createReportsTestApp();
    world = await loadRawWorld(ctx.db.db);
    for (const login of ['demo.head', 'demo.zsm', 'demo.rm', 'demo.tl', 'demo.r204']) tokens.set(login, await demoToken(ctx.app, login));
  });
  afterAll(() => ctx.close());

  const get = async (login: string, url: string, status = 200) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Token ${tokens.get(login)}` } });
    expect(res.statusCode, res.body).toBe(status);
    return res;
  };
  const report = async (login: string, id: number, query = '') =>
    (await get(login, `/api/reports/${id}/?start_date=${RANGE.start}&end_date=${RANGE.end}${query}`)).json<ReportResponse>();
  /** A server-paged report's first page and every row of it, page by page (contest boards hold more than a page). */
  const allPages = async (login: string, id: number) => {
    const first = await report(login, id, '&page_size=100');
    const records = [...first.data.data.records];
    for (let page = 2; page <= (first.paging?.total_pages ?? 1); page++) {
      records.push(...(await report(login, id, `&page_size=100&page=${page}`)).data.data.records);
    }
    return { first, records };
  };
  const me = async (login: string) => (await get(login, '/accounts/api/v1/me/')).json<{ code: string }>().code;
  const subtreePolicies = (employeeId: number) => world.policies.filter((p) => world.subtree.get(employeeId)?.has(p.employeeId));

  it('13 Business summary: per business type, total and growth', async () => {
    const headId = idOf(await me('demo.head'));
    const r = await report('demo.head', 13);
    expect(r.data.data.columns).toEqual([
      'Business Type',
      'Policies count',
      'Total Premium',
      'Weightage Premium',
      'Premium Growth %',
      'Policies count growth',
    ]);
    const all = subtreePolicies(headId).filter((p) => p.status === 'success');
    const rows = r.data.data.records;
    for (const [i, name] of ['New Business', 'Rollover', 'Renewal'].entries()) {
      const row = rows[i] as ReportRecord;
      expect(row['Business Type']).toBe(name);
      const cur = sum(all.filter((p) => p.businessType === i + 1 && inRange(p)));
      const prev = sum(all.filter((p) => p.businessType === i + 1 && inRange(p, PREVIOUS)));
      expect(row['Policies count']).toBe(cur.nop);
      close(row['Total Premium'], cur.premium);
      close(row['Weightage Premium'], cur.wp);
      close(row['Premium Growth %'], growth(cur.premium, prev.premium, 'rupees'));
      close(row['Policies count growth'], growth(cur.nop, prev.nop));
    }
    const total = sum(all.filter((p) => inRange(p)));
    expect(rows[3]?.['Business Type']).toBe('Total');
    expect(rows[3]?.['Policies count']).toBe(total.nop);
    expect(total.nop).toBeGreaterThan(0);
  });

  it('11 Team report: every level of a drill adds up to its parent, down to partners', async () => {
    // Walk demo.rm's chain from the top: head → zsm → asm → tl → rm (partners).
    const chain: string[] = [];
    const rmCode = await me('demo.rm');
    let cur = world.employees.find((x) => x.code === rmCode);
    while (cur) {
      chain.unshift(cur.code);
      cur = world.employees.find((x) => x.id === cur?.managerId);
    }
    expect(chain.length).toBeGreaterThanOrEqual(5);
    for (const code of chain) {
      const r = await report('demo.head', 11, `&account_id=${code}`);
      const parent = sum(subtreePolicies(idOf(code)).filter((p) => p.status === 'success' && inRange(p)));
      const rows = r.data.data.records;
      const totalNop = rows.reduce((a, row) => a + Number(row['Policies count']), 0);
      const totalPremium = rows.reduce((a, row) => a + Number(row['Total Premium']), 0);
      expect(totalNop).toBe(parent.nop);
      close(totalPremium, parent.premium);
      for (const row of rows) {
        const id = row['account_id'];
        if (typeof id !== 'string') continue;
        const childPolicies = id.includes('EI')
          ? world.policies.filter(
              (p) =>
                p.partnerId !== null &&
                p.employeeId === idOf(code) &&
                p.status === 'success' &&
                inRange(p) &&
                partnerCode(p.partnerId) === id,
            )
          : subtreePolicies(idOf(id)).filter((p) => p.status === 'success' && inRange(p));
        expect(row['Policies count'], `${code} → ${id}`).toBe(childPolicies.length);
      }
    }
    const leaf = await report('demo.head', 11, `&account_id=${rmCode}`);
    expect(leaf.data.data.records.some((row) => String(row['User Id']).includes('EI'))).toBe(true);
    expect(leaf.meta).toEqual({ drillable: true, executive_report_id: 37, next_report_id: 11 });
  });

  let partnerCodes: Map<number, string> | undefined;
  const partnerCode = (id: number) => partnerCodes?.get(id);
  beforeAll(async () => {
    const rows = await ctx.db.db.selectFrom('partners').select(['id', 'unique_code']).execute();
    partnerCodes = new Map(rows.map((r) => [r.id, r.unique_code]));
  });

  it('14 Product wise, 16 Channel, 17 Inward and 35 Direct match raw sums', async () => {
    const zsmCode = await me('demo.zsm');
    const ps = subtreePolicies(idOf(zsmCode)).filter((p) => inRange(p));
    const products = await report('demo.zsm', 14);
    const byProduct = new Map<number, RawPolicy[]>();
    for (const p of ps.filter((x) => x.status === 'success'))
      byProduct.set(p.productTypeId, [...(byProduct.get(p.productTypeId) ?? []), p]);
    expect(products.data.data.records.length).toBe(byProduct.size + 1);
    close(products.data.data.records.at(-1)?.['Total Premium'], sum(ps.filter((p) => p.status === 'success')).premium);

    const inward = await report('demo.zsm', 17);
    for (const [status, label] of [
      ['success', 'Success'],
      ['pending', 'Pending'],
      ['cancelled', 'Cancelled'],
    ] as const) {
      const row = inward.data.data.records.find((r) => r.Status === label);
      expect(row?.['Policies count']).toBe(ps.filter((p) => p.status === status).length);
    }
    const channel = await report('demo.zsm', 16);
    expect(channel.data.data.records.find((r) => r.Channel === 'POS partner')?.['Policies count']).toBe(
      ps.filter((p) => p.status === 'success' && p.channel === 'pos').length,
    );
    expect(channel.layout_width).toBe(6);

    const direct = await report('demo.zsm', 35);
    const directNop = direct.data.data.records.reduce((a, r) => a + Number(r['Policies count']), 0);
    expect(directNop).toBe(ps.filter((p) => p.status === 'success' && p.channel !== 'pos').length);
  });

  it('18-21, 23, 36 status and line summaries match raw sums', async () => {
    const zsmId = idOf(await me('demo.zsm'));
    const ps = subtreePolicies(zsmId).filter((p) => inRange(p));
    const totalOf = (r: ReportResponse, col: string) => r.data.data.records.reduce((a, row) => a + Number(row[col]), 0);
    expect(totalOf(await report('demo.zsm', 19), 'Policies count')).toBe(ps.filter((p) => p.status === 'pending').length);
    expect((await report('demo.zsm', 19)).data.data.columns).toEqual([
      'User Id',
      'Name',
      'Total Premium',
      'Weightage Premium',
      'Policies count',
    ]);
    expect(totalOf(await report('demo.zsm', 20), 'Policies count')).toBe(ps.filter((p) => p.status === 'cancelled').length);
    expect(totalOf(await report('demo.zsm', 21), 'Policies count')).toBe(
      ps.filter((p) => p.status === 'success' && p.line === 'health').length,
    );
    expect(totalOf(await report('demo.zsm', 23), 'Policies count')).toBe(
      ps.filter((p) => p.status === 'success' && p.line === 'life').length,
    );
    close(
      totalOf(await report('demo.zsm', 36), 'Total Loan Amount'),
      sum(ps.filter((p) => p.status === 'success' && p.line === 'loan')).loan,
    );
  });

  it('15 insurer pivot: each cell is the premium of that report with that insurer', async () => {
    const r = await report('demo.zsm', 15);
    expect(r.viz_type).toBe('pivot_table');
    expect(r.footnote).toBe('Data is refreshed every 5 minutes');
    for (const row of r.data.data.records) {
      const ps = subtreePolicies(idOf(String(row['User Id']))).filter((p) => p.status === 'success' && inRange(p));
      for (const col of r.data.data.columns.slice(2, -1)) close(row[col], sum(ps.filter((p) => p.insurer === col)).premium);
      close(row.Total, sum(ps).premium);
    }
  });

  it('14, 15 and 22 over ranges of part months (days added and days taken off a month), filtered or not, match raw sums', async () => {
    const at = async (login: string, id: number, range: { start: string; end: string }, query = '') =>
      (await get(login, `/api/reports/${id}/?start_date=${range.start}&end_date=${range.end}${query}`)).json<ReportResponse>();
    const someone = world.policies.find((p) => p.status === 'success' && p.line === 'motor') as RawPolicy;
    const filters = [
      { query: '', keep: () => true },
      { query: `&business_type=${someone.businessType}`, keep: (p: RawPolicy) => p.businessType === someone.businessType },
      // The other dimension as a filter: neither the product days nor the insurer days hold both.
      { query: `&product_type_id=${someone.productTypeId}`, keep: (p: RawPolicy) => p.productTypeId === someone.productTypeId },
      { query: `&insurers=${encodeURIComponent(someone.insurer)}`, keep: (p: RawPolicy) => p.insurer === someone.insurer },
    ];
    const productName = new Map(PRODUCTS.map((p) => [p.product_type_id, p.name]));
    for (const range of [
      { start: '2026-03-17', end: '2026-05-09' },
      { start: '2026-04-10', end: '2026-05-19' },
    ]) {
      for (const login of ['demo.head', 'demo.zsm', 'demo.tl']) {
        const rootId = idOf(await me(login));
        for (const { query, keep } of filters) {
          const label = `${login} ${range.start}–${range.end} ${query}`;
          const ps = subtreePolicies(rootId).filter((p) => p.status === 'success' && inRange(p, range) && keep(p));
          if (query === '') expect(ps.length, label).toBeGreaterThan(20);
          const byProduct = new Map<string, RawPolicy[]>();
          for (const p of ps)
            byProduct.set(productName.get(p.productTypeId) ?? '', [...(byProduct.get(productName.get(p.productTypeId) ?? '') ?? []), p]);
          const products = (await at(login, 14, range, query)).data.data.records;
          expect(products.length, label).toBe(byProduct.size + 1);
          for (const row of products.slice(0, -1)) {
            const raw = sum(byProduct.get(String(row.Product)) ?? []);
            expect(row['Policies count'], `${label} ${String(row.Product)}`).toBe(raw.nop);
            close(row['Total Premium'], raw.premium);
          }
          if (!query.includes('product') && !query.includes('insurer')) {
            // 22: life business by channel and the premium terms (the terms days).
            const life = ps.filter((p) => p.line === 'life');
            if (query === '') expect(life.length, label).toBeGreaterThan(0);
            const channel = { pos: 'POS partner', direct: 'Direct', online: 'Online' } as Record<string, string>;
            const rows = (await at(login, 22, range, query)).data.data.records;
            const keyOf = (c: string, term: number, inst: string) => `${c}|${term}|${inst}`;
            const raw = new Map<string, RawPolicy[]>();
            for (const p of life) {
              const k = keyOf(channel[p.channel] ?? p.channel, p.paymentTerm, p.installmentType);
              raw.set(k, [...(raw.get(k) ?? []), p]);
            }
            expect(rows.length, label).toBe(raw.size);
            for (const row of rows) {
              const mine = sum(
                raw.get(keyOf(String(row.Channel), Number(row.premium_payment_term), String(row.premium_installment_type))) ?? [],
              );
              expect(row['Policies count'], label).toBe(mine.nop);
              close(row['Total Premium'], mine.premium);
            }
          }
          const pivot = (await at(login, 15, range, query)).data.data;
          for (const row of pivot.records) {
            const under = subtreePolicies(idOf(String(row['User Id']))).filter((p) => ps.includes(p));
            for (const col of pivot.columns.slice(2, -1)) close(row[col], sum(under.filter((p) => p.insurer === col)).premium);
            close(row.Total, sum(under).premium);
          }
        }
      }
    }
  });

  it('drops the filters a report does not take: a motor product leaves Life issuance team report (23) as it is', async () => {
    const headId = idOf(await me('demo.head'));
    const motor = await ctx.db.db.selectFrom('products').select('product_type_id').where('line', '=', 'motor').executeTakeFirstOrThrow();
    const plain = await report('demo.head', 23);
    const withMotor = await report('demo.head', 23, `&product_type_id=${motor.product_type_id}`);
    expect(withMotor.product_filter).toBe(false);
    expect(withMotor.data.data.records).toEqual(plain.data.data.records);
    // And the figures are the life business itself, not nothing.
    const life = subtreePolicies(headId).filter((p) => p.status === 'success' && p.line === 'life' && inRange(p));
    expect(life.length).toBeGreaterThan(0);
    expect(withMotor.data.data.records.reduce((a, row) => a + Number(row['Policies count']), 0)).toBe(life.length);
  });

  it('applies product, insurer, state and business type filters', async () => {
    const zsmId = idOf(await me('demo.zsm'));
    const some = subtreePolicies(zsmId).find((p) => p.status === 'success' && inRange(p));
    expect(some).toBeDefined();
    const p = some as RawPolicy;
    const stateName = (await ctx.db.db.selectFrom('states').select('name').where('id', '=', p.stateId).executeTakeFirstOrThrow()).name;
    const q = `&product_type_id=${p.productTypeId}&insurers=${encodeURIComponent(p.insurer)}&states=${encodeURIComponent(stateName)}&business_type=${p.businessType}`;
    const r = await report('demo.zsm', 13, q);
    const expected = subtreePolicies(zsmId).filter(
      (x) =>
        x.status === 'success' &&
        inRange(x) &&
        x.productTypeId === p.productTypeId &&
        x.insurer === p.insurer &&
        x.stateId === p.stateId &&
        x.businessType === p.businessType,
    );
    expect(r.data.data.records.at(-1)?.['Policies count']).toBe(expected.length);
    const viaPost = await ctx.app.inject({
      method: 'POST',
      url: '/api/dashboard/report_filter/13/',
      headers: { authorization: `Token ${tokens.get('demo.zsm')}` },
      payload: {
        insurer: [p.insurer],
        state: [stateName],
        business_type: [p.businessType],
        product_type_id: [p.productTypeId],
        start_date: RANGE.start,
        end_date: RANGE.end,
      },
    });
    expect(viaPost.statusCode).toBe(200);
    expect(viaPost.json<ReportResponse>().data.data.records.at(-1)?.['Policies count']).toBe(expected.length);
  });

  it('37 executive report lists one partner’s policies', async () => {
    const rmId = idOf(await me('demo.rm'));
    const withBiz = world.policies.find((p) => p.employeeId === rmId && p.partnerId !== null && inRange(p));
    expect(withBiz).toBeDefined();
    const code = partnerCode(withBiz?.partnerId ?? -1) as string;
    const r = await report('demo.rm', 37, `&account_id=${code}`);
    expect(r.data.data.records.length).toBe(world.policies.filter((p) => p.partnerId === withBiz?.partnerId && inRange(p)).length);
    expect(r.account.account_id).toBe(code);
  });

  it('a dashboard id answers the page of its reports', async () => {
    const page = (await get('demo.tl', `/api/reports/1/?start_date=${RANGE.start}&end_date=${RANGE.end}`)).json<ReportPage>();
    expect(page.kind).toBe('page');
    expect(page.dashboard_name).toBe('Business Dashboard');
    expect(page.reports.every((r) => r.kind === 'report')).toBe(true);
    expect(page.reports.map((r) => r.report_id)).toEqual([13, 11, 14, 15, 16, 17, 18, 19, 20]);
    expect(page.reports[0]?.as_of).toBeTruthy();
  });

  it('month reports snap to the month; the current month is the default', async () => {
    const r = (await get('demo.zsm', '/api/reports/25/?start_date=2026-05-10&end_date=2026-05-12')).json<ReportResponse>();
    expect([r.start_date, r.end_date]).toEqual(['2026-05-01', '2026-05-31']);
    const d = (await get('demo.zsm', '/api/reports/13/')).json<ReportResponse>();
    expect(d.start_date.slice(8)).toBe('01');
  });

  it('18 success and 22 life channel totals match raw sums', async () => {
    const ps = subtreePolicies(idOf(await me('demo.zsm'))).filter((p) => inRange(p) && p.status === 'success');
    const success = await report('demo.zsm', 18);
    expect(success.data.data.records.reduce((a, r) => a + Number(r['Policies count']), 0)).toBe(ps.length);
    const life = await report('demo.zsm', 22);
    const lifePs = ps.filter((p) => p.line === 'life');
    expect(life.data.data.records.reduce((a, r) => a + Number(r['Policies count']), 0)).toBe(lifePs.length);
    close(
      life.data.data.records.reduce((a, r) => a + Number(r['Total Premium']), 0),
      sum(lifePs).premium,
    );
  });

  it('25 activation, 28 performance, 29 and 30 funnels and 31 recruitment match a recomputation from partners, mappings and targets', async () => {
    const zsmId = idOf(await me('demo.zsm'));
    const mappings = await ctx.db.db
      .selectFrom('partner_mappings')
      .select(['partner_id', 'manager_id'])
      .where('valid_to', 'is', null)
      .execute();
    const partners = await ctx.db.db
      .selectFrom('partners')
      .select([
        'id',
        'registered_at',
        'documents_at',
        'training_at',
        'exam_at',
        'certified_at',
        'first_sale_at',
        'li_pos_status',
        'gi_pos_status',
      ])
      .execute();
    const partnersUnder = (employeeId: number) => {
      const team = world.subtree.get(employeeId) ?? new Set<number>();
      return new Set(mappings.filter((m) => team.has(m.manager_id)).map((m) => m.partner_id));
    };
    const activeInMay = new Set(
      world.policies.filter((p) => p.status === 'success' && inRange(p) && p.partnerId !== null).map((p) => p.partnerId),
    );
    const inMay = (d: string | null) => d !== null && d >= RANGE.start && d <= RANGE.end;

    const unit = await report('demo.zsm', 25);
    for (const row of unit.data.data.records) {
      const under = partnersUnder(idOf(String(row['User Id'])));
      expect(row['Total Partners'], String(row['User Id'])).toBe(under.size);
      expect(row['Activated In Month']).toBe([...under].filter((id) => activeInMay.has(id)).length);
    }

    const targets = await ctx.db.db.selectFrom('targets').select(['employee_id', 'premium']).where('month', '=', '2026-05-01').execute();
    const perf = await report('demo.zsm', 28);
    for (const row of perf.data.data.records) {
      const id = idOf(String(row['User Id']));
      close(row['Achieved Premium'], sum(subtreePolicies(id).filter((p) => p.status === 'success' && inRange(p))).premium);
      close(row.Target, Number(targets.find((t) => t.employee_id === id)?.premium ?? 0));
    }

    const funnel = await report('demo.zsm', 29);
    const mine = partners.filter((pa) => partnersUnder(zsmId).has(pa.id));
    // The month's cohort (registered in May) and, at each stage, those who reached it and every stage before by May's end.
    const order = ['documents_at', 'training_at', 'exam_at', 'certified_at', 'first_sale_at'] as const;
    const byEnd = (d: string | null) => d !== null && d <= RANGE.end;
    const stageCount = (upTo: number) =>
      mine.filter((pa) => inMay(pa.registered_at) && order.slice(0, upTo).every((col) => byEnd(pa[col]))).length;
    const partnersAt = (stage: string) => funnel.data.data.records.find((r) => r.Stage === stage)?.Partners;
    expect(partnersAt('Registered')).toBe(stageCount(0));
    expect(partnersAt('Documents')).toBe(stageCount(1));
    expect(partnersAt('Certified')).toBe(stageCount(4));
    expect(partnersAt('First Sale')).toBe(stageCount(5));
    const counts = funnel.data.data.records.map((r) => Number(r.Partners));
    for (let i = 1; i < counts.length; i += 1) expect(counts[i]).toBeLessThanOrEqual(counts[i - 1] ?? 0);

    const recruitment = await report('demo.zsm', 31);
    for (const row of recruitment.data.data.records) {
      const under = partnersUnder(idOf(String(row['User Id'])));
      const recruited = partners.filter((pa) => under.has(pa.id) && inMay(pa.registered_at));
      expect(row['Partners Recruited']).toBe(recruited.length);
      expect(row.LI).toBe(recruited.filter((pa) => pa.li_pos_status).length);
    }

    // The product filter keeps the partners certified to sell a chosen product: a motor product needs GI POS.
    // Over a year, as partners are certified months after they register.
    const YEAR_RANGE = { start: '2025-06-01', end: '2026-05-31' };
    const inYear = (d: string | null) => d !== null && d >= YEAR_RANGE.start && d <= YEAR_RANGE.end;
    const motor = await ctx.db.db.selectFrom('products').select('product_type_id').where('line', '=', 'motor').executeTakeFirstOrThrow();
    const motorOnly = (
      await get(
        'demo.zsm',
        `/api/reports/31/?start_date=${YEAR_RANGE.start}&end_date=${YEAR_RANGE.end}&product_type_id=${motor.product_type_id}`,
      )
    ).json<ReportResponse>();
    expect(motorOnly.product_filter).toBe(true);
    let certified = 0;
    for (const row of motorOnly.data.data.records) {
      const under = partnersUnder(idOf(String(row['User Id'])));
      const recruited = partners.filter((pa) => under.has(pa.id) && inYear(pa.registered_at) && pa.gi_pos_status);
      expect(row['Partners Recruited'], String(row['User Id'])).toBe(recruited.length);
      expect(row.GI).toBe(recruited.length);
      expect(row.LI).toBe(recruited.filter((pa) => pa.li_pos_status).length);
      certified += recruited.length;
    }
    expect(certified).toBeGreaterThan(0);
    // Fewer than without the filter: it narrows.
    const all = partners.filter((pa) => partnersUnder(zsmId).has(pa.id) && inYear(pa.registered_at)).length;
    expect(certified).toBeLessThan(all);

    // Report 30: the funnel's stages for each direct report's own subtree, in the month the ZSM's partners
    // registered most (a month report; May has no cohort); together, the ZSM's whole cohort.
    const months = partners.filter((pa) => partnersUnder(zsmId).has(pa.id)).map((pa) => pa.registered_at.slice(0, 7));
    const busiest = [...new Set(months)].sort((a, b) => months.filter((m) => m === b).length - months.filter((m) => m === a).length)[0];
    const month = monthRange(`${busiest}-01`);
    const teamFunnel = (
      await get('demo.zsm', `/api/reports/30/?start_date=${month.start_date}&end_date=${month.end_date}`)
    ).json<ReportResponse>();
    const inMonth = (d: string | null) => d !== null && d >= month.start_date && d <= month.end_date;
    const byMonthEnd = (d: string | null) => d !== null && d <= month.end_date;
    let registered = 0;
    for (const row of teamFunnel.data.data.records) {
      const under = partnersUnder(idOf(String(row['User Id'])));
      const reached = (upTo: number) =>
        partners.filter((pa) => under.has(pa.id) && inMonth(pa.registered_at) && order.slice(0, upTo).every((col) => byMonthEnd(pa[col])))
          .length;
      expect(row.Registered, String(row['User Id'])).toBe(reached(0));
      expect(row['Exam Passed']).toBe(reached(3));
      expect(row['First Sale']).toBe(reached(5));
      registered += Number(row.Registered);
    }
    expect(registered).toBe(months.filter((m) => m === busiest).length);
    expect(registered).toBeGreaterThan(0);
  });

  it('29 and 30 in every month of three years and 31 over days picked freely, filtered or not, match a recomputation for the head and a ZSM', async () => {
    const mappings = await sql<{ partner_id: number; manager_id: number }>`
      select partner_id, manager_id from partner_mappings where valid_to is null`.execute(ctx.db.db);
    const partners = await sql<{
      id: number;
      registered_at: string;
      li: boolean;
      gi: boolean;
      stages: (string | null)[];
    }>`select id, registered_at::text, li_pos_status as li, gi_pos_status as gi,
         array[documents_at::text, training_at::text, exam_at::text, certified_at::text, first_sale_at::text] as stages
       from partners`.execute(ctx.db.db);
    const under = (employeeId: number) => {
      const team = world.subtree.get(employeeId) ?? new Set<number>();
      const ids = new Set(mappings.rows.filter((m) => team.has(m.manager_id)).map((m) => m.partner_id));
      return partners.rows.filter((pa) => ids.has(pa.id));
    };
    // Stage i (0: Registered) counts a partner of the month's cohort who reached it and every stage before by the month's end.
    const reached = (pa: (typeof partners.rows)[number], i: number, end: string) =>
      pa.stages.slice(0, i).every((d) => d !== null && d <= end);
    const STAGE_TITLES = ['Registered', 'Documents', 'Training', 'Exam Passed', 'Certified', 'First Sale'];
    let checked = 0;
    for (const login of ['demo.head', 'demo.zsm']) {
      const viewerId = idOf(await me(login));
      const children = world.employees.filter((e) => e.managerId === viewerId);
      for (let back = 0; back < 36; back += 1) {
        const index = 2026 * 12 + 5 - back;
        const month = monthRange(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`);
        const query = `?start_date=${month.start_date}&end_date=${month.end_date}`;
        const inMonth = (pa: (typeof partners.rows)[number]) => pa.registered_at >= month.start_date && pa.registered_at <= month.end_date;
        const funnel = (await get(login, `/api/reports/29/${query}`)).json<ReportResponse>().data.data.records;
        const cohort = under(viewerId).filter(inMonth);
        expect(
          funnel.map((r) => r.Partners),
          `${login} ${month.start_date}`,
        ).toEqual(STAGE_TITLES.map((_, i) => cohort.filter((pa) => reached(pa, i, month.end_date)).length));
        checked += cohort.length;
        const team = (await get(login, `/api/reports/30/${query}`)).json<ReportResponse>().data.data.records;
        expect(team.map((r) => String(r['User Id'])).sort()).toEqual(children.map((c) => c.code).sort());
        for (const row of team) {
          const theirs = under(idOf(String(row['User Id']))).filter(inMonth);
          expect(
            STAGE_TITLES.map((t) => row[t]),
            `${login} ${String(row['User Id'])} ${month.start_date}`,
          ).toEqual(STAGE_TITLES.map((_, i) => theirs.filter((pa) => reached(pa, i, month.end_date)).length));
        }
      }
      // Recruitment over days that make no whole month, with no filter and with a life product (LI POS only).
      const life = await ctx.db.db.selectFrom('products').select('product_type_id').where('line', '=', 'life').executeTakeFirstOrThrow();
      for (const filter of ['', `&product_type_id=${life.product_type_id}`]) {
        const range = { start: '2025-10-07', end: '2026-05-19' };
        const rows = (await get(login, `/api/reports/31/?start_date=${range.start}&end_date=${range.end}${filter}`)).json<ReportResponse>()
          .data.data.records;
        expect(rows).toHaveLength(children.length);
        for (const row of rows) {
          const recruited = under(idOf(String(row['User Id']))).filter(
            (pa) => pa.registered_at >= range.start && pa.registered_at <= range.end && (filter === '' || pa.li),
          );
          expect([row['Partners Recruited'], row.LI, row.GI], `${login} ${String(row['User Id'])} ${filter}`).toEqual([
            recruited.length,
            recruited.filter((pa) => pa.li).length,
            recruited.filter((pa) => pa.gi).length,
          ]);
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('29 and 31 follow a partner who passes the exam, is certified and is remapped once the ETL has run', async () => {
    const zsmId = idOf(await me('demo.zsm'));
    // A partner of the ZSM's with documents and training in its registration month and no exam.
    const pick = await sql<{ id: number; month: string; manager_id: number }>`
      select pa.id, to_char(pa.registered_at, 'YYYY-MM-01') as month, m.manager_id from partners pa
      join partner_mappings m on m.partner_id = pa.id and m.valid_to is null
      join employee_closure c on c.descendant_id = m.manager_id and c.ancestor_id = ${zsmId}
      where pa.training_at <= (date_trunc('month', pa.registered_at) + interval '1 month - 1 day')::date
        and pa.documents_at <= pa.training_at and pa.exam_at is null and not pa.li_pos_status
      order by pa.id limit 1`.execute(ctx.db.db);
    const partner = pick.rows[0];
    expect(partner).toBeDefined();
    if (!partner) return;
    const month = monthRange(partner.month);
    const query = `?start_date=${month.start_date}&end_date=${month.end_date}`;
    const stages = async (login: string): Promise<Record<string, number>> =>
      Object.fromEntries(
        (await get(login, `/api/reports/29/${query}`))
          .json<ReportResponse>()
          .data.data.records.map((r) => [String(r.Stage), Number(r.Partners)]),
      );
    const li = async () =>
      (await get('demo.zsm', `/api/reports/31/${query}`)).json<ReportResponse>().data.data.records.reduce((n, r) => n + Number(r.LI), 0);
    const [before, liBefore] = [await stages('demo.zsm'), await li()];
    await sql`update partners set exam_at = training_at, certified_at = training_at, li_pos_status = true where id = ${partner.id}`.execute(
      ctx.db.db,
    );
    // As of the ETL's last run until it runs again.
    expect(await stages('demo.zsm')).toEqual(before);
    await runBusinessEtl(ctx.db.db);
    const after = await stages('demo.zsm');
    expect([after['Exam Passed'], after.Certified, after.Training]).toEqual([
      (before['Exam Passed'] ?? 0) + 1,
      (before.Certified ?? 0) + 1,
      before.Training,
    ]);
    expect(await li()).toBe(liBefore + 1);
    // Mapped to someone outside the ZSM's subtree: out of the ZSM's cohort, still in the head's.
    const headId = idOf(await me('demo.head'));
    const outside = world.employees.find((e) => world.subtree.get(headId)?.has(e.id) && !world.subtree.get(zsmId)?.has(e.id));
    expect(outside).toBeDefined();
    const headBefore = await stages('demo.head');
    await remapPartner(ctx.db.db, partner.id, outside?.id ?? -1, 2);
    await runBusinessEtl(ctx.db.db);
    expect((await stages('demo.zsm')).Registered).toBe((before.Registered ?? 0) - 1);
    expect(await stages('demo.head')).toEqual(headBefore);
  });

  it("the demo's contest boards (32-34) rank RMs of the zones by weightage premium in the contest window", async () => {
    const contests = await ctx.db.db.selectFrom('contests').selectAll().execute();
    expect(contests).toHaveLength(3);
    for (const contest of contests) {
      const { first: r, records } = await allPages('demo.head', contest.id);
      expect(r.start_date).toBe(contest.starts_on);
      const window = { start: contest.starts_on, end: contest.ends_on };
      const rms = (
        await ctx.db.db
          .selectFrom('employees')
          .select(['id', 'unique_code'])
          .where('designation', '=', 'rm')
          .where('zone_id', 'in', contest.zone_ids)
          .execute()
      ).map((e) => ({
        code: e.unique_code,
        wp: sum(world.policies.filter((p) => p.employeeId === e.id && p.status === 'success' && inRange(p, window))).wp,
      }));
      expect(records).toHaveLength(rms.length);
      for (const row of records) {
        const rm = rms.find((x) => x.code === row['User Id']);
        close(row['Weightage Premium'], rm?.wp ?? -1);
        expect(row.Rank).toBe(1 + rms.filter((x) => x.wp > (rm?.wp ?? 0) + 0.001).length);
      }
    }
  });

  it('32 pages, sorts and searches the board on the server; the download holds the whole board in rank order', async () => {
    const contest = await ctx.db.db.selectFrom('contests').selectAll().where('id', '=', 32).executeTakeFirstOrThrow();
    const whole = (await allPages('demo.head', 32)).records;
    // More than a page: the paging is the server's.
    expect(whole.length).toBeGreaterThan(100);
    // The board's own order: best rank first.
    const ranks = whole.map((r) => Number(r.Rank));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

    const first = await report('demo.head', 32, '&page_size=10');
    expect(first.paging).toMatchObject({
      page: 1,
      page_size: 10,
      total_rows: whole.length,
      sortable: ['User Id', 'Name', 'Weightage Premium', 'Achievement %', 'Rank'],
    });
    expect(first.data.data.records).toEqual(whole.slice(0, 10));
    expect((await report('demo.head', 32, '&page_size=10&page=2')).data.data.records).toEqual(whole.slice(10, 20));
    // The window stays the contest's on every page.
    expect([first.start_date, first.end_date]).toEqual([contest.starts_on, contest.ends_on]);

    const lowest = await report('demo.head', 32, '&page_size=10&sort=Weightage%20Premium&order=asc');
    const ascending = [...whole].map((r) => Number(r['Weightage Premium'])).sort((a, b) => a - b);
    expect(lowest.data.data.records.map((r) => r['Weightage Premium'])).toEqual(ascending.slice(0, 10));
    // A row found by search keeps its rank in the whole contest.
    const one = whole[4] as ReportRecord;
    const searched = await report('demo.head', 32, `&search=${encodeURIComponent(String(one['User Id']))}`);
    expect(searched.data.data.records).toEqual([one]);
    expect(searched.paging?.total_rows).toBe(1);

    const csv = await get('demo.head', `/api/reports/32/download/?format=csv&start_date=${RANGE.start}&end_date=${RANGE.end}`);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="north-west-zone-contest_${contest.starts_on}_${contest.ends_on}.csv"`,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(whole.map((r) => r['User Id']));
  });

  it('25 and 26 count partners by their current mapping: a partner mapped to someone else moves once the ETL has run', async () => {
    const activeInMay = new Set(
      world.policies.filter((p) => p.status === 'success' && inRange(p) && p.partnerId !== null).map((p) => p.partnerId),
    );
    const expected = async (heads: { id: number }[]) => {
      const mappings = await ctx.db.db
        .selectFrom('partner_mappings')
        .select(['partner_id', 'manager_id'])
        .where('valid_to', 'is', null)
        .execute();
      return heads.map((h) => {
        const under = mappings.filter((m) => world.subtree.get(h.id)?.has(m.manager_id)).map((m) => m.partner_id);
        return { total: under.length, active: under.filter((id) => activeInMay.has(id)).length };
      });
    };
    const figures = (r: ReportResponse) =>
      r.data.data.records.map((row) => ({ total: row['Total Partners'], active: row['Activated In Month'] }));
    const zsmId = idOf(await me('demo.zsm'));
    const headId = idOf(await me('demo.head'));
    const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    const reportees = world.employees.filter((e) => e.managerId === zsmId).sort(byName);
    const teamLeads = world.employees.filter((e) => e.designation === 'team_lead' && world.subtree.get(headId)?.has(e.id)).sort(byName);
    expect(reportees.length).toBeGreaterThan(1);
    expect(teamLeads.length).toBeGreaterThan(1);
    const check = async () => {
      expect(figures(await report('demo.zsm', 25))).toEqual(await expected(reportees));
      expect(figures(await report('demo.head', 26))).toEqual(await expected(teamLeads));
    };
    await check();

    // A partner active in May under the ZSM's first reportee goes to the second reportee.
    const [from, to] = reportees as [RawWorld['employees'][number], RawWorld['employees'][number]];
    const moved = await ctx.db.db
      .selectFrom('partner_mappings')
      .select(['id', 'partner_id', 'manager_id', 'reporting_type'])
      .where('valid_to', 'is', null)
      .where('manager_id', 'in', [...(world.subtree.get(from.id) ?? [])])
      .where(
        'partner_id',
        'in',
        [...activeInMay].filter((id): id is number => id !== null),
      )
      .executeTakeFirstOrThrow();
    const before = figures(await report('demo.zsm', 25));
    const remap = async (partnerId: number, managerId: number) => {
      await remapPartner(ctx.db.db, partnerId, managerId, moved.reporting_type);
      await runBusinessEtl(ctx.db.db);
    };
    await remap(moved.partner_id, to.id);
    const after = figures(await report('demo.zsm', 25));
    expect(after[0]).toEqual({ total: Number(before[0]?.total) - 1, active: Number(before[0]?.active) - 1 });
    expect(after[1]).toEqual({ total: Number(before[1]?.total) + 1, active: Number(before[1]?.active) + 1 });
    await check();
    await remap(moved.partner_id, moved.manager_id);
    expect(figures(await report('demo.zsm', 25))).toEqual(before);
  });

  it('27 Product wise last activation date: paged on the server, each partner’s last issue day per line up to the month’s end', async () => {
    const LINE_TITLES: Record<string, string> = {
      motor: 'Motor',
      cv: 'CV',
      health: 'Health',
      life: 'Life',
      travel: 'Travel',
      sme: 'SME',
      loan: 'Loan',
    };
    const headId = idOf(await me('demo.head'));
    const mapped = await ctx.db.db
      .selectFrom('partner_mappings as m')
      .innerJoin('partners as pa', 'pa.id', 'm.partner_id')
      .select(['pa.id', 'pa.unique_code', 'pa.name', 'm.manager_id'])
      .where('m.valid_to', 'is', null)
      .execute();
    const last = new Map<number, Map<string, string>>();
    for (const p of world.policies) {
      if (p.status !== 'success' || p.partnerId === null || p.day > RANGE.end) continue;
      const lines = last.get(p.partnerId) ?? new Map<string, string>();
      if ((lines.get(p.line) ?? '') < p.day) lines.set(p.line, p.day);
      last.set(p.partnerId, lines);
    }
    const expected = mapped
      .filter((m) => world.subtree.get(headId)?.has(m.manager_id) && last.has(m.id))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.unique_code < b.unique_code ? -1 : 1));
    expect(expected.length).toBeGreaterThan(20);
    const rowOf = (m: (typeof expected)[number]) => ({
      'User Id': m.unique_code,
      Name: m.name,
      ...Object.fromEntries(Object.entries(LINE_TITLES).map(([line, title]) => [title, last.get(m.id)?.get(line) ?? '-'])),
      account_id: m.unique_code,
    });

    const first = await report('demo.head', 27, '&page_size=10');
    expect(first.paging).toMatchObject({ page: 1, page_size: 10, total_rows: expected.length, sortable: ['User Id', 'Name'] });
    expect(first.data.data.records).toEqual(expected.slice(0, 10).map(rowOf));
    const second = await report('demo.head', 27, '&page_size=10&page=2');
    expect(second.data.data.records).toEqual(expected.slice(10, 20).map(rowOf));

    const byCode = [...expected].sort((a, b) => (a.unique_code < b.unique_code ? 1 : -1));
    const sorted = await report('demo.head', 27, '&page_size=10&sort=User%20Id&order=desc');
    expect(sorted.data.data.records.map((r) => r['User Id'])).toEqual(byCode.slice(0, 10).map((m) => m.unique_code));
    const one = expected[7] as (typeof expected)[number];
    const searched = await report('demo.head', 27, `&search=${encodeURIComponent(one.unique_code)}`);
    expect(searched.data.data.records).toEqual([rowOf(one)]);
    expect(searched.paging?.total_rows).toBe(1);
    const bad = await get('demo.head', `/api/reports/27/?start_date=${RANGE.start}&end_date=${RANGE.end}&sort=Motor`, 400);
    expect(bad.json<{ error: string }>().error).toBe(
      "Product wise last activation date cannot be sorted by 'Motor'. Sortable: User Id, Name",
    );
  });

  it('32 credits an RM with their own business, not that of someone moved under them', async () => {
    const contest = (await ctx.db.db.selectFrom('contests').selectAll().orderBy('id').executeTakeFirstOrThrow()) as {
      id: number;
      starts_on: string;
      ends_on: string;
      zone_ids: number[];
    };
    const window = { start: contest.starts_on, end: contest.ends_on };
    const rms = await ctx.db.db
      .selectFrom('employees')
      .select(['id', 'unique_code', 'manager_id'])
      .where('designation', '=', 'rm')
      .where('zone_id', 'in', contest.zone_ids)
      .orderBy('id')
      .execute();
    const own = (id: number) => sum(world.policies.filter((p) => p.employeeId === id && p.status === 'success' && inRange(p, window))).wp;
    const [lead, moved] = rms.filter((e) => own(e.id) > 0);
    if (!lead || !moved) throw new Error('two RMs with business in the contest');
    await ctx.db.db.transaction().execute((trx) => moveEmployee(trx, moved.id, lead.id));
    afterHierarchyMove();
    try {
      const rows = (await allPages('demo.head', contest.id)).records;
      close(rows.find((r) => r['User Id'] === lead.unique_code)?.['Weightage Premium'], own(lead.id));
      close(rows.find((r) => r['User Id'] === moved.unique_code)?.['Weightage Premium'], own(moved.id));
    } finally {
      await ctx.db.db.transaction().execute((trx) => moveEmployee(trx, moved.id, moved.manager_id));
      afterHierarchyMove();
    }
  });

  it('32 shows the contest its standings were summed for, and a changed window and target once the ETL has run', async () => {
    const contest = await ctx.db.db.selectFrom('contests').selectAll().where('id', '=', 32).executeTakeFirstOrThrow();
    const moved = { start: '2026-04-21', end: '2026-05-20' };
    const rms = await ctx.db.db
      .selectFrom('employees')
      .select(['id', 'unique_code'])
      .where('designation', '=', 'rm')
      .where('zone_id', 'in', contest.zone_ids)
      .execute();
    const own = (id: number, window: { start: string; end: string }) =>
      sum(world.policies.filter((p) => p.employeeId === id && p.status === 'success' && inRange(p, window))).wp;
    const before = await allPages('demo.head', 32);
    const target = Number(contest.target_wp) + 1000;
    await sql`update contests set starts_on = ${moved.start}, ends_on = ${moved.end}, target_wp = ${target} where id = 32`.execute(
      ctx.db.db,
    );
    try {
      // Until the ETL runs, the figures, the window and the target are those summed before.
      const waiting = await allPages('demo.head', 32);
      expect([waiting.first.start_date, waiting.first.end_date]).toEqual([contest.starts_on, contest.ends_on]);
      expect(waiting.records).toEqual(before.records);
      await runBusinessEtl(ctx.db.db);
      const after = await allPages('demo.head', 32);
      expect([after.first.start_date, after.first.end_date]).toEqual([moved.start, moved.end]);
      // The moved window changes some RM's figure, so the run's re-summing shows.
      const original = { start: contest.starts_on, end: contest.ends_on };
      expect(rms.filter((e) => own(e.id, moved) !== own(e.id, original)).length).toBeGreaterThan(0);
      const figures = rms.map((e) => ({ code: e.unique_code, wp: own(e.id, moved) }));
      expect(after.records).toHaveLength(rms.length);
      for (const row of after.records) {
        expect(row.Target).toBe(target);
        const rm = figures.find((x) => x.code === row['User Id']);
        close(row['Weightage Premium'], rm?.wp ?? -1);
        expect(row.Rank).toBe(1 + figures.filter((x) => x.wp > (rm?.wp ?? 0) + 0.001).length);
      }
    } finally {
      await sql`update contests set starts_on = ${contest.starts_on}, ends_on = ${contest.ends_on}, target_wp = ${contest.target_wp} where id = 32`.execute(
        ctx.db.db,
      );
      await runBusinessEtl(ctx.db.db);
    }
  });

  it('activation, funnel, recruitment, performance, contests and renewal reports answer for a manager', async () => {
    for (const id of [24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 38]) {
      const r = await report('demo.head', id);
      expect(r.report_id).toBe(id);
      expect(r.data.data.columns.length).toBeGreaterThan(0);
    }
    // Renewal dues carry the link and payment URL of the renewal awaiting payment. Each is searched for by its
    // policy number: the list is paged, and the first page holds only some of them.
    const dues = async (policyNo: string) =>
      (
        await get('demo.head', `/api/reports/38/?start_date=2026-06-15&end_date=2026-08-15&search=${encodeURIComponent(policyNo)}`)
      ).json<ReportResponse>();
    const pendingRenewals = await ctx.db.db
      .selectFrom('policies as n')
      .innerJoin('policies as p', 'p.policy_no', 'n.previous_policy_no')
      .select(['p.policy_no', 'n.one_click_url'])
      .where('n.status', '=', 'pending')
      .where('p.expiry_date', '>=', '2026-06-15')
      .where('p.expiry_date', '<=', '2026-08-15')
      .where('p.status', '=', 'success')
      // Joined on it, the expiring policy's number is never null.
      .$narrowType<{ policy_no: NotNull }>()
      .execute();
    expect(pendingRenewals.length).toBeGreaterThan(0);
    for (const r of pendingRenewals) {
      const rows = (await dues(r.policy_no)).data.data.records.filter((x) => x['Policy No'] === r.policy_no);
      expect(rows.map((row) => row['One Click Url'])).toEqual([r.one_click_url]);
    }
    const totals = (await report('demo.head', 24)).data.data.records[0] as ReportRecord;
    const mapped = await ctx.db.db.selectFrom('partner_mappings').select('partner_id').distinct().where('valid_to', 'is', null).execute();
    expect(totals['Total Partners']).toBe(mapped.length);
    const activeIds = new Set(
      world.policies.filter((p) => p.status === 'success' && inRange(p) && p.partnerId !== null).map((p) => p.partnerId),
    );
    expect(totals['Active In Range']).toBe(mapped.filter((m) => activeIds.has(m.partner_id)).length);
  });

  it('24 counts the partners active in the range and in its last 90 days, whether or not business follows its end', async () => {
    const mapped = await ctx.db.db
      .selectFrom('partner_mappings as m')
      .innerJoin('employee_closure as c', 'c.descendant_id', 'm.manager_id')
      .select('m.partner_id')
      .distinct()
      .where('m.valid_to', 'is', null)
      .where('c.ancestor_id', '=', idOf(await me('demo.zsm')))
      .execute();
    const activeIn = (range: { start: string; end: string }) => {
      const ids = new Set(world.policies.filter((p) => p.status === 'success' && inRange(p, range)).map((p) => p.partnerId));
      return mapped.filter((m) => ids.has(m.partner_id)).length;
    };
    const lastDay = world.policies
      .filter((p) => p.status === 'success' && p.partnerId !== null)
      .reduce((a, p) => (p.day > a ? p.day : a), '');
    // Ranges with business after them, read from the partner-months: a whole month, a range over two months, one
    // inside a month (the partners' policies read where the month's first and last days fall outside it), one
    // longer than 90 days (its last 90 days inside it, where the others lie inside their last 90 days); then
    // the month of the data's last day, which ends after every partner's last day (read from the last days per
    // manager).
    const lastMonth = monthRange(lastDay);
    for (const { start, end } of [
      RANGE,
      { start: '2026-03-17', end: '2026-05-09' },
      { start: '2026-05-08', end: '2026-05-19' },
      { start: '2024-09-02', end: '2025-06-19' },
      { start: lastMonth.start_date, end: lastMonth.end_date },
    ]) {
      const totals = (await get('demo.zsm', `/api/reports/24/?start_date=${start}&end_date=${end}`)).json<ReportResponse>().data.data
        .records[0] as ReportRecord;
      const ninety = { start: addDays(end, -89), end };
      expect([end >= lastDay, totals['Total Partners'], totals['Active In Range'], totals['Active Last 90 Days']]).toEqual([
        end === lastMonth.end_date,
        mapped.length,
        activeIn({ start, end }),
        activeIn(ninety),
      ]);
      expect(totals.Dormant).toBe(mapped.length - activeIn(ninety));
    }
  });

  it('24 and 27 over a past range read the mappings as of the last run, as their totals do', async () => {
    const zsmId = idOf(await me('demo.zsm'));
    const under = [...(world.subtree.get(zsmId) ?? [])];
    const range = { start: '2026-03-17', end: '2026-05-09' };
    const active = world.policies.filter((p) => p.status === 'success' && p.partnerId !== null && inRange(p, range));
    // A partner with business in the range, mapped outside the ZSM's subtree, and a manager inside it.
    const moved = await ctx.db.db
      .selectFrom('partner_mappings as m')
      .innerJoin('partners as pa', 'pa.id', 'm.partner_id')
      .select(['m.partner_id', 'm.manager_id', 'm.reporting_type', 'pa.unique_code'])
      .where('m.valid_to', 'is', null)
      .where('m.manager_id', 'not in', under)
      .where('m.partner_id', 'in', [...new Set(active.map((p) => p.partnerId as number))])
      .orderBy('m.partner_id')
      .executeTakeFirstOrThrow();
    const inside = await ctx.db.db
      .selectFrom('partner_mappings')
      .select('manager_id')
      .where('valid_to', 'is', null)
      .where('manager_id', 'in', under)
      .orderBy('manager_id')
      .executeTakeFirstOrThrow();
    const remap = (managerId: number) => remapPartner(ctx.db.db, moved.partner_id, managerId, moved.reporting_type);
    // Computed afresh each time, as by another instance or for a question not cached.
    const { service: uncached, viewer } = await uncachedReports(ctx.db.db, tokens.get('demo.zsm') ?? '');
    const figures = async () => {
      const totals = (await uncached.report(viewer, 24, { start_date: range.start, end_date: range.end })).data.data
        .records[0] as ReportRecord;
      const listed = await uncached.report(viewer, 27, { start_date: RANGE.start, end_date: RANGE.end, page_size: 100 });
      expect(listed.paging?.total_rows).toBeLessThanOrEqual(100);
      return {
        total: totals['Total Partners'],
        active: totals['Active In Range'],
        active90: totals['Active Last 90 Days'],
        dormant: totals.Dormant,
        listed: listed.data.data.records.map((r) => r['User Id']),
        listedTotal: listed.paging?.total_rows,
      };
    };
    const before = await figures();
    expect(before.listed).toHaveLength(Number(before.listedTotal));
    expect(before.listed).not.toContain(moved.unique_code);

    // Mapped in but not yet folded: every figure stays as of the last run, the list with its total.
    await remap(inside.manager_id);
    try {
      expect(await figures()).toEqual(before);
      await runBusinessEtl(ctx.db.db);
      const after = await figures();
      expect(after).toEqual({
        total: Number(before.total) + 1,
        active: Number(before.active) + 1,
        active90: Number(before.active90) + 1,
        dormant: before.dormant,
        listed: expect.arrayContaining([...before.listed, moved.unique_code]) as unknown,
        listedTotal: Number(before.listedTotal) + 1,
      });
      expect(after.listed).toHaveLength(Number(after.listedTotal));
      // Mapped out again, not yet folded: still counted and listed where the last run had it.
      await remap(moved.manager_id);
      expect(await figures()).toEqual(after);
    } finally {
      await remap(moved.manager_id);
      await runBusinessEtl(ctx.db.db);
    }
    expect(await figures()).toEqual(before);
  });
});

describe('report access and bad input', () => {
  let ctx: ReportsTestContext;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    ctx = await createReportsTestApp(0.01);
    for (const login of ['demo.head', 'demo.zsm', 'demo.rm', 'demo.r204']) tokens.set(login, await demoToken(ctx.app, login));
  });
  afterAll(() => ctx.close());
  const get = (login: string, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { authorization: `Token ${tokens.get(login)}` } });
  const code = async (login: string) => (await get(login, '/accounts/api/v1/me/')).json<{ code: string }>().code;

  it('refuses ancestors, siblings, other branches and unknown accounts alike with 403', async () => {
    const zsm = await code('demo.zsm');
    const head = await code('demo.head');
    const rm = await code('demo.rm');
    const sibling = await ctx.db.db
      .selectFrom('employees')
      .select('unique_code')
      .where('designation', '=', 'zsm')
      .where('unique_code', '!=', zsm)
      .executeTakeFirstOrThrow();
    expect((await get('demo.zsm', `/api/reports/11/?account_id=${head}`)).statusCode).toBe(403);
    expect((await get('demo.zsm', `/api/reports/11/?account_id=${sibling.unique_code}`)).statusCode).toBe(403);
    expect((await get('demo.rm', `/api/reports/11/?account_id=${zsm}`)).statusCode).toBe(403);
    // An unknown account answers like another branch's (codes cannot be probed).
    const unknown = await get('demo.zsm', `/api/reports/11/?account_id=NOPE123`);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual({ error: 'Account NOPE123 is outside your team' });
    expect((await get('demo.zsm', `/api/reports/11/?account_id=${rm}`)).statusCode).toBe(200);
    const zsmId = (await ctx.db.db.selectFrom('employees').select('id').where('unique_code', '=', zsm).executeTakeFirstOrThrow()).id;
    const foreignPartner = await ctx.db.db
      .selectFrom('partner_mappings as m')
      .innerJoin('partners as p', 'p.id', 'm.partner_id')
      .leftJoin('employee_closure as c', (j) => j.onRef('c.descendant_id', '=', 'm.manager_id').on('c.ancestor_id', '=', zsmId))
      .select('p.unique_code')
      .where('m.valid_to', 'is', null)
      .where('c.ancestor_id', 'is', null)
      .executeTakeFirstOrThrow();
    const refused = await get('demo.zsm', `/api/reports/37/?account_id=${foreignPartner.unique_code}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toMatch(/outside your team/);
    const audited = await ctx.db.db
      .selectFrom('audit_events')
      .select(['entity_id', 'after'])
      .where('action', '=', 'access_refused')
      .execute();
    expect(audited.map((a) => a.entity_id)).toContain('GET /api/reports/:id/');
    expect(JSON.stringify(audited.map((a) => a.after))).toContain(foreignPartner.unique_code);
  });

  it('gives role 204 the life reports only', async () => {
    expect((await get('demo.r204', '/api/reports/23/')).statusCode).toBe(200);
    expect((await get('demo.r204', '/api/reports/3/')).statusCode).toBe(200);
    expect((await get('demo.r204', '/api/reports/13/')).statusCode).toBe(403);
    expect((await get('demo.r204', '/api/reports/1/')).statusCode).toBe(403);
  });

  it('answers bad input with 400 and a readable message', async () => {
    const cases: [string, RegExp][] = [
      ['/api/reports/13/?start_date=2026-13-01&end_date=2026-12-31', /Start date.*yyyy-MM-dd/],
      ['/api/reports/13/?start_date=yesterday&end_date=2026-12-31', /yyyy-MM-dd/],
      ['/api/reports/13/?start_date=2026-05-31&end_date=2026-05-01', /end_date must not be before start_date/],
      ['/api/reports/13/?product_type_id=999', /Unknown product_type_id: 999/],
      ['/api/reports/13/?product_type_id=9;drop table policies', /product_type_id|Product type id/],
      [`/api/reports/13/?product_type_id=${Array.from({ length: 150 }, (_, i) => i + 1).join(',')}`, /at most 100/],
      ["/api/reports/13/?insurers=x' or '1'='1", /Unknown insurer/],
      ['/api/reports/13/?business_type=7', /business_type|Business type/],
      ["/api/reports/11/?account_id=' or 1=1 --", /Account id/],
      ['/api/reports/abc/', /^Id /],
      ['/api/reports/13/?start_date=2020-01-01&end_date=2026-01-01', /at most 3 years/],
    ];
    for (const [url, message] of cases) {
      const res = await get('demo.zsm', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ error: string }>().error, url).toMatch(message);
    }
    expect((await get('demo.zsm', '/api/reports/99999/')).statusCode).toBe(404);
    expect((await get('demo.zsm', '/api/reports/11/?account_id=EI000001')).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('checks a filter value the same way in the address and in a body', async () => {
    const inAddress = await get('demo.zsm', '/api/reports/13/?business_type=7');
    const inBody = await ctx.app.inject({
      method: 'POST',
      url: '/api/dashboard/report_filter/13/',
      headers: { authorization: `Token ${tokens.get('demo.zsm')}` },
      payload: { business_type: [7] },
    });
    for (const res of [inAddress, inBody]) {
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(BUSINESS_TYPE_RULE);
    }
  });

  const mayTotal = async () => {
    const r = (await get('demo.zsm', '/api/reports/13/?start_date=2026-05-01&end_date=2026-05-31')).json<ReportResponse>();
    return { nop: r.data.data.records.at(-1)?.['Policies count'], asOf: r.as_of };
  };

  it('serves cached figures only until the next ETL run: never older than the roll-ups', async () => {
    const total = mayTotal;
    const before = await total();
    const zsm = await code('demo.zsm');
    // A new successful policy in May, credited to someone under the zsm.
    await sql`
      insert into policies (proposal_no, partner_id, employee_id, customer_id, product_type_id, insurer_id, state_id, business_type,
        channel, status, paid_amount, weightage_premium, payment_id, issued_at, created_at, updated_at)
      select 'CACHE-TEST-1', null, c.descendant_id, (select min(id) from customers), 9, 1, 1, 1, 'direct', 'success', 1000, 1000, 'PAY-CACHE',
        '2026-05-15T06:00:00Z', now(), now()
      from employee_closure c join employees e on e.id = c.ancestor_id where e.unique_code = ${zsm} and c.depth = 1 limit 1`.execute(
      ctx.db.db,
    );
    expect(await total()).toEqual(before);
    await runBusinessEtl(ctx.db.db);
    const after = await total();
    expect(after.nop).toBe(Number(before.nop) + 1);
    expect(after.asOf).not.toBe(before.asOf);
  });

  it('keeps cached figures through an ETL run that finds nothing new, and shows the new refresh time', async () => {
    const before = await mayTotal();
    // Figures changed behind the ETL's back: only a dropped cache would show them.
    await sql`update fact_subtree_monthly set nop = nop + 1000`.execute(ctx.db.db);
    try {
      expect(await runBusinessEtl(ctx.db.db)).toEqual({ ran: true, rowsProcessed: 0 });
      const after = await mayTotal();
      expect(after.nop).toBe(before.nop);
      expect(Date.parse(after.asOf ?? '')).toBeGreaterThan(Date.parse(before.asOf ?? ''));
    } finally {
      await sql`update fact_subtree_monthly set nop = nop - 1000`.execute(ctx.db.db);
    }
  });

  it('caches nothing with REPORT_CACHE_MB=0: figures changed behind the ETL show at once', async () => {
    const { service: uncached, viewer } = await uncachedReports(ctx.db.db, tokens.get('demo.zsm') ?? '');
    const may = async () =>
      Number(
        (await uncached.report(viewer, 13, { start_date: '2026-05-01', end_date: '2026-05-31' })).data.data.records.at(-1)?.[
          'Policies count'
        ],
      );
    const before = await may();
    await sql`update fact_subtree_monthly set nop = nop + 1000`.execute(ctx.db.db);
    try {
      // The cached service above kept its figure through the same change; this one has nothing to keep.
      expect(await may()).toBeGreaterThanOrEqual(before + 1000);
    } finally {
      await sql`update fact_subtree_monthly set nop = nop - 1000`.execute(ctx.db.db);
    }
  });

  it('lists filter options that have business in the range', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reports_filter/filter_details/?start_date=2026-05-01&end_date=2026-05-31',
      headers: { authorization: `Token ${tokens.get('demo.zsm')}` },
      payload: { include: ['insurer', 'state'] },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ insurer: { name: string }[]; state: { name: string }[] }>();
    expect(body.insurer.length).toBeGreaterThan(0);
    expect(body.state.length).toBeGreaterThan(0);
  });
});
