import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { FIXTURE_PASSWORD } from '../../../test/fixtures';
import { loadConfig } from '../../config';
import { pruneRateLimits } from '../../platform/rate-limit';
import { delayAfter, pruneLoginFailures } from './login-limit';

const LOGIN = '/accounts/api/v1/login/';
const WAIT = /^Too many failed sign-in attempts\. Try again in (\d+) seconds\.$/;

interface Attempt {
  username: string;
  password?: string;
  ip: string;
  forwardedFor?: string;
}

function attempt(ctx: TestContext, { username, password = 'wrong-password', ip, forwardedFor }: Attempt) {
  return ctx.app.inject({
    method: 'POST',
    url: LOGIN,
    payload: { username, password },
    remoteAddress: ip,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

/** The seconds of a 429's message, after checking the message's exact wording. */
function waitOf(body: string): number {
  const m = WAIT.exec((JSON.parse(body) as { error: string }).error);
  if (!m?.[1]) throw new Error(`not a sign-in wait: ${body}`);
  return Number(m[1]);
}

/** Moves a pair's last failure into the past, as if that many seconds had gone by. */
async function age(ctx: TestContext, login: string, client: string, seconds: number) {
  await ctx.db.db
    .updateTable('login_failures')
    .set({ last_failed_at: sql`last_failed_at - make_interval(secs => ${seconds})` })
    .where('login', '=', login)
    .where('client', '=', client)
    .execute();
}

describe('sign-in limits: failures only, per account and client, progressive delay', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('an office behind one address signs in as often as it needs (successes never count)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 25; i++) {
      codes.push(
        (await attempt(ctx, { username: ['rm', 'zsm', 'head'][i % 3] ?? 'rm', password: FIXTURE_PASSWORD, ip: '10.20.0.1' })).statusCode,
      );
    }
    expect(codes).toEqual(Array.from({ length: 25 }, () => 200));
  });

  it('wrong passwords from elsewhere never lock the owner out', async () => {
    for (let i = 0; i < 12; i++) await attempt(ctx, { username: 'r204', ip: '10.21.0.9' });
    for (let i = 0; i < 10; i++) await attempt(ctx, { username: 'r204', ip: `10.22.0.${i}` });
    const owner = await attempt(ctx, { username: 'r204', password: FIXTURE_PASSWORD, ip: '10.23.0.1' });
    expect(owner.statusCode).toBe(200);
  });

  it('after 5 failures a client waits 30 s, then 60 s, doubling; even the right password waits', async () => {
    const ip = '10.24.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await attempt(ctx, { username: 'zsm2', ip })).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    const held = await attempt(ctx, { username: 'zsm2', ip });
    expect(held.statusCode).toBe(429);
    expect(waitOf(held.body)).toBeGreaterThanOrEqual(29);
    expect(waitOf(held.body)).toBeLessThanOrEqual(30);
    expect(held.headers['retry-after']).toBe(String(waitOf(held.body)));
    const rightButHeld = await attempt(ctx, { username: 'zsm2', password: FIXTURE_PASSWORD, ip });
    expect(rightButHeld.statusCode).toBe(429);
    // The same account from another client is not held.
    expect((await attempt(ctx, { username: 'zsm2', password: FIXTURE_PASSWORD, ip: '10.24.0.2' })).statusCode).toBe(200);

    await age(ctx, 'zsm2', ip, 31);
    expect((await attempt(ctx, { username: 'zsm2', ip })).statusCode).toBe(401);
    const longer = await attempt(ctx, { username: 'zsm2', ip });
    expect(longer.statusCode).toBe(429);
    expect(waitOf(longer.body)).toBeGreaterThanOrEqual(59);
    expect(waitOf(longer.body)).toBeLessThanOrEqual(60);

    // Once the wait is over, the right password gets in and clears the count.
    await age(ctx, 'zsm2', ip, 61);
    expect((await attempt(ctx, { username: 'zsm2', password: FIXTURE_PASSWORD, ip })).statusCode).toBe(200);
    const rows = await ctx.db.db.selectFrom('login_failures').selectAll().where('login', '=', 'zsm2').where('client', '=', ip).execute();
    expect(rows).toEqual([]);
  });

  it('the delay doubles from 30 s up to 15 minutes', () => {
    expect([3, 4, 5, 6, 7, 8, 9, 10, 20].map((n) => delayAfter(n, 5))).toEqual([0, 0, 30, 60, 120, 240, 480, 900, 900]);
  });

  it('a burst of parallel guesses gets no more than the free failures', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => attempt(ctx, { username: 'head', ip: '10.25.0.1' })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBe(5);
    expect(codes.filter((c) => c === 429).length).toBe(15);
  });

  it('ignores X-Forwarded-For when no proxy is trusted: rotating it does not reset the count', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 15; i++)
      codes.push((await attempt(ctx, { username: 'rm', ip: '10.26.0.1', forwardedFor: `203.0.113.${i}` })).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5)).toEqual(Array.from({ length: 10 }, () => 429));
    const audited = await ctx.db.db
      .selectFrom('audit_events')
      .select('ip')
      .where('action', '=', 'login_failed')
      .where('entity_id', '=', 'rm')
      .execute();
    expect(new Set(audited.map((a) => a.ip))).toEqual(new Set(['10.26.0.1']));
  });

  it('prunes sign-in failures quiet for a day and rate-limit windows older than an hour', async () => {
    await ctx.db.db
      .insertInto('login_failures')
      .values({ login: 'old', client: '10.27.0.1', failures: 3, last_failed_at: new Date(Date.now() - 2 * 86_400_000) })
      .execute();
    await ctx.db.db
      .insertInto('rate_limit_hits')
      .values({ key: 'old', window_start: new Date(Date.now() - 2 * 3_600_000), hits: 1 })
      .execute();
    expect(await pruneLoginFailures(ctx.db.db)).toBe(1);
    await pruneRateLimits(ctx.db.db);
    expect(await ctx.db.db.selectFrom('login_failures').select('login').where('login', '=', 'old').execute()).toEqual([]);
    expect(await ctx.db.db.selectFrom('rate_limit_hits').select('key').where('key', '=', 'old').execute()).toEqual([]);
    // Live rows stay.
    expect((await ctx.db.db.selectFrom('login_failures').select('login').where('login', '=', 'rm').execute()).length).toBe(1);
  });
});

describe('sign-in behind trusted proxies', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  it('takes the address the trusted proxy saw, not what the client prepended', async () => {
    // nginx with $proxy_add_x_forwarded_for appends the real peer to whatever the client sent.
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      codes.push((await attempt(ctx, { username: 'rm', ip: '127.0.0.1', forwardedFor: `198.51.100.${i}, 192.0.2.50` })).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const audited = await ctx.db.db.selectFrom('audit_events').select('ip').where('action', '=', 'login_failed').execute();
    expect(new Set(audited.map((a) => a.ip))).toEqual(new Set(['192.0.2.50']));
    // Another real client behind the same proxy is not held.
    expect(
      (await attempt(ctx, { username: 'rm', password: FIXTURE_PASSWORD, ip: '127.0.0.1', forwardedFor: '192.0.2.51' })).statusCode,
    ).toBe(200);
  });

  it('does not believe X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    await attempt(ctx, { username: 'zsm', ip: '10.30.0.1', forwardedFor: '192.0.2.99' });
    const row = await ctx.db.db
      .selectFrom('audit_events')
      .select('ip')
      .where('action', '=', 'login_failed')
      .where('entity_id', '=', 'zsm')
      .executeTakeFirst();
    expect(row?.ip).toBe('10.30.0.1');
  });

  it('refuses a bad TRUSTED_PROXIES value with a message naming it', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, nginx' })).toThrow(
      /TRUSTED_PROXIES\.1: expected addresses or CIDR ranges \(or loopback, linklocal, uniquelocal\), comma-separated/,
    );
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, ::1, loopback' }).TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '::1', 'loopback']);
    expect(loadConfig({}).TRUSTED_PROXIES).toBeUndefined();
  });
});

describe('global throttle on failed sign-ins', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ LOGIN_GLOBAL_FAILURE_LIMIT: '6' });
  });
  afterAll(() => ctx.close());

  it('above the global rate, clients that failed lately wait; clients that did not still sign in', async () => {
    // A spray: one client, a new account each time (no pair reaches its own limit).
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await attempt(ctx, { username: `guess${i}`, ip: '10.40.0.1' })).statusCode);
    // 6 failures a minute switch it on; one more gets through when a window boundary falls inside the
    // run (the previous minute's failures then weigh a little less than 1 each).
    const free = codes.indexOf(429);
    expect([6, 7]).toContain(free);
    expect(codes.slice(0, free).every((c) => c === 401)).toBe(true);
    expect(codes.slice(free).every((c) => c === 429)).toBe(true);
    const busy = await attempt(ctx, { username: 'rm', password: FIXTURE_PASSWORD, ip: '10.40.0.1' });
    expect(busy.statusCode).toBe(429);
    expect(busy.json<{ error: string }>().error).toMatch(
      /^Too many failed sign-ins on this service right now\. Try again in \d+ seconds\.$/,
    );
    expect((await attempt(ctx, { username: 'rm', password: FIXTURE_PASSWORD, ip: '10.40.0.2' })).statusCode).toBe(200);
  });
});
