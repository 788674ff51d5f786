import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { SimulatorProvider } from '../src/platform/telephony/simulator';
import type { App } from '../src/platform/types';
import { Fixtures } from './access-matrix/fixtures';
import { MATRIX } from './access-matrix/index';
import { findLeaks, type LeakOptions } from './access-matrix/leaks';
import {
  bearer,
  LOGINS,
  type Login,
  type MatrixContext,
  type MatrixEntry,
  type MatrixRequest,
  type Relation,
  type Variant,
} from './access-matrix/types';
import { loadWorld, relativesFor, withForeignData, type World } from './access-matrix/world';
import { createReportsTestApp, demoToken, type ReportsTestContext } from './reports-fixture';

/**
 * Every route of the server, called as every demo role against targets in the viewer's own subtree,
 * a sibling's, an ancestor's, another branch and a non-existent one: own 2xx, others 403, missing
 * 403 too where foreign targets can be named (404 only for catalogue ids and administrators' targets), no session 401, and no code, name, phone number or mail address of others in any answer.
 */

const CALLBACK_SECRET = 'matrix-callback-secret-0123456789';
const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
/** A value for each path parameter, so a route can be called without its real targets. */
const fillParams = (url: string) =>
  url
    .replace(/:(\w+)/g, (_m, name: string) => (name === 'key' ? 'sales' : name === 'secret' ? 'x' : name === 'rmId' ? 'RM00001' : '1'))
    // The API description's files exist by name; a missing one is a plain 404.
    .replace('*', url.startsWith('/api/docs/static/') ? 'swagger-ui.css' : 'x');

describe('access-control matrix', () => {
  let ctx: ReportsTestContext;
  let world: World;
  let fx: Fixtures;
  let callbackApp: App;
  let requests = 0;
  const skipped: string[] = [];

  beforeAll(async () => {
    ctx = await createReportsTestApp(0.01);
    fx = new Fixtures(ctx.db.db);
    world = await loadWorld(ctx.app, ctx.db.db);
    // Partners and policies of the managers above the demo roles: the 'ancestor' targets (managers
    // above team leads neither sell nor take partners in the demo).
    const managers = new Set<number>();
    for (const login of LOGINS) {
      const parent = relativesFor(world, login).parent;
      if (parent) managers.add(parent.id);
    }
    for (const id of managers) {
      await fx.partner(id);
      await fx.expiringPolicy(id);
    }
    world = await withForeignData(ctx.db.db, world);
    const config = loadConfig({ WEB_DIST: '/nonexistent', TELEPHONY_PROVIDER: 'exotel', EXOTEL_CALLBACK_SECRET: CALLBACK_SECRET });
    callbackApp = await buildApp({ config, db: ctx.db.db, telephony: new SimulatorProvider({ mode: 'deterministic' }) });
    await callbackApp.ready();
  });

  afterAll(async () => {
    console.log(
      `access matrix: ${MATRIX.length} routes, ${requests} requests; cells without a target (${skipped.length}):\n  ${skipped.join('\n  ')}`,
    );
    await callbackApp.close();
    await ctx.close();
  });

  const send = (request: MatrixRequest, token?: string) => {
    requests++;
    return ctx.app.inject({
      method: request.method,
      url: request.url,
      ...(request.payload ? { payload: request.payload } : {}),
      headers: { ...(token ? bearer(token) : {}), ...request.headers },
    });
  };
  const token = (login: Login) => {
    const t = world.tokens.get(login);
    if (!t) throw new Error(`no token for ${login}`);
    return t;
  };

  it('has an entry for every route of the server, and a route for every entry', () => {
    const entries = new Set(MATRIX.map((e) => e.route));
    expect(entries.size, 'one entry per route').toBe(MATRIX.length);
    const routes = ctx.app.routeList;
    const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
    // Fastify adds a HEAD route to every GET route: the GET entry covers it.
    const missing = routes.filter(
      (r) => !entries.has(routeKey(r)) && !(r.method === 'HEAD' && gets.has(r.url) && entries.has(`GET ${r.url}`)),
    );
    expect(missing.map(routeKey), 'routes without a matrix entry: add one in test/access-matrix/').toEqual([]);
    const stale = [...entries].filter((key) => !routes.some((r) => routeKey(r) === key));
    expect(stale, 'matrix entries without a route').toEqual([]);
  });

  it('refuses every non-public route without a valid session (401)', async () => {
    const publicRoutes = new Set(MATRIX.filter((e) => e.access === 'public').map((e) => e.route));
    const revoked = await demoToken(ctx.app, 'demo.rm');
    expect((await send({ method: 'POST', url: '/accounts/api/v1/logout/' }, revoked)).statusCode).toBe(200);
    const failures: string[] = [];
    for (const route of ctx.app.routeList) {
      const key = routeKey(route);
      if (publicRoutes.has(key) || (route.method === 'HEAD' && publicRoutes.has(`GET ${route.url}`))) continue;
      const url = fillParams(route.url);
      for (const [label, headers] of [
        ['no token', {}],
        ['malformed token', { authorization: 'Token <script>' }],
        ['unknown token', bearer('a'.repeat(43))],
        ['signed-out token', bearer(revoked)],
      ] as const) {
        const res = await send({ method: route.method as MatrixRequest['method'], url, headers: { ...headers } });
        if (res.statusCode !== 401) failures.push(`${key} with ${label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  const expected = (variant: Variant, login: Login, relation: Relation): readonly number[] => {
    const viewer = world.viewers.get(login);
    if (viewer && variant.refused?.(viewer)) return [403];
    if (relation === 'own') return variant.ownStatuses ?? [200];
    // Where a caller names targets that may lie outside their team, a target that does not exist answers
    // exactly like one of another team (403), so answers never tell which codes exist elsewhere.
    if (relation === 'missing') return variant.relations.some((r) => r !== 'own' && r !== 'missing') ? [403] : [404];
    return [403];
  };

  async function runEntry(entry: Extract<MatrixEntry, { access: 'token' }>): Promise<void> {
    world = await withForeignData(ctx.db.db, world);
    const failures: string[] = [];
    for (const variant of entry.variants) {
      let ownCalls = 0;
      let foreignRefusals = 0;
      for (const login of LOGINS) {
        const viewer = world.viewers.get(login);
        const foreign = world.foreign.get(login);
        if (!viewer || !foreign) throw new Error(`no viewer ${login}`);
        const where = (relation: Relation) => `${variant.name} as ${login}, ${relation} target`;
        let current = '';
        const scan = (text: string, label: string, options: LeakOptions = variant.leaks ?? {}, echoes: readonly string[] = []) => {
          for (const leak of findLeaks(text, foreign, options, echoes)) failures.push(`${current} ${label}: ${leak}`);
        };
        const mctx: MatrixContext = {
          app: ctx.app,
          db: ctx.db.db,
          world,
          fx,
          viewer,
          token: token(login),
          freshToken: () => demoToken(ctx.app, login),
          scan,
        };
        for (const relation of variant.relations) {
          current = where(relation);
          const prepared = await variant.prepare(mctx, relation);
          if (!prepared) {
            skipped.push(`${entry.route}: ${current}`);
            continue;
          }
          const res = await send(prepared.request, token(login));
          const want = expected(variant, login, relation);
          if (!want.includes(res.statusCode)) {
            failures.push(`${current}: expected ${want.join('/')}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
            continue;
          }
          const echoes = [
            ...`${decodeURIComponent(prepared.request.url)} ${JSON.stringify(prepared.request.payload ?? {})}`.matchAll(/[A-Za-z0-9]+/g),
          ].map((m) => m[0]);
          scan(res.body, 'answer', variant.leaks, [...echoes, ...(prepared.echoes ?? [])]);
          if (res.statusCode < 300 && !String(res.headers['cache-control']).includes('no-store')) {
            failures.push(
              `${current}: answer of a signed-in request is cacheable (cache-control: ${String(res.headers['cache-control'])})`,
            );
          }
          if (relation === 'own') ownCalls++;
          if (relation !== 'own' && relation !== 'missing' && res.statusCode === 403 && !variant.refused?.(viewer)) foreignRefusals++;
          if (res.statusCode < 300 && prepared.check) {
            try {
              await prepared.check(res);
            } catch (err) {
              failures.push(`${current}: ${err instanceof Error ? err.message : String(err)}`);
            }
          }
        }
      }
      if (variant.relations.includes('own') && ownCalls === 0) failures.push(`${variant.name}: no role had an own target`);
      if (variant.relations.some((r) => r !== 'own' && r !== 'missing') && foreignRefusals === 0)
        failures.push(`${variant.name}: no foreign target was tried`);
    }
    expect(failures).toEqual([]);
  }

  for (const entry of MATRIX) {
    it(entry.route, async () => {
      if (entry.access === 'token') return runEntry(entry);
      requests += await entry.check({ app: ctx.app, db: ctx.db.db, world, fx, token, callbackApp, callbackSecret: CALLBACK_SECRET });
    });
  }
});
