import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/db';
import { logCapture } from '../../test/log-capture';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { App } from './types';

/** Request lines are debug lines: at the default level (info) a session's requests leave no lines. */
describe('request logs', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  const apps: App[] = [];

  const appLoggingAt = async (level: 'info' | 'debug') => {
    const { logger, entries } = logCapture(level);
    const app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), db: db.db, logger });
    apps.push(app);
    return { app, entries };
  };

  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.drop();
  });

  it('writes no request lines at info level, the default', async () => {
    expect(loadConfig({}).LOG_LEVEL).toBe('info');
    const { app, entries } = await appLoggingAt('info');
    for (const url of ['/healthz', '/readyz', '/api/nope/']) await app.inject({ method: 'GET', url });
    expect(entries().filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });

  it('writes both lines of each request at debug level, with the status and the time taken', async () => {
    const { app, entries } = await appLoggingAt('debug');
    await app.inject({ method: 'GET', url: '/healthz' });
    const requestLines = entries().filter((l) => l.reqId !== undefined);
    expect(requestLines.map((l) => [l.msg, l.level])).toEqual([
      ['incoming request', 20],
      ['request completed', 20],
    ]);
    expect((requestLines[1]?.res as { statusCode: number }).statusCode).toBe(200);
    expect(typeof requestLines[1]?.responseTime).toBe('number');
  });
});
