import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { App } from './types';

const API_PREFIXES = ['/api/', '/accounts/', '/services/', '/healthz', '/readyz', '/demo-portal/'];

export function defaultWebDist(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
}

/**
 * Serves the built single-page app on the API's port, brotli or gzip compressed when the browser accepts
 * it. Hashed assets are cached for a year; index.html is never cached, so a deploy is picked up at once.
 * Unknown non-API GETs get index.html (client routing); unknown API paths get the JSON 404.
 */
export async function registerWebApp(app: App, dist: string): Promise<void> {
  const hasBuild = existsSync(join(dist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/vite.config.ts); without them the
      // plain file is sent.
      preCompressed: true,
      // Without this, send's own `public, max-age=0` replaces the header set below.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes(`${'/assets/'}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !API_PREFIXES.some((p) => path.startsWith(p)) && !path.startsWith('/assets/');
    if (wantsPage && hasBuild) return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    if (wantsPage) return reply.code(404).type('text/plain').send('The web app is not built. Run: npm run build');
    return reply.code(404).send({ error: `No route for ${request.method} ${path}` });
  });
}
