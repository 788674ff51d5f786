import type { ReportResponse } from '@dossier/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportsTestApp, demoToken, type ReportsTestContext } from '../../../test/reports-fixture';
import { openReportingDb, QUERY_CANCELED } from '../../platform/reporting-db';
import { HeavyReportGate, REFUSAL_DELAY_MS } from './heavy-gate';

const YEAR = 'start_date=2026-06-15&end_date=2027-06-14';

/** One user cannot overload the server through a policy list: paged on the server, capped, bounded, timed out. */
describe('report overload guards', () => {
  let ctx: ReportsTestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createReportsTestApp(0.01);
    token = await demoToken(ctx.app, 'demo.head');
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } });

  it('pages renewal dues on the server: a page holds page_size rows of the independent order, with the total', async () => {
    const independent = await sql<{ policy_no: string }>`
      select policy_no from policies where status = 'success' and policy_no is not null
        and expiry_date between '2026-06-15'::date and '2027-06-14'::date
      order by expiry_date, policy_no, id`.execute(ctx.db.db);
    const all = independent.rows.map((r) => r.policy_no);
    expect(all.length).toBeGreaterThan(40);
    const first = (await get(`/api/reports/38/?${YEAR}&page_size=20`)).json<ReportResponse>();
    expect(first.paging).toEqual({
      page: 1,
      page_size: 20,
      total_rows: all.length,
      total_pages: Math.ceil(all.length / 20),
      sortable: ['Policy No', 'Product', 'Customer', 'Partner Code', 'Expiry Date', 'Total Premium'],
    });
    expect(first.data.data.records.map((r) => r['Policy No'])).toEqual(all.slice(0, 20));
    const second = (await get(`/api/reports/38/?${YEAR}&page_size=20&page=2`)).json<ReportResponse>();
    expect(second.data.data.records.map((r) => r['Policy No'])).toEqual(all.slice(20, 40));
    // Without paging parameters: the first 100 rows, never the whole list.
    const plain = (await get(`/api/reports/38/?${YEAR}`)).json<ReportResponse>();
    expect(plain.data.data.records.map((r) => r['Policy No'])).toEqual(all.slice(0, 100));
    expect(plain.paging?.page_size).toBe(100);
    // A page past the end shows the last page.
    const last = Math.ceil(all.length / 20);
    const beyond = (await get(`/api/reports/38/?${YEAR}&page_size=20&page=${last + 5}`)).json<ReportResponse>();
    expect(beyond.paging?.page).toBe(last);
    expect(beyond.data.data.records.map((r) => r['Policy No'])).toEqual(all.slice((last - 1) * 20));
  });

  it('sorts and searches a policy list on the server, over every row, not the page shown', async () => {
    const all: ReportResponse['data']['data']['records'] = [];
    for (let page = 1; ; page++) {
      const answer = (await get(`/api/reports/38/?${YEAR}&page_size=100&page=${page}`)).json<ReportResponse>();
      all.push(...answer.data.data.records);
      if (page >= (answer.paging?.total_pages ?? 0)) break;
    }
    expect(all.length).toBeGreaterThan(40);
    // Premium, highest first; ties keep the list's own order (expiry, policy number).
    const byPremium = [...all].sort((a, b) => Number(b['Total Premium']) - Number(a['Total Premium']));
    const sorted = (await get(`/api/reports/38/?${YEAR}&page_size=20&page=2&sort=Total%20Premium&order=desc`)).json<ReportResponse>();
    expect(sorted.paging?.total_rows).toBe(all.length);
    expect(sorted.data.data.records.map((r) => r['Policy No'])).toEqual(byPremium.slice(20, 40).map((r) => r['Policy No']));
    const byExpiry = [...all].sort((a, b) => String(b['Expiry Date']).localeCompare(String(a['Expiry Date'])));
    const latest = (await get(`/api/reports/38/?${YEAR}&page_size=10&sort=Expiry%20Date&order=desc`)).json<ReportResponse>();
    expect(latest.data.data.records.map((r) => r['Policy No'])).toEqual(byExpiry.slice(0, 10).map((r) => r['Policy No']));

    // Search: trimmed and case-insensitive over the shown columns; the count and pages follow it.
    const word = (String(all[0]?.Customer).split(' ')[0] ?? '').slice(0, 4);
    const matching = all.filter((r) =>
      ['Policy No', 'Product', 'Customer', 'Partner Code', 'Expiry Date'].some((c) =>
        String(r[c] ?? '')
          .toLowerCase()
          .includes(word.toLowerCase()),
      ),
    );
    const found = (
      await get(`/api/reports/38/?${YEAR}&page_size=100&search=${encodeURIComponent(`  ${word.toUpperCase()} `)}`)
    ).json<ReportResponse>();
    expect(found.paging?.total_rows).toBe(matching.length);
    expect(found.data.data.records.map((r) => r['Policy No'])).toEqual(matching.slice(0, 100).map((r) => r['Policy No']));
    // LIKE's wildcards are searched as themselves.
    const wildcard = (await get(`/api/reports/38/?${YEAR}&search=%25`)).json<ReportResponse>();
    expect(wildcard.paging?.total_rows).toBe(0);
    expect(wildcard.data.data.records).toEqual([]);

    const unknown = await get(`/api/reports/38/?${YEAR}&sort=Renewal%20Link`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error:
        "Renewal dues cannot be sorted by 'Renewal Link'. Sortable: Policy No, Product, Customer, Partner Code, Expiry Date, Total Premium",
    });
  });

  it('refuses page sizes other than the table’s, and renewal-dues ranges over 366 days', async () => {
    const size = await get(`/api/reports/38/?${YEAR}&page_size=7`);
    expect(size.statusCode).toBe(400);
    expect(size.json<{ error: string }>().error).toBe('Page size must be one of 10, 20, 50, 100');
    const long = await get('/api/reports/38/?start_date=2025-06-15&end_date=2027-06-14');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: 'Renewal dues can span at most 366 days: choose a shorter range.' });
  });

  it('bounds heavy reports per session (429) and in all (a short wait, first come first served, then 429)', async () => {
    const gate = new HeavyReportGate({ perUser: 2, total: 3, waitMs: 200, refusalDelayMs: 0 });
    const releases: (() => void)[] = [];
    const hold = () => new Promise<void>((resolve) => releases.push(resolve));
    const order: string[] = [];
    const a1 = gate.run(1, hold);
    const a2 = gate.run(1, hold);
    await expect(gate.run(1, hold)).rejects.toMatchObject({
      statusCode: 429,
      message: 'You already have 2 large reports loading. Wait for them to finish, then try again.',
      headers: { 'retry-after': '5' },
    });
    const b1 = gate.run(2, hold);
    // All three places are taken: the next requests wait, and run in the order they came.
    const log = (name: string) => () => {
      order.push(name);
      return hold();
    };
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const d1 = gate.run(4, log('d1'));
    const c1 = gate.run(3, log('c1'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    releases.shift()?.();
    await until(() => order.length === 1);
    releases.shift()?.();
    await until(() => order.length === 2);
    expect(order).toEqual(['d1', 'c1']);
    // Nobody gives a place back within the wait: refused.
    const started = performance.now();
    await expect(gate.run(6, hold)).rejects.toMatchObject({
      statusCode: 429,
      message: 'The server is busy preparing large reports. Try again in a few seconds.',
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    // A wait given up (the caller went away) leaves the queue, and its place goes to the next in line.
    const gone = new AbortController();
    const abandoned = gate.enter(7, gone.signal);
    const f1 = gate.run(8, log('f1'));
    gone.abort();
    await expect(abandoned).rejects.toMatchObject({ statusCode: 429 });
    // A caller already gone by the time all places are taken does not wait at all.
    const before = performance.now();
    await expect(gate.enter(9, AbortSignal.abort())).rejects.toMatchObject({ statusCode: 429 });
    expect(performance.now() - before).toBeLessThan(150);
    releases.shift()?.();
    await until(() => order.length === 3);
    expect(order).toEqual(['d1', 'c1', 'f1']);
    releases.forEach((r) => r());
    await Promise.all([a1, a2, b1, c1, d1, f1]);
    // Finished work frees its places, failures included.
    await expect(gate.run(1, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(1, async () => 'ok')).resolves.toBe('ok');
    await expect(Promise.all([1, 2, 3].map((u) => gate.run(u, async () => u)))).resolves.toEqual([1, 2, 3]);
  });

  it('refuses a third heavy report of one session, before its sign-in is even checked, after a pause', async () => {
    const timed = async () => {
      const started = performance.now();
      const res = await get(`/api/reports/38/?${YEAR}&page_size=10`);
      return { res, ms: performance.now() - started };
    };
    const runs = await Promise.all(Array.from({ length: 3 }, timed));
    const answers = runs.map((r) => r.res);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429]);
    // A caller that keeps asking while refused is slowed to about one request a second.
    expect(runs.find((r) => r.res.statusCode === 429)?.ms).toBeGreaterThanOrEqual(REFUSAL_DELAY_MS);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused?.json()).toEqual({
      error: 'You already have 2 large reports loading. Wait for them to finish, then try again.',
      detail: { retry_after_seconds: 5 },
    });
    // Places are given back: the next request runs.
    expect((await get(`/api/reports/38/?${YEAR}&page_size=10`)).statusCode).toBe(200);
  });

  it("does not bound the executive report of one partner: its rows are one partner's, a page at a time", async () => {
    const busiest = await sql<{ unique_code: string; n: number }>`
      select pa.unique_code, count(*)::int as n from policies p join partners pa on pa.id = p.partner_id
      where p.status = 'success' group by pa.unique_code order by n desc, pa.unique_code limit 1`.execute(ctx.db.db);
    const code = busiest.rows[0]?.unique_code ?? '';
    const answers = await Promise.all(
      [1, 2, 3, 4].map((page) =>
        get(`/api/reports/37/?account_id=${code}&start_date=2025-01-01&end_date=2027-06-14&page_size=10&page=${page}`),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers[0]?.json<ReportResponse>().paging?.total_rows).toBeGreaterThan(0);
  });

  it('runs report queries on connections that cancel a statement past REPORT_STATEMENT_TIMEOUT_MS, without parallel plans (PostgreSQL)', async () => {
    const url = process.env.DATABASE_URL;
    const reporting = await openReportingDb({ DATABASE_URL: url, REPORTING_DATABASE_URL: undefined, REPORT_STATEMENT_TIMEOUT_MS: 300 });
    if (!url) {
      // PGlite runs in this process on one connection and cannot interrupt itself: reports share it.
      expect(reporting).toBeUndefined();
      return;
    }
    if (!reporting) throw new Error('no reporting database on PostgreSQL');
    try {
      const seen = await sql<{ t: string; workers: string }>`select current_setting('statement_timeout') as t,
        current_setting('max_parallel_workers_per_gather') as workers`.execute(reporting.db);
      expect(seen.rows[0]).toEqual({ t: '300ms', workers: '0' });
      await expect(sql`select pg_sleep(2)`.execute(reporting.db)).rejects.toMatchObject({ code: QUERY_CANCELED });
      // A statement within the limit answers.
      expect((await sql<{ one: number }>`select 1 as one`.execute(reporting.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await reporting.db.destroy();
    }
  });
});
