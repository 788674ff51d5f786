import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, signIn, type TestContext } from '../../../test/app';

/** Hand-off tokens live only as long as the session that minted them and the user behind it. */
describe('hand-off tokens follow their session and their user', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const mint = async (session: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/accounts/api/v1/handoff/',
      headers: authHeader(session),
      payload: { target: 'sales' },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ token: string }>().token;
  };
  const verify = (token: string) =>
    ctx.app.inject({ method: 'POST', url: '/accounts/api/v1/handoff/verify/', payload: { token, target: 'sales' } });
  const me = (session: string) => ctx.app.inject({ method: 'GET', url: '/accounts/api/v1/me/', headers: authHeader(session) });

  it('a hand-off token dies when its session signs out', async () => {
    const session = await signIn(ctx.app, 'rm');
    const handoff = await mint(session);
    await ctx.app.inject({ method: 'POST', url: '/accounts/api/v1/logout/', headers: authHeader(session) });
    const res = await verify(handoff);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid, expired or already used hand-off token' });
  });

  it('a hand-off token dies when its employee is deactivated, and stays dead after reactivation', async () => {
    const session = await signIn(ctx.app, 'zsm');
    const handoff = await mint(session);
    await ctx.db.db.updateTable('employees').set({ active: false }).where('unique_code', '=', 'ZSM001').execute();
    await ctx.db.db.updateTable('employees').set({ active: true }).where('unique_code', '=', 'ZSM001').execute();
    expect((await verify(handoff)).statusCode).toBe(401);
    expect((await me(session)).statusCode, 'the session was revoked, not only hidden').toBe(401);
  });

  it('deactivating a user revokes their sessions: reactivation does not bring them back', async () => {
    const session = await signIn(ctx.app, 'r201');
    const handoff = await mint(session);
    await ctx.db.db.updateTable('users').set({ active: false }).where('login', '=', 'r201').execute();
    await ctx.db.db.updateTable('users').set({ active: true }).where('login', '=', 'r201').execute();
    expect((await me(session)).statusCode).toBe(401);
    expect((await verify(handoff)).statusCode).toBe(401);
    // A new sign-in after reactivation works as usual.
    const fresh = await signIn(ctx.app, 'r201');
    expect((await verify(await mint(fresh))).statusCode).toBe(200);
  });

  it('a refused verification writes no row: it is counted in metrics', async () => {
    const refusals = async () => {
      const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      const m = /^dossier_anonymous_refusals_total\{route="\/accounts\/api\/v1\/handoff\/verify\/",status_code="401"\} (\d+)$/m.exec(
        metrics.body,
      );
      return Number(m?.[1] ?? 0);
    };
    const auditRows = async () =>
      Number(
        (
          await ctx.db.db
            .selectFrom('audit_events')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const counted = await refusals();
    const before = await auditRows();
    for (let i = 0; i < 5; i++) expect((await verify(`forged-token-value-${i}000`)).statusCode).toBe(401);
    expect(await auditRows()).toBe(before);
    expect((await refusals()) - counted).toBe(5);
  });

  it('bounds verification attempts per client address with a clear 429', async () => {
    const codes: number[] = [];
    let last = '';
    for (let i = 0; i < 62; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/accounts/api/v1/handoff/verify/',
        payload: { token: `forged-token-value-${i}000`, target: 'sales' },
        remoteAddress: '10.50.0.1',
      });
      codes.push(res.statusCode);
      last = res.body;
    }
    expect(codes.slice(0, 60).every((c) => c === 401)).toBe(true);
    expect(codes.slice(60)).toEqual([429, 429]);
    expect(JSON.parse(last)).toMatchObject({
      error: expect.stringMatching(/^Too many requests from your address\. Try again in \d+ seconds\.$/) as unknown,
    });
  });
});
