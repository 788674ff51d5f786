import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/db';
import { logCapture } from '../../test/log-capture';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { App } from './types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  let app: App;
  const { logger, lines, entries } = logCapture('debug');

  beforeAll(async () => {
    db = await createTestDb();
    app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), db: db.db, logger });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('keeps a safe incoming X-Request-Id, echoes it, and logs it on every line of the request', async () => {
    const id = 'lb-7f3a.9_Z';
    lines.length = 0;
    // A refused sign-in logs a line of its own between Fastify's request and response lines.
    const res = await app.inject({
      method: 'POST',
      url: '/accounts/api/v1/login/',
      payload: { username: 'nobody', password: 'wrong' },
      headers: { 'x-request-id': id },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe(id);
    const logged = entries();
    expect(logged.map((e) => e.msg)).toEqual(['incoming request', 'sign-in refused', 'request completed']);
    expect(logged.map((e) => e.reqId)).toEqual([id, id, id]);
  });

  it('generates a UUID when the header is absent, and on every kind of answer', async () => {
    for (const [method, url, status] of [
      ['GET', '/healthz', 200],
      ['GET', '/api/nope/', 404],
      ['GET', '/accounts/api/v1/me/', 401],
      ['POST', '/accounts/api/v1/login/', 400],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['x-request-id'], url).toMatch(UUID);
    }
    const [a, b] = await Promise.all([app.inject({ method: 'GET', url: '/healthz' }), app.inject({ method: 'GET', url: '/healthz' })]);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('replaces an unsafe X-Request-Id, and a hostile one cannot forge a log line', async () => {
    const forged = '{"level":60,"time":1,"msg":"forged entry","reqId":"forged"}';
    const unsafe = [
      `abc\n${forged}`,
      `abc\r\n${forged}`,
      forged,
      'a'.repeat(65),
      'two words',
      'quote"d',
      'slash/ed',
      '',
      'ünïcödé',
      'abc\u2028def',
    ];
    lines.length = 0;
    for (const value of unsafe) {
      // inject hands header values over as they are; a real socket's parser would refuse the line breaks.
      const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': value } });
      expect(res.headers['x-request-id'], JSON.stringify(value)).toMatch(UUID);
    }
    const logged = entries();
    expect(logged.filter((e) => e.msg === 'forged entry' || e.level === 60 || e.reqId === 'forged')).toEqual([]);
    expect(logged).toHaveLength(unsafe.length * 2);
    for (const e of logged) expect(String(e.reqId)).toMatch(UUID);
  });

  it('takes only one X-Request-Id when several are sent', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': ['first', 'second'] } });
    // Node joins repeated headers with ", ", which is not a safe id: a fresh one is used instead.
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});
