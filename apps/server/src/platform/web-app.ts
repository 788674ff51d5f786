import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { isApiPath } from '@dossier/shared';
import type { App } from './types';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<title>Dossier is starting</title></head><body style="font-family:sans-serif;padding:2rem">
<h1>Dossier is starting</h1><p>The web app is being built (npm start builds it when its sources change; otherwise run
<code>npm run build</code>). This page reloads by itself.</p></body></html>`;

export function defaultWebDist(): string {
  // This file runs from src/platform/ (sources) or bundled into dist/ (the built server).
  const here = dirname(fileURLToPath(import.meta.url));
  return resolve(here, basename(here) === 'dist' ? '../../web/dist' : '../../../web/dist');
}

/**
 * Serves the built single-page app, compressed; hashed assets cached a year, index.html never. Unknown non-API
 * GETs get index.html, unknown API paths the JSON 404. Until a build exists (`npm start` builds it beside the
 * starting server), pages get a short self-reloading notice.
 */
export async function registerWebApp(app: App, dist: string): Promise<void> {
  let built = existsSync(join(dist, 'index.html'));
  const hasBuild = () => (built ||= existsSync(join(dist, 'index.html')));
  await app.register(fastifyStatic, {
    root: dist,
    // Each request is looked up on disk, not in routes made for the files present at start: a build that
    // appears later, or replaces the one found at start under new hashed names, is served at once.
    wildcard: true,
    index: false,
    // The build writes .br and .gz beside each text file (apps/web/vite.config.ts); without them the
    // plain file is sent.
    preCompressed: true,
    // Without this, send's own `public, max-age=0` replaces the header set below.
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes(`${'/assets/'}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      reply.header('vary', 'accept-encoding');
    },
  });
  const sendPage = (reply: FastifyReply) =>
    hasBuild()
      ? reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html')
      : reply.code(404).type('text/html').send(NOT_BUILT_PAGE);
  // The static handler takes `/` for a directory and, with no index file to look for, refuses it (403) to a
  // client that accepts no compression: the front door is a page like any other client route.
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !isApiPath(path) && !path.startsWith('/assets/');
    if (wantsPage) return sendPage(reply);
    return reply.code(404).send({ error: `No route for ${request.method} ${path}` });
  });
}
