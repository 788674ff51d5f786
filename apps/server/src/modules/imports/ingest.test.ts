import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, signIn, type TestContext } from '../../../test/app';
import { createApiKey, revokeApiKey } from './api-keys';

const EMPLOYEES_CSV = [
  'unique_code,name,email,phone,emp_role,designation,manager_code,zone,pincode,active',
  'AP1,Api Head,api1@example.com,9876511111,head,national_head,,North,110001,true',
  'AP2,Api Rm,api2@example.com,9876511112,rm,rm,AP1,West,400001,true',
].join('\n');

let ctx: TestContext;
let key: string;

beforeAll(async () => {
  ctx = await createTestApp({ INGEST_MAX_BYTES: '4096' });
  key = await createApiKey(ctx.db.db, 'erp', ['employees', 'customers']);
});
afterAll(async () => ctx.close());

const ingest = (entity: string, body: string, headers: Record<string, string>, query = '') =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/ingest/${entity}${query}`, payload: body, headers });

describe('POST /api/v1/ingest/{entity}', () => {
  it('imports CSV with an API key and answers the report; the same body again changes nothing', async () => {
    const first = await ingest('employees', EMPLOYEES_CSV, { authorization: `Bearer ${key}`, 'content-type': 'text/csv' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ received: 2, inserted: 2, updated: 0, unchanged: 0, rejected: 0, applied: true, errors: [] });
    const again = await ingest('employees', EMPLOYEES_CSV, { authorization: `Bearer ${key}`, 'content-type': 'text/csv; charset=utf-8' });
    expect(again.json()).toMatchObject({ received: 2, inserted: 0, updated: 0, unchanged: 2, applied: true });
    const run = await ctx.db.db.selectFrom('import_runs').select(['source', 'actor', 'inserted']).orderBy('id', 'desc').limit(2).execute();
    expect(run).toEqual([
      { source: 'api', actor: 'erp', inserted: 0 },
      { source: 'api', actor: 'erp', inserted: 2 },
    ]);
  });

  it('imports NDJSON, and refuses a batch with a bad row unless partial=true', async () => {
    const body = [
      JSON.stringify({ customer_code: 'C-A', name: 'Meera', phone: '9876522222', email: 'meera@example.com', pincode: '110001' }),
      JSON.stringify({ customer_code: 'C-B', name: 'Kabir', phone: '9876522223', email: 'kabir@example.com', pincode: '1100' }),
    ].join('\n');
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' };
    const refused = await ingest('customers', body, headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      received: 2,
      inserted: 0,
      rejected: 1,
      applied: false,
      errors: [{ line: 2, field: 'pincode', message: 'pincode is not a 6-digit pincode' }],
    });
    expect(await ctx.db.db.selectFrom('customers').select('id').where('customer_code', 'in', ['C-A', 'C-B']).execute()).toEqual([]);
    const partial = await ingest('customers', body, headers, '?partial=true');
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({ received: 2, inserted: 1, rejected: 1, applied: true });
  });

  it('refuses a body over the size limit with 413 and applies none of it', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => `BIG${i},Big ${i},big${i}@example.com,9876533333,rm,rm,,North,110001,true`);
    const res = await ingest('employees', [EMPLOYEES_CSV.split('\n')[0], ...rows].join('\n'), {
      authorization: `Bearer ${key}`,
      'content-type': 'text/csv',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: string }>().error).toBe(
      'The body is larger than the ingestion limit of 4 KB: nothing was imported; send the rows in smaller batches',
    );
    expect(await ctx.db.db.selectFrom('employees').select('id').where('unique_code', 'like', 'BIG%').execute()).toEqual([]);
  });

  it('refuses other body types with 415', async () => {
    const res = await ingest('employees', '{}', { authorization: `Bearer ${key}`, 'content-type': 'application/json' });
    expect(res.statusCode).toBe(415);
    expect(res.json<{ error: string }>().error).toBe(
      'Send the rows as text/csv (with a header line) or application/x-ndjson (one JSON object per line)',
    );
  });
});

describe('ingestion access', () => {
  it('a session token cannot ingest, in either scheme', async () => {
    const token = await signIn(ctx.app, 'rm');
    for (const authorization of [`Token ${token}`, `Bearer ${token}`]) {
      const res = await ingest('employees', EMPLOYEES_CSV, { authorization, 'content-type': 'text/csv' });
      expect(res.statusCode).toBe(401);
    }
    // …while it still reads what it may.
    const menu = await ctx.app.inject({ method: 'GET', url: '/api/etl_jobs/', headers: authHeader(token) });
    expect(menu.statusCode).toBe(200);
  });

  it('an API key cannot read: reports, ETL, the menu and the account answer 401', async () => {
    for (const url of ['/api/etl_jobs/', '/api/reports/13/', '/api/side_menu/', '/accounts/api/v1/me/']) {
      for (const authorization of [`Bearer ${key}`, `Token ${key}`]) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization } });
        expect([url, res.statusCode]).toEqual([url, 401]);
      }
    }
  });

  it('a revoked key is refused at once', async () => {
    const other = await createApiKey(ctx.db.db, 'crm', ['employees']);
    const headers = { authorization: `Bearer ${other}`, 'content-type': 'text/csv' };
    expect((await ingest('employees', EMPLOYEES_CSV, headers)).statusCode).toBe(200);
    await revokeApiKey(ctx.db.db, 'crm');
    const res = await ingest('employees', EMPLOYEES_CSV, headers);
    expect(res.statusCode).toBe(401);
    expect(res.json<{ error: string }>().error).toBe('This API key is not valid or has been revoked');
  });

  it('stores keys only as hashes', async () => {
    const rows = await ctx.db.db.selectFrom('api_keys').select(['name', 'key_hash']).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.some((r) => r.key_hash.includes(key.slice(4, 20)))).toBe(false);
  });
});
