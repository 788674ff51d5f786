import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/db';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { enqueueMail } from '../mail/outbox';
import type { App } from '../types';

/** One sample of the Prometheus text format: name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match?.[1] || match[3] === undefined) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const m of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[m[1] ?? ''] = m[2] ?? '';
    const raw = match[3];
    samples.push({ name: match[1], labels, value: raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : Number(raw) });
  }
  return samples;
}

const find = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

const TOKEN = 'metrics-test-token-0123456789';

describe('metrics', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  let app: App;
  let tokenApp: App;

  beforeAll(async () => {
    db = await createTestDb();
    const pools = db.poolStats ? { primary: db.poolStats } : {};
    app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), db: db.db, dbPools: pools });
    tokenApp = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent', METRICS_TOKEN: TOKEN }), db: db.db, dbPools: pools });
    await Promise.all([app.ready(), tokenApp.ready()]);
  });

  afterAll(async () => {
    await app.close();
    await tokenApp.close();
    await db.drop();
  });

  const scrape = async (target = app) => {
    const res = await target.inject({
      method: 'GET',
      url: '/metrics',
      ...(target === tokenApp ? { headers: { authorization: `Bearer ${TOKEN}` } } : {}),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return { text: res.body, samples: parseSamples(res.body) };
  };

  it('counts requests by route pattern, method and status code', async () => {
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    for (const key of ['first-key', 'second-key']) await app.inject({ method: 'GET', url: `/demo-portal/${key}` });
    await app.inject({ method: 'POST', url: '/accounts/api/v1/login/', payload: { username: 'nobody', password: 'wrong' } });

    const { text, samples } = await scrape();
    const count = (route: string, method: string, status: string) =>
      find(samples, 'http_request_duration_seconds_count', { route, method, status_code: status }).map((s) => s.value);
    expect(count('/healthz', 'GET', '200')).toEqual([3]);
    expect(count('/demo-portal/:key', 'GET', '200'), 'both URLs under their pattern').toEqual([2]);
    expect(count('/accounts/api/v1/login/', 'POST', '401')).toEqual([1]);
    expect(text).not.toContain('first-key');
    // Every bucket line of a series, +Inf included, and a sum.
    const buckets = find(samples, 'http_request_duration_seconds_bucket', { route: '/healthz', method: 'GET', status_code: '200' });
    expect(buckets.find((b) => b.labels.le === '+Inf')?.value).toBe(3);
    expect(find(samples, 'http_request_duration_seconds_sum', { route: '/healthz' })[0]?.value).toBeGreaterThan(0);
  });

  it('puts every unknown URL in one series, whatever the URL', async () => {
    const before =
      find((await scrape()).samples, 'http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status_code: '404' })[0]
        ?.value ?? 0;
    for (const url of ['/api/nope-a1b2c3/', '/api/nope-d4e5f6/?x=1', '/services/zz-unknown-9/']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const { text, samples } = await scrape();
    expect(find(samples, 'http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status_code: '404' })[0]?.value).toBe(
      before + 3,
    );
    expect(text).not.toMatch(/nope-|zz-unknown/);
    const routes = new Set(find(samples, 'http_request_duration_seconds_count', {}).map((s) => s.labels.route));
    expect(
      [...routes].every((r) => r === 'unmatched' || app.routeList.some((route) => route.url === r)),
      [...routes].join(', '),
    ).toBe(true);
  });

  it('reports mail outbox depth and ETL lag from the database at each scrape', async () => {
    const depth = (samples: Sample[], status: string) => find(samples, 'dossier_mail_outbox_depth', { status })[0]?.value;
    let { samples } = await scrape();
    expect(depth(samples, 'pending')).toBe(0);
    expect(depth(samples, 'sending')).toBe(0);

    const mail = { kind: 'report' as const, to: ['ops@example.com'], subject: 'Metrics test', text: 'body' };
    const ids = [
      await enqueueMail(db.db, mail),
      await enqueueMail(db.db, mail),
      await enqueueMail(db.db, mail),
      await enqueueMail(db.db, mail),
    ];
    await db.db
      .updateTable('email_outbox')
      .set({ status: 'sending' })
      .where('id', '=', ids[0] ?? 0)
      .execute();
    await db.db
      .updateTable('email_outbox')
      .set({ status: 'sent', sent_at: new Date() })
      .where('id', '=', ids[1] ?? 0)
      .execute();
    await db.db
      .insertInto('etl_jobs')
      .values([{ name: 'business_rollup', last_successful_run_at: sql<Date>`now() - interval '1 hour'` }, { name: 'metrics_never_ran' }])
      .onConflict((oc) => oc.column('name').doUpdateSet({ last_successful_run_at: sql<Date>`excluded.last_successful_run_at` }))
      .execute();

    ({ samples } = await scrape());
    expect(depth(samples, 'pending')).toBe(2);
    expect(depth(samples, 'sending')).toBe(1);
    const lag = find(samples, 'dossier_etl_lag_seconds', { job: 'business_rollup' })[0]?.value;
    expect(lag).toBeGreaterThanOrEqual(3600);
    expect(lag).toBeLessThan(3660);
    expect(find(samples, 'dossier_etl_lag_seconds', { job: 'metrics_never_ran' })[0]?.value, 'a job that never succeeded').toBe(Infinity);

    await db.db
      .updateTable('etl_jobs')
      .set({ last_successful_run_at: sql<Date>`now()` })
      .where('name', '=', 'business_rollup')
      .execute();
    await db.db.updateTable('email_outbox').set({ status: 'sent', sent_at: new Date() }).execute();
    ({ samples } = await scrape());
    expect(find(samples, 'dossier_etl_lag_seconds', { job: 'business_rollup' })[0]?.value).toBeLessThan(60);
    expect(depth(samples, 'pending')).toBe(0);
    expect(depth(samples, 'sending')).toBe(0);
  });

  it('reports pool connections on PostgreSQL, Node process metrics always', async () => {
    const { samples } = await scrape();
    if (db.dialect === 'postgres') {
      expect(find(samples, 'dossier_db_pool_connections', { pool: 'primary' })[0]?.value).toBeGreaterThanOrEqual(1);
      expect(find(samples, 'dossier_db_pool_idle_connections', { pool: 'primary' })).toHaveLength(1);
      expect(find(samples, 'dossier_db_pool_waiting_queries', { pool: 'primary' })).toHaveLength(1);
    } else {
      // PGlite has one connection and no pool: nothing to report.
      expect(find(samples, 'dossier_db_pool_connections', {})).toEqual([]);
    }
    expect(
      find(samples, 'process_resident_memory_bytes', {}).length + find(samples, 'nodejs_heap_size_used_bytes', {}).length,
    ).toBeGreaterThan(0);
    expect(find(samples, 'nodejs_eventloop_lag_p99_seconds', {})).toHaveLength(1);
  });

  it('answers loopback callers only when no token is configured', async () => {
    const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) expect((await get(address)).statusCode, address).toBe(200);
    for (const [address, headers] of [
      ['10.0.0.7', {}],
      ['203.0.113.9', {}],
      ['::ffff:10.0.0.7', {}],
      // A forged X-Forwarded-For does not make a remote caller local (trustProxy would take it as request.ip).
      ['203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }],
      // A reverse proxy on this host connects over loopback, but the request came from outside.
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }],
      ['127.0.0.1', { forwarded: 'for=203.0.113.9' }],
    ] as const) {
      const res = await get(address, headers);
      expect(res.statusCode, `${address} ${JSON.stringify(headers)}`).toBe(403);
      expect(res.json<{ error: string }>().error).toMatch(/loopback.*METRICS_TOKEN/);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('requires the bearer token, from anywhere, when one is configured', async () => {
    const get = (headers: Record<string, string>, remoteAddress = '203.0.113.9') =>
      tokenApp.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    const ok = await get({ authorization: `Bearer ${TOKEN}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_request_duration_seconds');
    expect((await get({ authorization: `bearer ${TOKEN}` })).statusCode, 'the scheme is case-insensitive').toBe(200);
    for (const headers of [
      {} as Record<string, string>,
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: 'Bearer ' },
      { authorization: `Token ${TOKEN}` },
      { authorization: TOKEN },
    ]) {
      const res = await get(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json<{ error: string }>().error).toMatch(/bearer token/);
    }
    expect((await get({}, '127.0.0.1')).statusCode, 'with a token configured, loopback needs it too').toBe(401);
  });

  it('refuses a METRICS_TOKEN too short to be a secret', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });
});
