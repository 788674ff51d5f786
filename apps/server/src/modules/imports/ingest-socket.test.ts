import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { freePort } from '../../../test/ports';
import { createApiKey } from './api-keys';

/**
 * The ingestion API through a real socket: a body that streams in over time, one that falls silent, one past
 * the limit. `app.inject` hands the route a small in-memory payload and cannot show any of these.
 */
describe('POST /api/v1/ingest/{entity} on a listening server', () => {
  let ctx: TestContext;
  let port: number;
  let key: string;
  beforeAll(async () => {
    ctx = await createTestApp({ REQUEST_TIMEOUT_MS: '1000', INGEST_MAX_BYTES: '65536' });
    key = await createApiKey(ctx.db.db, 'erp', ['customers']);
    port = await freePort();
    await ctx.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  /** Sends `parts` one every `gapMs` (chunked, or with a declared length) and resolves with the answer. */
  function push(parts: string[], gapMs: number, declaredLength?: number): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/v1/ingest/customers',
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'text/csv',
            ...(declaredLength === undefined ? {} : { 'content-length': String(declaredLength) }),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      let i = 0;
      const next = () => {
        if (req.destroyed) return;
        if (i < parts.length) {
          req.write(parts[i++]);
          setTimeout(next, gapMs);
        } else if (declaredLength === undefined) req.end();
      };
      next();
    });
  }

  const rows = (from: number, n: number) =>
    Array.from(
      { length: n },
      (_, k) => `S${from + k},Name ${from + k},98765${String(from + k).padStart(5, '0')},s${from + k}@example.com,110001\n`,
    );

  it('imports a body that keeps arriving for longer than REQUEST_TIMEOUT_MS', async () => {
    const parts = ['customer_code,name,phone,email,pincode\n', ...rows(1, 25)];
    const started = Date.now();
    const res = await push(parts, 100);
    expect(Date.now() - started).toBeGreaterThan(2000);
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ received: 25, inserted: 25, rejected: 0, applied: true });
  });

  it('answers 408 with a message when the body falls silent, and imports nothing', async () => {
    const before = await ctx.db.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await push(['customer_code,name,phone,email,pincode\n', ...rows(100, 3)], 50, 10_000);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toEqual({ error: 'No data arrived for 1 s: nothing was imported; send the rows again' });
    const after = await ctx.db.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers 413 as JSON to a body past the limit, declared or not, instead of resetting the connection', async () => {
    const message = 'The body is larger than the ingestion limit of 64 KB: nothing was imported; send the rows in smaller batches';
    const big = ['customer_code,name,phone,email,pincode\n', ...rows(1000, 2000)];
    const chunked = await push(big, 0);
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual({ error: message });
    const text = big.join('');
    const declared = await push([text], 0, Buffer.byteLength(text));
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({ error: message });
  });
});

describe('concurrent pushes of the same rows', () => {
  let ctx: TestContext;
  let base: string;
  let key: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    key = await createApiKey(ctx.db.db, 'erp', ['employees']);
    const port = await freePort();
    await ctx.app.listen({ port, host: '127.0.0.1' });
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => ctx.close());

  it('answers every push without a 5xx, as if they were sent one after another', async () => {
    const header = 'unique_code,name,email,phone,emp_role,designation,manager_code,zone,pincode,active';
    const lines = Array.from(
      { length: 500 },
      (_, i) => `CC${i},Concurrent ${i},cc${i}@example.com,98765${String(i).padStart(5, '0')},rm,rm,,North,110001,true`,
    );
    const body = [header, ...lines].join('\n');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        fetch(`${base}/api/v1/ingest/employees`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
          body,
        }).then(async (res) => ({
          status: res.status,
          report: (await res.json()) as { inserted: number; unchanged: number; applied: boolean },
        })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // One push inserted the 500; the five others found them unchanged.
    expect(answers.map((a) => `${a.report.inserted}/${a.report.unchanged}`).sort()).toEqual([
      '0/500',
      '0/500',
      '0/500',
      '0/500',
      '0/500',
      '500/0',
    ]);
    const stored = await ctx.db.db.selectFrom('employees').select('unique_code').where('unique_code', 'like', 'CC%').execute();
    expect(stored).toHaveLength(500);
  });
});
