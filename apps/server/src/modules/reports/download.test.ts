import type { ReportResponse } from '@dossier/shared';
import { sql } from 'kysely';
import { once } from 'node:events';
import { get, type IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersWithin } from '../../../test/answers-within';
import { createReportsTestApp, demoToken, TODAY, type ReportsTestContext } from '../../../test/reports-fixture';
import { loadConfig } from '../../config';
import { csvStream } from '../../platform/files/csv';
import type { Row } from '../../platform/files/escape';
import { xlsxBuffer } from '../../platform/files/xlsx';
import type { Viewer } from '../../platform/viewer';
import { AuthService } from '../auth/service';
import { ReportDelivery } from './delivery';
import { exportColumns, type ReportExport } from './export';
import { ReportService } from './service';
import { xlsxRows } from '../../../test/xlsx';

// Small enough that every download below crosses many batch borders, ties on the order's first column included.
const BATCH = 7;
const YEAR = { start_date: TODAY, end_date: '2027-06-14' };
const THREE_YEARS = { start_date: '2024-06-16', end_date: '2027-06-14' };
const EXEC_RANGE = { start_date: '2024-06-16', end_date: TODAY };
// About 2,000 renewal dues: the CSV is several of the writer's 64 kB chunks.

async function bytesOf(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** The CSV the in-memory table would give: the same writer over the report's records. */
async function expectedCsv(report: ReportResponse): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of csvStream(exportColumns(report.data.data.column_defs), report.data.data.records)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** Counts the batches a download reads and whether it closed their source. */
class WatchedReports extends ReportService {
  read = 0;
  closed = 0;

  override async export(...args: Parameters<ReportService['export']>): Promise<ReportExport> {
    const report = await super.export(...args);
    const source = report.batches;
    const watch = async function* (this: WatchedReports): AsyncGenerator<Row[]> {
      try {
        for await (const batch of source) {
          this.read++;
          yield batch;
        }
      } finally {
        this.closed++;
      }
    };
    return { ...report, batches: watch.call(this) };
  }
}

describe('report downloads stream in batches', () => {
  let ctx: ReportsTestContext;
  let token: string;
  let viewer: Viewer;
  let service: ReportService;
  let delivery: ReportDelivery;
  let partnerCode: string;

  /** Every page of a server-paged report as one answer: what the table shows page by page. */
  async function wholeReport(id: number, params: Parameters<ReportService['report']>[2]): Promise<ReportResponse> {
    const first = await service.report(viewer, id, { ...params, page: 1, page_size: 100 });
    const records = [...first.data.data.records];
    for (let page = 2; page <= (first.paging?.total_pages ?? 1); page++) {
      records.push(...(await service.report(viewer, id, { ...params, page, page_size: 100 })).data.data.records);
    }
    return { ...first, data: { data: { ...first.data.data, records } } };
  }

  beforeAll(async () => {
    ctx = await createReportsTestApp(0.01);
    token = await demoToken(ctx.app, 'demo.head');
    const v = await new AuthService(ctx.db.db, loadConfig({ WEB_DIST: '/nonexistent' })).authenticate(token);
    if (!v) throw new Error('no viewer');
    viewer = v;
    service = new ReportService(ctx.db.db);
    delivery = new ReportDelivery(ctx.db.db, service, 1000, 'http://localhost:3000', { batchSize: BATCH });
    const db = ctx.db.db;

    // Cells a spreadsheet would run as formulas must stay escaped on the streamed path.
    const due = await db
      .selectFrom('policies')
      .select(['id', 'customer_id', 'expiry_date', 'policy_no'])
      .where('status', '=', 'success')
      .where('policy_no', 'is not', null)
      .where('expiry_date', '>=', YEAR.start_date)
      .orderBy('expiry_date')
      .orderBy('id')
      .limit(30)
      .execute();
    const [a, b, c] = due;
    if (!a || !b || !c) throw new Error('too few renewal dues in the test data');
    await db.updateTable('customers').set({ name: '=HYPERLINK("http://evil.example","x")' }).where('id', '=', a.customer_id).execute();
    await db.updateTable('customers').set({ name: '-2+3' }).where('id', '=', b.customer_id).execute();
    // Two policies with one number and one expiry: only the id orders them, across a batch border if it falls there.
    await db.updateTable('policies').set({ policy_no: c.policy_no, expiry_date: c.expiry_date }).where('id', '=', b.id).execute();

    // The partner with most policies; several issued at the same instant, microseconds included (a JS Date would lose them).
    const top = await sql<{ partner_id: number; n: number }>`
      select partner_id, count(*)::int as n from policies
      where partner_id is not null and issued_at >= ${EXEC_RANGE.start_date}::date and issued_at < ${TODAY}::date
      group by partner_id order by n desc, partner_id limit 1`.execute(db);
    const partner = top.rows[0];
    if (!partner || partner.n < BATCH * 3) throw new Error('no partner with enough policies');
    const code = await db.selectFrom('partners').select('unique_code').where('id', '=', partner.partner_id).executeTakeFirstOrThrow();
    partnerCode = code.unique_code;
    await sql`update policies set issued_at = '2026-05-10 10:00:00.123456+05:30'
      where id in (select id from policies where partner_id = ${partner.partner_id} order by id limit ${BATCH + 3})`.execute(db);
  });
  afterAll(() => ctx.close());

  it('38 renewal dues: the streamed CSV is byte for byte the table’s rows, in the order of an independent query', async () => {
    const report = await wholeReport(38, YEAR);
    const records = report.data.data.records;
    expect(records.length).toBeGreaterThan(BATCH * 5);

    const file = await delivery.download(viewer, 38, YEAR, 'csv', '127.0.0.1');
    expect(file.fileName).toBe(`renewal-dues_${YEAR.start_date}_${YEAR.end_date}.csv`);
    const csv = await bytesOf(file.body as Readable);
    expect(csv.equals(await expectedCsv(report))).toBe(true);
    const text = csv.toString('utf8');
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(text).toContain(",'-2+3,");
    expect(text.trimEnd().split('\r\n')).toHaveLength(records.length + 1);

    const independent = await ctx.db.db
      .selectFrom('policies')
      .select('policy_no')
      .where('status', '=', 'success')
      .where('policy_no', 'is not', null)
      .where('expiry_date', '>=', YEAR.start_date)
      .where('expiry_date', '<=', YEAR.end_date)
      .orderBy('expiry_date')
      .orderBy('policy_no')
      .orderBy('id')
      .execute();
    expect(records.map((r) => r['Policy No'])).toEqual(independent.map((p) => p.policy_no));

    // Through HTTP (the app's own batch size) the bytes are the same.
    const query = new URLSearchParams({ format: 'csv', ...YEAR }).toString();
    const http = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/38/download/?${query}`,
      headers: { authorization: `Token ${token}` },
    });
    expect(http.statusCode).toBe(200);
    expect(http.headers['content-type']).toContain('text/csv');
    expect(http.rawPayload.equals(csv)).toBe(true);
  });

  it('38 renewal dues and 37 executive report: the streamed XLSX holds the table’s rows', async () => {
    for (const [id, params] of [
      [38, YEAR],
      [37, { ...EXEC_RANGE, account_id: partnerCode }],
    ] as const) {
      const report = await wholeReport(id, params);
      expect(report.data.data.records.length).toBeGreaterThan(BATCH * 3);
      const file = await delivery.download(viewer, id, params, 'xlsx', '127.0.0.1');
      const streamed = await xlsxRows(await bytesOf(file.body as Readable));
      const inMemory = await xlsxRows(
        await xlsxBuffer(exportColumns(report.data.data.column_defs), report.data.data.records, { sheetName: report.report_name }),
      );
      expect(streamed).toEqual(inMemory);
      expect(streamed).toHaveLength(report.data.data.records.length + 1);
    }
  });

  it('37 executive report: ties on the issue instant are ordered by id across batches', async () => {
    const params = { ...EXEC_RANGE, account_id: partnerCode };
    const report = await wholeReport(37, params);
    const file = await delivery.download(viewer, 37, params, 'csv', '127.0.0.1');
    expect((await bytesOf(file.body as Readable)).equals(await expectedCsv(report))).toBe(true);
    const ids = report.data.data.records.map((r) => r['Payment Id']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carries the table’s search: only the rows with the text, and 204 when none has it', async () => {
    const headers = { authorization: `Token ${token}` };
    // A policy list (37/38, read in batches) and a roll-up report (the team report, one answer).
    for (const [id, params] of [
      [38, YEAR],
      [11, YEAR],
    ] as const) {
      const whole = await wholeReport(id, params);
      const columns = exportColumns(whole.data.data.column_defs);
      const first = whole.data.data.records[0];
      const word = String(
        first?.[columns.find((c) => typeof first?.[c.key] === 'string' && String(first[c.key]).length > 3)?.key ?? ''] ?? '',
      ).slice(1, 4);
      expect(word.length, `report ${id}`).toBe(3);
      const independent = whole.data.data.records.filter((r) =>
        columns.some((c) =>
          String(r[c.key] ?? '')
            .toLowerCase()
            .includes(word.toLowerCase()),
        ),
      );
      expect(independent.length).toBeGreaterThan(0);
      const query = new URLSearchParams({ format: 'csv', ...params, search: `  ${word.toUpperCase()} ` }).toString();
      const res = await ctx.app.inject({ method: 'GET', url: `/api/reports/${id}/download/?${query}`, headers });
      expect(res.statusCode, `report ${id}`).toBe(200);
      const expected: Buffer[] = [];
      for await (const chunk of csvStream(columns, independent)) expected.push(chunk as Buffer);
      expect(res.body, `report ${id}`).toBe(Buffer.concat(expected).toString('utf8'));

      const none = new URLSearchParams({ format: 'xlsx', ...params, search: 'no row has this text' }).toString();
      const empty = await ctx.app.inject({ method: 'GET', url: `/api/reports/${id}/download/?${none}`, headers });
      expect(empty.statusCode, `report ${id}`).toBe(204);
      expect(empty.headers['x-no-data']).toBe('No Data Found !!');
    }
  });

  it('answers 204 (and refuses the mail) when the report has no rows', async () => {
    const empty = { start_date: '2000-01-01', end_date: '2000-01-31' };
    for (const format of ['csv', 'xlsx'] as const) {
      expect((await delivery.download(viewer, 38, empty, format, '127.0.0.1')).body).toBeNull();
      const query = new URLSearchParams({ format, ...empty }).toString();
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/reports/38/download/?${query}`,
        headers: { authorization: `Token ${token}` },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['x-no-data']).toBe('No Data Found !!');
    }
    await expect(delivery.mail(viewer, 38, empty, '127.0.0.1')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('mails a multi-batch report with its row count', async () => {
    const report = await wholeReport(38, YEAR);
    await delivery.mail(viewer, 38, YEAR, '127.0.0.1');
    const mail = await ctx.db.db
      .selectFrom('email_outbox')
      .select(['text_body', 'attachments'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`: ${report.data.data.records.length} rows.`);
  });

  it('a download whose reader goes away stops its query and frees the connection', async () => {
    const watched = new WatchedReports(ctx.db.db);
    const watchedDelivery = new ReportDelivery(ctx.db.db, watched, 1000, 'http://localhost:3000', { batchSize: BATCH });
    // The head's subtree is the whole organisation: every renewal due of the three years.
    const dues = await sql<{ n: number }>`
      select count(*)::int as n from policies where status = 'success' and policy_no is not null
        and expiry_date between ${THREE_YEARS.start_date}::date and ${THREE_YEARS.end_date}::date`.execute(ctx.db.db);
    const total = Math.ceil((dues.rows[0]?.n ?? 0) / BATCH);
    // More aborted downloads than the test pool (4) has connections: a leaked one would starve the rest.
    for (let i = 0; i < 6; i++) {
      const format = i % 2 === 0 ? 'csv' : 'xlsx';
      watched.read = 0;
      const file = await answersWithin(4000, watchedDelivery.download(viewer, 38, THREE_YEARS, format, '127.0.0.1'));
      const body = file.body as Readable;
      expect(await answersWithin(4000, body[Symbol.asyncIterator]().next())).toMatchObject({ done: false });
      // What Fastify does when the client disconnects mid-download.
      body.destroy();
      // The batch in flight finishes first; on a loaded machine a three-year batch query may take seconds.
      await expect.poll(() => watched.closed, { timeout: 15_000 }).toBe(i + 1);
      // Reading one chunk of CSV needs about half the rows; the rest are never read.
      if (format === 'csv') expect(watched.read).toBeLessThan(total);
    }
    const res = await answersWithin(2000, sql<{ n: number }>`select count(*)::int as n from policies`.execute(ctx.db.db));
    expect(res.rows[0]?.n).toBeGreaterThan(0);
  });

  it('a client aborting an HTTP download leaves the server answering', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const headers = { authorization: `Token ${token}` };
    for (let i = 0; i < 6; i++) {
      const query = new URLSearchParams({ format: i % 2 === 0 ? 'csv' : 'xlsx', ...YEAR }).toString();
      // A socket of its own (no keep-alive pool), closed after the first bytes like a cancelled browser download.
      const req = get({ host: '127.0.0.1', port, path: `/api/reports/38/download/?${query}`, headers, agent: false });
      const res = await answersWithin(
        4000,
        once(req, 'response').then(([r]) => r as IncomingMessage),
      );
      expect(res.statusCode).toBe(200);
      await answersWithin(4000, once(res, 'data'));
      req.destroy();
    }
    const after = await answersWithin(
      4000,
      ctx.app.inject({ method: 'GET', url: `/api/reports/38/?${new URLSearchParams(YEAR).toString()}`, headers }),
    );
    expect(after.statusCode).toBe(200);
  });
});
