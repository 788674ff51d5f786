import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, signIn, type TestContext } from '../../test/app';
import { loadConfig } from '../config';

describe('platform', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers health and readiness', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('serves OpenAPI generated from the zod schemas to signed-in callers', async () => {
    const headers = authHeader(await signIn(ctx.app, 'rm'));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json', headers });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown>; components?: unknown }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/accounts/api/v1/login/', '/api/side_menu/', '/api/etl_jobs/']));
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/', headers });
    expect(ui.statusCode).toBe(200);
    // Without a session the description is not served (API_DOCS defaults to signed-in).
    for (const url of ['/api/docs/json', '/api/docs/yaml', '/api/docs/', '/api/docs/static/index.html']) {
      const anonymous = await ctx.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json(), url).toEqual({ error: 'Authentication required: send Authorization: Token <token>' });
    }
  });

  it('answers unknown API paths with the JSON 404 shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No route for GET /api/nope/' });
  });

  it('sends strict security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('refuses a body over the limit with 413, not 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/accounts/api/v1/login/',
      payload: { username: 'x'.repeat(2_000_000), password: 'y' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: string }>().error).toBeTruthy();
  });

  it('explains every bad configuration variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'nope' })).toThrow(
      /Invalid configuration:[\s\S]*PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL/,
    );
    expect(loadConfig({}).PORT).toBe(3000);
    expect(loadConfig({ PORT: '' }).PORT).toBe(3000);
  });

  it('keeps its data in .data at the repository root, whatever the working directory', () => {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
    expect(existsSync(join(root, 'package-lock.json'))).toBe(true);
    const cwd = process.cwd();
    try {
      process.chdir(join(root, 'apps/server'));
      expect(loadConfig({}).DATA_DIR).toBe(join(root, '.data'));
    } finally {
      process.chdir(cwd);
    }
    expect(loadConfig({ DATA_DIR: '/srv/dossier' }).DATA_DIR).toBe('/srv/dossier');
  });
});
