import { expect } from 'vitest';
import { can } from '@dossier/shared';
import { bearer, ownOnly, variant, type MatrixEntry } from './types';

const LOGIN = '/accounts/api/v1/login/';

/** Sign-in, session, menus, hand-off, ETL, health and the API docs. */
export const AUTH_MATRIX: readonly MatrixEntry[] = [
  {
    route: `POST ${LOGIN}`,
    access: 'public',
    why: 'signing in',
    check: async ({ app }) => {
      const ok = await app.inject({ method: 'POST', url: LOGIN, payload: { username: 'demo.rm', password: 'dossier-demo' } });
      expect(ok.statusCode).toBe(200);
      const wrong = await app.inject({ method: 'POST', url: LOGIN, payload: { username: 'demo.rm', password: 'not-the-password' } });
      const unknown = await app.inject({ method: 'POST', url: LOGIN, payload: { username: 'nobody.here', password: 'not-the-password' } });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      // The same answer for an unknown login and a wrong password: sign-in does not reveal who exists.
      expect(unknown.json()).toEqual(wrong.json());
      return 3;
    },
  },
  {
    route: 'POST /accounts/api/v1/logout/',
    access: 'token',
    variants: [
      variant<string>({
        name: 'own session',
        relations: ['own'],
        target: (ctx) => ctx.freshToken(),
        request: (_ctx, token) => ({ method: 'POST', url: '/accounts/api/v1/logout/', headers: bearer(token) }),
        check: async (ctx, _res, token) => {
          const after = await ctx.app.inject({ method: 'GET', url: '/accounts/api/v1/me/', headers: bearer(token) });
          expect(after.statusCode, 'a signed-out token is refused at once').toBe(401);
        },
      }),
    ],
  },
  {
    route: 'GET /accounts/api/v1/me/',
    access: 'token',
    variants: [
      ownOnly({
        request: () => ({ method: 'GET', url: '/accounts/api/v1/me/' }),
        check: (ctx, res) => expect(res.json<{ code: string }>().code).toBe(ctx.viewer.code),
      }),
    ],
  },
  {
    route: 'POST /accounts/api/v1/handoff/',
    access: 'token',
    variants: [
      ownOnly({
        name: 'sales portal',
        request: () => ({ method: 'POST', url: '/accounts/api/v1/handoff/', payload: { target: 'sales' } }),
      }),
      ownOnly({
        name: 'paymaster portal (role 201 only)',
        refused: (v) => !can(v, 'paymaster-links'),
        request: () => ({ method: 'POST', url: '/accounts/api/v1/handoff/', payload: { target: 'approval-tw' } }),
      }),
      ownOnly({
        name: 'partner search (not role 204)',
        refused: (v) => !can(v, 'partner-search'),
        request: () => ({ method: 'POST', url: '/accounts/api/v1/handoff/', payload: { target: 'partner-search' } }),
      }),
      variant<string>({
        name: 'unknown portal',
        relations: ['missing'],
        target: async () => 'no-such-portal',
        request: (_ctx, target) => ({ method: 'POST', url: '/accounts/api/v1/handoff/', payload: { target } }),
      }),
    ],
  },
  {
    route: 'POST /accounts/api/v1/handoff/verify/',
    access: 'public',
    why: 'called by the target portal, authenticated by the single-use hand-off token',
    check: async ({ app, token, world }) => {
      const url = '/accounts/api/v1/handoff/verify/';
      const minted = await app.inject({
        method: 'POST',
        url: '/accounts/api/v1/handoff/',
        headers: bearer(token('demo.rm')),
        payload: { target: 'sales' },
      });
      const handoff = minted.json<{ token: string }>().token;
      const wrongTarget = await app.inject({ method: 'POST', url, payload: { token: handoff, target: 'suraksha' } });
      expect(wrongTarget.statusCode).toBe(401);
      const ok = await app.inject({ method: 'POST', url, payload: { token: handoff, target: 'sales' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json<{ user_id: string }>().user_id).toBe(world.viewers.get('demo.rm')?.code);
      const again = await app.inject({ method: 'POST', url, payload: { token: handoff, target: 'sales' } });
      expect(again.statusCode, 'a hand-off token is single-use').toBe(401);
      const forged = await app.inject({ method: 'POST', url, payload: { token: 'forged-token-value-0000', target: 'sales' } });
      expect(forged.statusCode).toBe(401);
      return 5;
    },
  },
  { route: 'GET /api/side_menu/', access: 'token', variants: [ownOnly({ request: () => ({ method: 'GET', url: '/api/side_menu/' }) })] },
  {
    route: 'GET /api/header_links/',
    access: 'token',
    variants: [ownOnly({ request: () => ({ method: 'GET', url: '/api/header_links/' }) })],
  },
  { route: 'GET /api/etl_jobs/', access: 'token', variants: [ownOnly({ request: () => ({ method: 'GET', url: '/api/etl_jobs/' }) })] },
  {
    route: 'POST /api/etl_jobs/run/',
    access: 'token',
    variants: [
      ownOnly({
        name: 'operations staff only',
        refused: (v) => !can(v, 'etl-operations'),
        request: () => ({ method: 'POST', url: '/api/etl_jobs/run/', payload: {} }),
      }),
    ],
  },
  ...(['/healthz', '/readyz'] as const).map((url): MatrixEntry => ({
    route: `GET ${url}`,
    access: 'public',
    why: 'load balancer probes',
    check: async ({ app }) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/postgres|pglite|password/i);
      return 1;
    },
  })),
  ...(['GET', 'HEAD'] as const).map((method): MatrixEntry => ({
    route: `${method} /`,
    access: 'public',
    why: "the web app's front door (index.html, or the short 'being built' page)",
    check: async ({ app }) => {
      const res = await app.inject({ method, url: '/' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).not.toMatch(/postgres|pglite|password|token/i);
      return 1;
    },
  })),
  ...(['GET', 'HEAD'] as const).map((method): MatrixEntry => ({
    route: `${method} /*`,
    access: 'public',
    why: "the web app's static files (a wildcard route while the build is still to come)",
    check: async ({ app }) => {
      // No build in the tests: a page request gets the short 'being built' page, never data.
      const res = await app.inject({ method, url: '/no-such-page' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/postgres|pglite|password|token/i);
      return 1;
    },
  })),
  {
    route: 'GET /metrics',
    access: 'public',
    why: 'Prometheus scrape: no session, but loopback only (or METRICS_TOKEN, tested in metrics.test.ts)',
    check: async ({ app, token }) => {
      // A session is no key to the metrics: from outside this host the answer is 403 whoever asks.
      for (const headers of [{}, bearer(token('demo.head'))]) {
        const remote = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers });
        expect(remote.statusCode).toBe(403);
        expect(remote.body).not.toContain('http_request');
      }
      const local = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
      // Series are labelled with route patterns only: no URL of a request, so no code or id of anyone.
      const routes = new Set([...local.body.matchAll(/route="([^"]*)"/g)].map((m) => m[1]));
      expect([...routes].filter((r) => r !== 'unmatched' && !app.routeList.some((route) => route.url === r))).toEqual([]);
      return 3;
    },
  },
  {
    route: 'GET /demo-portal/:key',
    access: 'public',
    why: 'stand-in for an external portal',
    check: async ({ app }) => {
      const res = await app.inject({ method: 'GET', url: '/demo-portal/%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
      expect(res.statusCode).toBe(200);
      expect(res.body, 'the key is shown escaped').not.toContain('<script>');
      return 1;
    },
  },
  {
    route: 'POST /demo-portal/:key',
    access: 'public',
    why: 'receives the hand-off form post; authenticated by the hand-off token',
    check: async ({ app }) => {
      const res = await app.inject({
        method: 'POST',
        url: '/demo-portal/sales',
        payload: { token: 'forged-token-value-0000', user_id: 'RM00001', dossier_redirection: '<b>x</b>' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('<b>x</b>');
      return 1;
    },
  },
  // The API description names every call: signed-in callers only (API_DOCS, default signed-in).
  ...(
    [
      '/api/docs',
      '/api/docs/json',
      '/api/docs/yaml',
      '/api/docs/static/index.html',
      '/api/docs/static/swagger-initializer.js',
      '/api/docs/static/*',
    ] as const
  ).map((url): MatrixEntry => ({
    route: `GET ${url}`,
    access: 'token',
    variants: [ownOnly({ ownStatuses: [200, 302], request: () => ({ method: 'GET', url: url.replace('*', 'swagger-ui.css') }) })],
  })),
  {
    route: 'HEAD /api/docs/',
    access: 'token',
    variants: [ownOnly({ ownStatuses: [200], request: () => ({ method: 'HEAD', url: '/api/docs/' }) })],
  },
];
