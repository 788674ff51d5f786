import Fastify, { type FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseNulCharacters } from './nul-characters';

/** Through a real socket: a body left as a stream is the request's socket-backed stream, not a small test payload. */
describe('refusing NUL characters', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = Fastify();
    refuseNulCharacters(app);
    app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));
    app.post('/stream', async (request) => {
      let bytes = 0;
      for await (const chunk of request.body as Readable) bytes += (chunk as Buffer).length;
      return { bytes };
    });
    app.post('/json', async () => ({ ok: true }));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('leaves a streamed body alone and answers at once', async () => {
    const res = await fetch(`${base}/stream`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'a,b\n1,2\n',
      signal: AbortSignal.timeout(5_000),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: 8 });
  });

  it('refuses NUL in a parsed body, a key or the query string with 400', async () => {
    const message = 'The text sent holds a character that is not allowed (NUL). Remove it and try again.';
    for (const [url, body] of [
      ['/json', { name: 'a\u0000b' }],
      ['/json', { list: [{ ['k\u0000']: 1 }] }],
      ['/json?q=%00', {}],
    ] as const) {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, url).toBe(400);
      // Fastify's own error handler answers here: the app's (error-handler.ts) sends the same text as `error`.
      expect(((await res.json()) as { message: string }).message, url).toBe(message);
    }
  });
});
