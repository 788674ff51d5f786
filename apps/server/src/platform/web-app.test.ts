import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './types';
import { registerWebApp } from './web-app';

describe('web app static files', () => {
  const dist = mkdtempSync(join(tmpdir(), 'dossier-web-dist-'));
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  let app: App;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'index.html.gz'), gzipSync('<!doctype html><div id="root"></div>'));
    writeFileSync(join(dist, 'assets/app-abc123.js'), script);
    writeFileSync(join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets/app-abc123.js.gz'), gzipSync(script));
    app = Fastify().withTypeProvider<ZodTypeProvider>();
    await registerWebApp(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the pre-compressed asset the browser accepts, cached for a year', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(script.length);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('never caches index.html, also when it answers a client route', async () => {
    const res = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers the front door with index.html whether or not the client accepts compression', async () => {
    // curl, load-balancer health checks and monitors send no Accept-Encoding.
    for (const headers of [{}, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'identity' }]) {
      const res = await app.inject({ url: '/', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      if (res.headers['content-encoding'] === undefined) expect(res.body).toBe('<!doctype html><div id="root"></div>');
    }
  });

  it('answers an unknown API path with JSON and a page path that only starts like an API prefix with the page', async () => {
    const api = await app.inject({ url: '/api/no-such-thing/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'No route for GET /api/no-such-thing/' });
    const page = await app.inject({ url: '/apiary' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('a web app built after the server started', () => {
  it('answers pages with a self-reloading 404 until the build appears, then serves it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dossier-web-late-'));
    const dist = join(root, 'dist');
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    await registerWebApp(app, dist);
    await app.ready();
    try {
      const before = await app.inject({ url: '/reports/1/' });
      expect(before.statusCode).toBe(404);
      expect(before.headers['content-type']).toMatch(/text\/html/);
      expect(before.body).toContain('<meta http-equiv="refresh" content="5">');
      expect(before.body).toContain('The web app is being built');
      expect((await app.inject({ url: '/api/nope/' })).json()).toEqual({ error: 'No route for GET /api/nope/' });

      mkdirSync(join(dist, 'assets'), { recursive: true });
      writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root">late</div>');
      writeFileSync(join(dist, 'assets/app-late1.js'), 'console.log(1);');
      const page = await app.inject({ url: '/reports/1/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('late');
      const asset = await app.inject({ url: '/assets/app-late1.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log(1);');
      expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('a web app rebuilt after the server started', () => {
  it('serves the assets of the new build, which the previous one did not have', async () => {
    // `npm start` rebuilds the web app beside a server that found the previous build: the new index.html
    // names new hashed files.
    const dist = mkdtempSync(join(tmpdir(), 'dossier-web-rebuilt-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><script src="/assets/app-old1.js"></script>');
    writeFileSync(join(dist, 'assets/app-old1.js'), 'console.log(1);');
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    await registerWebApp(app, dist);
    await app.ready();
    try {
      writeFileSync(join(dist, 'index.html'), '<!doctype html><script src="/assets/app-new2.js"></script>');
      writeFileSync(join(dist, 'assets/app-new2.js'), 'console.log(2);');
      rmSync(join(dist, 'assets/app-old1.js'));
      const page = await app.inject({ url: '/dashboard' });
      expect(page.body).toContain('/assets/app-new2.js');
      const asset = await app.inject({ url: '/assets/app-new2.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log(2);');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await app.inject({ url: '/assets/app-old1.js' })).statusCode).toBe(404);
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
