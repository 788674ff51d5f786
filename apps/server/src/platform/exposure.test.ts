import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';

const REAL_TARGETS = JSON.stringify(
  ['sales_portal', 'partner_search', 'insurance', 'paymaster', 'rule_search'].map((group, i) => ({
    key: `real-${i}`,
    name: `Portal ${i}`,
    group,
    url: `https://portal-${i}.example.com/sso`,
    handoff: group !== 'rule_search',
    value: `v${i}`,
  })),
);

/** What a deployment shows without a session: the API description and the stand-in portal, as configured. */
describe('exposure by configuration', () => {
  const apps: TestContext[] = [];
  const start = async (overrides: Record<string, string>) => {
    const ctx = await createTestApp(overrides);
    apps.push(ctx);
    return ctx.app;
  };
  let publicDocs: TestContext['app'];
  let noDocs: TestContext['app'];
  beforeAll(async () => {
    publicDocs = await start({ API_DOCS: 'public' });
    noDocs = await start({ API_DOCS: 'off', PORTAL_TARGETS: REAL_TARGETS });
  });
  afterAll(async () => {
    for (const ctx of apps) await ctx.close();
  });

  it('API_DOCS=public serves the description to anyone; off serves none', async () => {
    expect((await publicDocs.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    expect((await publicDocs.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
    for (const url of ['/api/docs/json', '/api/docs/']) {
      const res = await noDocs.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('the stand-in portal answers only while a hand-off target points at it', async () => {
    // The default targets are the stand-in's pages.
    expect((await publicDocs.inject({ method: 'GET', url: '/demo-portal/sales' })).statusCode).toBe(200);
    for (const method of ['GET', 'POST'] as const) {
      const res = await noDocs.inject({
        method,
        url: '/demo-portal/sales',
        payload: method === 'POST' ? { token: 'x'.repeat(20) } : undefined,
      });
      expect(res.statusCode, method).toBe(404);
    }
  });
});
