import type { ReportResponse } from '@dossier/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportsTestApp, demoToken, type ReportsTestContext } from '../../../test/reports-fixture';

/**
 * The insurer and state options of a report's filters come from the rows that report can show. Renewal dues
 * (38) lists policies renewing in a range that is usually in the future, where nothing has been issued yet:
 * its options are the insurers and states of those renewing policies.
 */
describe('filter options of renewal dues', () => {
  let ctx: ReportsTestContext;
  let token = '';
  // The fixture's today is 2026-06-15: the renewal dues' default range is the next 30 days.
  const RANGE = { start: '2026-06-15', end: '2026-07-15' };
  beforeAll(async () => {
    ctx = await createReportsTestApp(0.01);
    token = await demoToken(ctx.app, 'demo.head');
  });
  afterAll(() => ctx.close());

  const options = async (reportId?: number) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/reports_filter/filter_details/?start_date=${RANGE.start}&end_date=${RANGE.end}`,
      headers: { authorization: `Token ${token}` },
      payload: { include: ['insurer', 'state'], ...(reportId === undefined ? {} : { report_id: reportId }) },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ insurer: { name: string }[]; state: { name: string }[] }>();
    return { insurers: body.insurer.map((o) => o.name), states: body.state.map((o) => o.name) };
  };

  /** The insurers or states of the policies renewing in the range, read straight from the policies. */
  const renewing = async (table: 'insurers' | 'states') => {
    const column = table === 'insurers' ? 'insurer_id' : 'state_id';
    const rows = await sql<{ name: string }>`
      select distinct t.name from policies p join ${sql.table(table)} t on t.id = p.${sql.ref(column)}
      where p.status = 'success' and p.policy_no is not null and p.expiry_date >= ${RANGE.start} and p.expiry_date <= ${RANGE.end}
      order by t.name`.execute(ctx.db.db);
    return rows.rows.map((r) => r.name);
  };

  it('offers the insurers and states of the policies renewing in the range', async () => {
    const expectedInsurers = await renewing('insurers');
    const expectedStates = await renewing('states');
    expect(expectedInsurers.length).toBeGreaterThan(1);
    const dues = await options(38);
    expect(dues.insurers).toEqual(expectedInsurers);
    expect(dues.states).toEqual(expectedStates);
    // Business issued in that future range: none, which is why the business options are empty there.
    expect(await options()).toEqual({ insurers: [], states: [] });
  });

  it('each offered insurer shows renewal rows when chosen', async () => {
    const { insurers } = await options(38);
    for (const insurer of insurers.slice(0, 3)) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/dashboard/report_filter/38/',
        headers: { authorization: `Token ${token}` },
        payload: { insurer: [insurer], state: [], business_type: [], start_date: RANGE.start, end_date: RANGE.end },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<ReportResponse>().data.data.records.length, insurer).toBeGreaterThan(0);
    }
  });
});
