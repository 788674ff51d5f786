import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, signIn, type TestContext } from '../../../test/app';
import { parseTargets } from './targets';

describe('hand-off to external portals', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    token = await signIn(ctx.app, 'rm');
  });
  afterAll(() => ctx.close());

  const start = (target: string, session = token) =>
    ctx.app.inject({ method: 'POST', url: '/accounts/api/v1/handoff/', headers: authHeader(session), payload: { target } });
  const verify = (handoffToken: string, target: string) =>
    ctx.app.inject({ method: 'POST', url: '/accounts/api/v1/handoff/verify/', payload: { token: handoffToken, target } });

  it('mints a single-use token that is not the session token and verifies once', async () => {
    const res = await start('sales');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; url: string; user_id: string; dossier_redirection: string }>();
    expect(body).toMatchObject({ url: '/demo-portal/sales', user_id: 'RM001', dossier_redirection: 'sales_dashboard' });
    expect(body.token).not.toBe(token);
    const first = await verify(body.token, 'sales');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ user_id: 'RM001', target: 'sales' });
    expect((await verify(body.token, 'sales')).statusCode).toBe(401);
  });

  it('refuses a token presented to another target or after expiry', async () => {
    const a = (await start('sales')).json<{ token: string }>();
    expect((await verify(a.token, 'suraksha')).statusCode).toBe(401);
    const b = (await start('suraksha')).json<{ token: string }>();
    await ctx.db.db
      .updateTable('handoff_tokens')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('target', '=', 'suraksha')
      .execute();
    expect((await verify(b.token, 'suraksha')).statusCode).toBe(401);
  });

  it('refuses unknown targets, plain links and targets of another role', async () => {
    expect((await start('evil.example.com')).statusCode).toBe(404);
    expect((await start('rule-search')).statusCode).toBe(404);
    expect((await start('approval-tw')).statusCode).toBe(403);
    const r201 = await signIn(ctx.app, 'r201', undefined, '10.0.0.9');
    expect((await start('approval-tw', r201)).statusCode).toBe(200);
  });

  it('lets the demo portal receive the form post and verify the token', async () => {
    const body = (await start('motor-d2c')).json<{ token: string; user_id: string; dossier_redirection: string }>();
    const form = new URLSearchParams({
      token: body.token,
      user_id: body.user_id,
      dossier_redirection: body.dossier_redirection,
    }).toString();
    const page = await ctx.app.inject({
      method: 'POST',
      url: '/demo-portal/motor-d2c',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Signed in as <strong>rm Person</strong> (RM001)');
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/demo-portal/motor-d2c',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(replay.statusCode).toBe(401);
  });

  it('rejects a malformed PORTAL_TARGETS with a readable message', () => {
    expect(() => parseTargets('not json')).toThrow(/PORTAL_TARGETS: is not valid JSON/);
    expect(() => parseTargets('[{"key":"x"}]')).toThrow(/PORTAL_TARGETS/);
  });
});
