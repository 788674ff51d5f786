import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDb } from '../../test/db';

describe('graceful shutdown', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.drop());

  it('finishes a request in flight and refuses new connections once closing', async () => {
    const app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), db: db.db });
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    // A route that takes a while, standing in for a slow report.
    app.get('/slow', async () => {
      started();
      await new Promise((r) => setTimeout(r, 400));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const slow = fetch(`http://127.0.0.1:${port}/slow`);
    await inFlight;
    const closed = app.close();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closed;
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
