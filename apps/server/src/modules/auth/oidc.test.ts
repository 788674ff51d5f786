import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_REFUSALS, PASSWORD_SIGN_IN_OFF } from '@dossier/shared';
import { authHeader, createTestApp, type TestContext } from '../../../test/app';
import { FIXTURE_PASSWORD } from '../../../test/fixtures';
import { startTestProvider, type TestProvider } from '../../../test/oidc-provider';
import type { App } from '../../platform/types';

const REDIRECT = 'http://dossier.test/accounts/oidc/callback/';

/** Follows the provider's redirects (with its cookies) until it sends the browser back to Dossier. */
async function throughProvider(url: string, jar: Map<string, string>, until: string): Promise<string> {
  let current = url;
  for (let i = 0; i < 20; i++) {
    if (current.startsWith(until)) return current;
    const res = await fetch(current, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '') jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    if (!location) {
      // The end-session confirmation: a form that posts itself.
      const body = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(body)?.[1];
      if (!action) throw new Error(`provider stopped at ${current} (${res.status}): ${body.slice(0, 200)}`);
      const fields = [...body.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m): [string, string] => [
        m[1] ?? '',
        m[2] ?? '',
      ]);
      const posted = await fetch(new URL(action, current), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        body: new URLSearchParams(fields).toString(),
      });
      current = new URL(posted.headers.get('location') ?? '', current).href;
      continue;
    }
    current = new URL(location, current).href;
  }
  throw new Error('too many redirects');
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe.each([['email'], ['employee_code']])('company sign-in through OpenID Connect (claim %s)', (claim) => {
  let ctx: TestContext;
  let provider: TestProvider;
  const jar = new Map<string, string>();
  /** The claim value of a fixture login, in another case than stored: matching ignores case. */
  const identity = (login: string, code: string) => (claim === 'email' ? `${login}@EXAMPLE.com` : code.toLowerCase());

  beforeAll(async () => {
    provider = await startTestProvider({ redirectUris: [REDIRECT], postLogoutRedirectUris: ['http://dossier.test/login'] });
    ctx = await createTestApp({
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_REDIRECT_URL: REDIRECT,
      OIDC_EMPLOYEE_CLAIM: claim,
      OIDC_PROVIDER_NAME: 'Contoso ID',
      LOCAL_LOGIN: 'false',
    });
    for (const [login, code] of [
      ['rm', 'RM001'],
      ['zsm', 'ZSM001'],
      ['r201', 'RM003'],
      ['ghost', 'GHOST1'],
    ] as const) {
      provider.accounts.set(login, claim === 'email' ? { email: identity(login, code) } : { employee_code: identity(login, code) });
    }
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  /** The sign-in cookie of the last start, as the browser that started it holds it (`name=value`). */
  let browser = '';
  const cookieOf = (res: { headers: { 'set-cookie'?: string | string[] } }) => {
    const set = res.headers['set-cookie'];
    return (Array.isArray(set) ? (set[0] ?? '') : (set ?? '')).split(';')[0] ?? '';
  };

  /** Starts a sign-in at Dossier and walks through the provider as `login`; answers Dossier's callback URL. */
  async function toCallback(app: App, login: string, next?: string): Promise<string> {
    const start = await app.inject({
      method: 'GET',
      url: `/accounts/oidc/start/${next === undefined ? '' : `?next=${encodeURIComponent(next)}`}`,
    });
    expect(start.statusCode).toBe(302);
    browser = cookieOf(start);
    provider.autoLogin = login;
    jar.clear();
    return throughProvider(String(start.headers.location), jar, REDIRECT);
  }
  /** Opens the callback in the browser that holds `cookie` (by default the one that started the last sign-in). */
  const callback = (url: string, cookie: string | null = browser) =>
    ctx.app.inject({ method: 'GET', url: pathOf(url), remoteAddress: '10.8.0.1', headers: cookie ? { cookie } : {} });
  const exchange = (location: string) => {
    const code = /^\/login\/oidc#code=([A-Za-z0-9_-]+)$/.exec(location)?.[1] ?? 'missing-code-000000000000';
    return ctx.app.inject({
      method: 'POST',
      url: '/accounts/oidc/exchange/',
      payload: { code },
      headers: { 'user-agent': 'TestBrowser/1.0' },
    });
  };
  const lastRefusal = () =>
    ctx.db.db.selectFrom('audit_events').selectAll().where('action', '=', 'login_refused').orderBy('id', 'desc').executeTakeFirst();

  it('offers only the company sign-in when local passwords are off, and refuses a password', async () => {
    const options = await ctx.app.inject({ method: 'GET', url: '/accounts/api/v1/sign-in-options/' });
    expect(options.json()).toEqual({ local_login: false, oidc: { name: 'Contoso ID' } });
    const password = await ctx.app.inject({
      method: 'POST',
      url: '/accounts/api/v1/login/',
      payload: { username: 'rm', password: FIXTURE_PASSWORD },
    });
    expect(password.statusCode).toBe(403);
    expect(password.json()).toEqual({ error: PASSWORD_SIGN_IN_OFF });
  });

  it('signs in with code flow and PKCE: state, nonce and challenge sent; a session for the matched employee', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/accounts/oidc/start/' });
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['state', 'nonce', 'code_challenge']) expect(authorize.searchParams.get(p)?.length).toBeGreaterThanOrEqual(32);
    // The state is kept only as a hash, the verifier never leaves the server.
    const stored = await ctx.db.db.selectFrom('oidc_logins').select(['state_hash', 'code_verifier']).execute();
    expect(stored.map((s) => s.state_hash)).not.toContain(authorize.searchParams.get('state'));
    expect(JSON.stringify(Object.fromEntries(authorize.searchParams))).not.toContain(stored.at(-1)?.code_verifier);

    const back = await callback(await toCallback(ctx.app, 'rm'));
    expect(back.statusCode).toBe(302);
    const res = await exchange(String(back.headers.location));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; next: string; user: { code: string } }>();
    expect(body.user.code).toBe('RM001');
    expect(body.next).toBe('/');
    const me = await ctx.app.inject({ method: 'GET', url: '/accounts/api/v1/me/', headers: authHeader(body.token) });
    expect(me.json()).toMatchObject({ code: 'RM001' });
    const sessions = await ctx.app.inject({ method: 'GET', url: '/accounts/api/v1/sessions/', headers: authHeader(body.token) });
    expect(sessions.json<{ rows: unknown[] }>().rows[0]).toMatchObject({ method: 'oidc', user_agent: 'TestBrowser/1.0', current: true });
  });

  it('keeps a deep link through sign-in, and follows only same-origin paths', async () => {
    const deep = '/reports/1/ZSM001?start_date=2026-01-01&end_date=2026-01-31';
    const kept = await exchange(String((await callback(await toCallback(ctx.app, 'zsm', deep))).headers.location));
    expect(kept.json<{ next: string }>().next).toBe(deep);
    for (const evil of [
      'https://evil.example/steal',
      '//evil.example/x',
      '/\\evil.example',
      '/login?next=//evil.example',
      'javascript:alert(1)',
    ]) {
      const res = await exchange(String((await callback(await toCallback(ctx.app, 'zsm', evil))).headers.location));
      expect(res.json<{ next: string }>().next, evil).toBe('/');
    }
  });

  it('refuses a callback with a wrong state, audited; the real one still works once', async () => {
    const url = new URL(await toCallback(ctx.app, 'rm'));
    const forged = new URL(url);
    forged.searchParams.set('state', 'x'.repeat(43));
    const refused = await callback(forged.href);
    expect(refused.headers.location).toBe('/login/refused?reason=failed');
    expect(await lastRefusal()).toMatchObject({ entity: 'oidc', entity_id: 'failed', ip: '10.8.0.1' });

    const first = await callback(url.href);
    expect(String(first.headers.location)).toMatch(/^\/login\/oidc#code=/);
    // The same callback again (a replayed code): the sign-in was used.
    const replay = await callback(url.href);
    expect(replay.headers.location).toBe('/login/refused?reason=failed');
    // And the exchange code buys one session only.
    expect((await exchange(String(first.headers.location))).statusCode).toBe(200);
    const twice = await exchange(String(first.headers.location));
    expect(twice.statusCode).toBe(401);
  });

  it('binds a sign-in to the browser that started it: a callback opened elsewhere is refused (login CSRF)', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/accounts/oidc/start/' });
    const state = new URL(String(start.headers.location)).searchParams.get('state');
    expect(start.headers['set-cookie']).toBe(`dossier_oidc=${state}; Path=/accounts/oidc/; Max-Age=600; HttpOnly; SameSite=Lax`);

    // The attacker starts a sign-in in their own client and keeps the provider's callback URL …
    const attackers = await toCallback(ctx.app, 'zsm');
    const attackerCookie = browser;
    // … which the victim's browser opens: it has no sign-in cookie, and is not signed in as the attacker.
    const victim = await callback(attackers, null);
    expect(victim.headers.location).toBe('/login/refused?reason=other_browser');
    expect(await lastRefusal()).toMatchObject({ entity: 'oidc', entity_id: 'other_browser', after: { why: 'no sign-in cookie' } });
    // The attacker's sign-in is spent: not even its own browser completes it now.
    expect((await callback(attackers, attackerCookie)).headers.location).toBe('/login/refused?reason=failed');

    // A victim who started a sign-in of their own holds a cookie, of another state: refused the same way.
    const own = await toCallback(ctx.app, 'rm');
    const victimCookie = browser;
    const another = await toCallback(ctx.app, 'zsm');
    const crossed = await callback(another, victimCookie);
    expect(crossed.headers.location).toBe('/login/refused?reason=other_browser');
    expect((await lastRefusal())?.after).toEqual({ why: 'the sign-in cookie is of another sign-in' });
    // Their own sign-in still completes in their browser, and the callback clears the cookie.
    const done = await callback(own, victimCookie);
    expect(String(done.headers.location)).toMatch(/^\/login\/oidc#code=/);
    expect(done.headers['set-cookie']).toBe('dossier_oidc=; Path=/accounts/oidc/; Max-Age=0; HttpOnly; SameSite=Lax');
    const session = await exchange(String(done.headers.location));
    expect([session.statusCode, session.json<{ user: { code: string } }>().user.code]).toEqual([200, 'RM001']);
  });

  it('checks PKCE and the nonce: a sign-in whose verifier or nonce does not match is refused', async () => {
    for (const column of ['code_verifier', 'nonce'] as const) {
      const url = await toCallback(ctx.app, 'rm');
      await ctx.db.db
        .updateTable('oidc_logins')
        .set({ [column]: 'A'.repeat(43) })
        .where('used_at', 'is', null)
        .execute();
      const res = await callback(url);
      expect(res.headers.location, column).toBe('/login/refused?reason=failed');
    }
  });

  it('refuses a person who matches no active employee, and an inactive user, with the reason audited', async () => {
    const ghost = await callback(await toCallback(ctx.app, 'ghost'));
    expect(ghost.headers.location).toBe('/login/refused?reason=unknown_employee');
    expect((await lastRefusal())?.after).toEqual({ [claim]: identity('ghost', 'GHOST1') });

    await ctx.db.db.updateTable('users').set({ active: false }).where('login', '=', 'r201').execute();
    const inactive = await callback(await toCallback(ctx.app, 'r201'));
    expect(inactive.headers.location).toBe('/login/refused?reason=inactive_user');
    expect((await lastRefusal())?.entity_id).toBe('inactive_user');
    await ctx.db.db.updateTable('users').set({ active: true }).where('login', '=', 'r201').execute();
    expect(OIDC_REFUSALS.unknown_employee).toMatch(/does not match any active employee/);
  });

  it('creates the user of an active employee at their first sign-in', async () => {
    const row = await ctx.db.db
      .insertInto('employees')
      .values({
        unique_code: 'TL777',
        name: 'Team Lead',
        email: 'tl777@example.com',
        phone: '9876500077',
        emp_role: 'tl',
        designation: 'team_lead',
        manager_id: ctx.ids.get('ZSM001') ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.db.insertInto('employee_closure').values({ ancestor_id: row.id, descendant_id: row.id, depth: 0 }).execute();
    provider.accounts.set('tl777', claim === 'email' ? { email: 'TL777@example.com' } : { employee_code: 'tl777' });
    const res = await exchange(String((await callback(await toCallback(ctx.app, 'tl777'))).headers.location));
    expect(res.json<{ user: { code: string } }>().user.code).toBe('TL777');
    const user = await ctx.db.db
      .selectFrom('users')
      .select(['login', 'password_hash'])
      .where('employee_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ login: claim === 'email' ? 'tl777@example.com' : 'tl777', password_hash: null });
    await ctx.db.db
      .deleteFrom('auth_tokens')
      .where('user_id', 'in', ctx.db.db.selectFrom('users').select('id').where('employee_id', '=', row.id))
      .execute();
  });

  it('signs out of Dossier and of the provider (RP-initiated logout)', async () => {
    const signedIn = await exchange(String((await callback(await toCallback(ctx.app, 'rm'))).headers.location));
    const token = signedIn.json<{ token: string }>().token;
    const out = await ctx.app.inject({ method: 'POST', url: '/accounts/oidc/logout/', headers: authHeader(token) });
    expect(out.statusCode).toBe(200);
    const logoutUrl = new URL(out.json<{ logout_url: string }>().logout_url);
    expect(`${logoutUrl.origin}${logoutUrl.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe('http://dossier.test/login');
    expect((await ctx.app.inject({ method: 'GET', url: '/accounts/api/v1/me/', headers: authHeader(token) })).statusCode).toBe(401);
    const landed = await throughProvider(logoutUrl.href, jar, 'http://dossier.test/login');
    expect(landed).toBe('http://dossier.test/login');
    expect(provider.loggedOut).toContain('rm');
  });
});

describe('sign-in without an identity provider', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('offers passwords only; the company sign-in says it is not configured', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/accounts/api/v1/sign-in-options/' })).json()).toEqual({
      local_login: true,
      oidc: null,
    });
    const start = await ctx.app.inject({ method: 'GET', url: '/accounts/oidc/start/' });
    expect(start.headers.location).toBe('/login/refused?reason=not_configured');
    const back = await ctx.app.inject({ method: 'GET', url: '/accounts/oidc/callback/?code=x&state=y' });
    expect(back.headers.location).toBe('/login/refused?reason=not_configured');
  });

  it('refuses LOCAL_LOGIN=false without a provider, and a provider without client id or callback', async () => {
    const { loadConfig } = await import('../../config');
    expect(() => loadConfig({ LOCAL_LOGIN: 'false' })).toThrow(/LOCAL_LOGIN: false needs OIDC_ISSUER_URL/);
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://login.example.com' })).toThrow(
      /OIDC_CLIENT_ID: is required when OIDC_ISSUER_URL is set[\s\S]*OIDC_REDIRECT_URL: is required/,
    );
  });
});
