import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, signIn, type TestContext } from '../../../test/app';
import { hashToken } from '../../platform/tokens';

describe('sign-in and tokens', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('signs in with the right password and answers /me for the token', async () => {
    const token = await signIn(ctx.app, 'rm');
    const me = await ctx.app.inject({ method: 'GET', url: '/accounts/api/v1/me/', headers: authHeader(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ code: 'RM001', first_name: 'rm', last_name: 'Person', emp_role: 'rm', designation: 'rm' });
  });

  it('answers the sign-in, which carries a token, with Cache-Control: no-store (a refusal too)', async () => {
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/accounts/api/v1/login/',
      payload: { username: 'rm', password: 'fixture-pass' },
      remoteAddress: '10.0.0.7',
    });
    expect([ok.statusCode, ok.headers['cache-control']]).toEqual([200, 'no-store']);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/accounts/api/v1/login/',
      payload: { username: 'rm', password: 'not-the-password' },
      remoteAddress: '10.0.0.7',
    });
    expect([refused.statusCode, refused.headers['cache-control']]).toEqual([401, 'no-store']);
  });

  it('stores only the hash of the token', async () => {
    const token = await signIn(ctx.app, 'zsm', undefined, '10.0.0.2');
    const rows = await ctx.db.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('refuses a wrong password and an unknown user with the same 401 message', async () => {
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/accounts/api/v1/login/',
      payload: { username: 'rm', password: 'nope' },
      remoteAddress: '10.0.0.3',
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/accounts/api/v1/login/',
      payload: { username: 'ghost', password: 'nope' },
      remoteAddress: '10.0.0.3',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid username or password' });
    expect(unknown.json()).toEqual(wrong.json());
    const failures = await ctx.db.db.selectFrom('audit_events').select('entity_id').where('action', '=', 'login_failed').execute();
    expect(failures.map((f) => f.entity_id)).toEqual(expect.arrayContaining(['rm', 'ghost']));
  });

  it('answers 400 with a readable message for a malformed body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/accounts/api/v1/login/',
      payload: { username: '' },
      remoteAddress: '10.0.0.4',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string }>();
    // A sentence for a person; where each refused value sits stays in detail.
    expect(body.error).toBe('Username is required. Password is missing.');
    expect(res.json<{ detail: { issues: string[] } }>().detail.issues).toEqual([
      'body.username: Username is required',
      'body.password: Invalid input: expected string, received undefined',
    ]);
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/accounts/api/v1/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
      remoteAddress: '10.0.0.4',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ error: 'Request body is not valid JSON' });
  });

  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    for (const headers of [{}, { authorization: 'Bearer abc' }, { authorization: 'Token not-a-real-token-at-all' }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/side_menu/', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json<{ error: string }>().error).toMatch(/sign in|Authentication required/i);
    }
  });

  it('revokes the token on logout', async () => {
    const token = await signIn(ctx.app, 'head', undefined, '10.0.0.5');
    const out = await ctx.app.inject({ method: 'POST', url: '/accounts/api/v1/logout/', headers: authHeader(token) });
    expect(out.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/accounts/api/v1/me/', headers: authHeader(token) });
    expect(after.statusCode).toBe(401);
  });

  it('expires a token after its absolute lifetime and after idling', async () => {
    const absolute = await signIn(ctx.app, 'zsm2', undefined, '10.0.0.6');
    await ctx.db.db
      .updateTable('auth_tokens')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('token_hash', '=', hashToken(absolute))
      .execute();
    expect((await ctx.app.inject({ method: 'GET', url: '/accounts/api/v1/me/', headers: authHeader(absolute) })).statusCode).toBe(401);

    const idle = await signIn(ctx.app, 'zsm2', undefined, '10.0.0.6');
    const live = await ctx.app.inject({ method: 'GET', url: '/accounts/api/v1/me/', headers: authHeader(idle) });
    expect(live.statusCode).toBe(200);
    await ctx.db.db
      .updateTable('auth_tokens')
      .set({ last_used_at: sql`now() - interval '61 minutes'` })
      .where('token_hash', '=', hashToken(idle))
      .execute();
    expect((await ctx.app.inject({ method: 'GET', url: '/accounts/api/v1/me/', headers: authHeader(idle) })).statusCode).toBe(401);
  });

  it('refuses a deactivated user at once', async () => {
    const token = await signIn(ctx.app, 'r201', undefined, '10.0.0.7');
    await ctx.db.db.updateTable('employees').set({ active: false }).where('unique_code', '=', 'RM003').execute();
    expect((await ctx.app.inject({ method: 'GET', url: '/accounts/api/v1/me/', headers: authHeader(token) })).statusCode).toBe(401);
    await ctx.db.db.updateTable('employees').set({ active: true }).where('unique_code', '=', 'RM003').execute();
  });
});
