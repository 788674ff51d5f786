import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, signIn, type TestContext } from '../../test/app';
import { freePort } from '../../test/ports';

/** Slow clients and cacheable answers: what a hostile or careless client could otherwise hold or keep. */
describe('request timeouts and cache headers', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp({ REQUEST_TIMEOUT_MS: '1000', CONNECTION_TIMEOUT_MS: '2000' });
    port = await freePort();
    await ctx.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  /** Opens a connection, runs `feed` on it, and resolves with what came back and when it closed. */
  function trickle(feed: (write: (s: string) => void) => NodeJS.Timeout | undefined): Promise<{ ms: number; answer: string }> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      let timer: NodeJS.Timeout | undefined;
      socket.on('data', (d) => (answer += d.toString('utf8')));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ ms: Date.now() - started, answer });
      });
      socket.on('connect', () => {
        timer = feed((s) => socket.write(s));
      });
    });
  }

  it('cuts a request whose body trickles in slower than REQUEST_TIMEOUT_MS', async () => {
    const { ms, answer } = await trickle((write) => {
      write('POST /accounts/api/v1/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
      return setInterval(() => write(' '), 100);
    });
    expect(ms).toBeLessThan(4000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 15_000);

  it('closes a connection that stays silent for CONNECTION_TIMEOUT_MS', async () => {
    const { ms } = await trickle(() => undefined);
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(5000);
  }, 15_000);

  it('marks every answer for a signed-in user no-store', async () => {
    const token = await signIn(ctx.app, 'rm');
    for (const url of ['/accounts/api/v1/me/', '/api/side_menu/', '/api/etl_jobs/']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: authHeader(token) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('shows the ETL jobs last error to operations staff only', async () => {
    await ctx.db.db
      .insertInto('etl_jobs')
      .values({ name: 'zz_probe', status: 'failed', last_error: 'relation "secret_table" does not exist' })
      .execute();
    const errorOf = async (login: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/etl_jobs/', headers: authHeader(await signIn(ctx.app, login)) });
      return res.json<{ name: string; last_error: string | null }[]>().find((j) => j.name === 'zz_probe')?.last_error;
    };
    expect(await errorOf('head')).toBe('relation "secret_table" does not exist');
    expect(await errorOf('rm')).toBeNull();
  });
});
