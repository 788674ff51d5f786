import { parseString } from '@fast-csv/parse';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { runBusinessEtl } from '../src/modules/etl/business-etl';
import type { RouteListEntry } from '../src/platform/route-list';
import { FUZZ_RUNS, FUZZ_SEED } from './bad-input/budget';
import { FORMULA_CUSTOMERS, FORMULA_PARTNER, insertFormulaNamedBusiness } from './bad-input/hostile-rows';
import { requestsFor, type FuzzRequest } from './bad-input/requests';
import { churnRows, tableDigests, watchWrites, writeMark, writesSince } from './bad-input/writes';
import { logCapture } from './log-capture';
import { createReportsTestApp, demoToken, type ReportsTestContext } from './reports-fixture';

/**
 * Thousands of malformed and hostile requests, derived from every route's own schemas: wrong
 * types, huge strings and lists, unicode, SQL and HTML payloads, missing and extra fields, bad path
 * parameters, query strings and bodies. The server never answers 5xx, and a request it refuses
 * changes no row (a row trigger logs every committed write; an md5 of each table double-checks).
 */

function parseCsv(text: string): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    parseString<string[], string[]>(text.replace(/^\uFEFF/, ''))
      .on('data', (r: string[]) => rows.push(r))
      .on('error', reject)
      .on('end', () => resolve(rows));
  });
}

/** Every cell of the first sheet: its text, and whether the file stores it as a formula. */
async function xlsxCells(content: Buffer): Promise<{ text: string; formula: boolean }[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
  const cells: { text: string; formula: boolean }[] = [];
  workbook.worksheets[0]?.eachRow((row) =>
    row.eachCell((cell) => cells.push({ text: cell.text, formula: cell.type === ExcelJS.ValueType.Formula })),
  );
  return cells;
}

const CONTENT_TYPES: Record<FuzzRequest['encoding'], string | undefined> = {
  json: 'application/json',
  'raw-json': 'application/json',
  text: 'text/plain',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data; boundary=x',
  none: undefined,
};

describe('bad input', () => {
  let ctx: ReportsTestContext;
  const tokens = new Map<string, string>();
  const statuses = new Map<number, number>();
  /** Tables written by requests the server accepted (2xx/3xx): only those may differ at the end. */
  const acceptedWrites = new Set<string>();
  let sent = 0;

  beforeAll(async () => {
    ctx = await createReportsTestApp(0.01);
    tokens.set('rm', await demoToken(ctx.app, 'demo.rm'));
    tokens.set('trm', await demoToken(ctx.app, 'demo.trm'));
    // Signing keys are created on first use, by a refused request as well: create them now.
    const future = Math.floor(Date.now() / 1000) + 3600;
    await ctx.app.inject({ method: 'GET', url: `/services/communication/api/v1/recordings/1/?expires=${future}&signature=x` });
    await ctx.app.inject({ method: 'GET', url: `/api/v2/renewal_notice/1/document/?expires=${future}&signature=${'x'.repeat(20)}` });
    await watchWrites(ctx.db.db);
  });

  afterAll(async () => {
    const histogram = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(`bad input: ${sent} requests (FUZZ_RUNS=${FUZZ_RUNS}, FUZZ_SEED=${FUZZ_SEED}); statuses ${histogram}`);
    await ctx.close();
  });

  /** The session a request is sent with; signing out ends it, so each sign-out gets a session of its own. */
  async function sessionFor(route: RouteListEntry, req: FuzzRequest): Promise<string | undefined> {
    if (req.identity === 'none') return undefined;
    return route.url.endsWith('/logout/') ? demoToken(ctx.app, `demo.${req.identity}`) : tokens.get(req.identity);
  }

  /**
   * 'Sign out everywhere' ends every session of its user, the shared one too: after it the user signs in
   * again, or every later request of theirs would only meet 401.
   */
  async function renewAfter(route: RouteListEntry, req: FuzzRequest): Promise<void> {
    if (req.identity !== 'none' && route.url.endsWith('/sessions/revoke/'))
      tokens.set(req.identity, await demoToken(ctx.app, `demo.${req.identity}`));
  }

  function send(req: FuzzRequest, token: string | undefined): Promise<LightMyRequestResponse> {
    const contentType = CONTENT_TYPES[req.encoding];
    sent++;
    return ctx.app.inject({
      method: req.method as 'GET',
      url: req.url,
      headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...(contentType ? { 'content-type': contentType } : {}) },
      ...(req.body === undefined ? {} : { payload: req.body }),
    });
  }

  it(
    'never answers 5xx to malformed or hostile requests, and a refused request changes no row',
    async () => {
      const before = await tableDigests(ctx.db.db);
      const routes = ctx.app.routeList.filter((r) => r.method !== 'HEAD');
      const runs = Math.max(1, Math.ceil(FUZZ_RUNS / routes.length));
      for (const route of routes) {
        await fc.assert(
          fc.asyncProperty(requestsFor(route), async (req) => {
            const token = await sessionFor(route, req);
            const mark = await writeMark(ctx.db.db);
            // Refusals without a session write no row at all, churn tables included (only failed
            // sign-ins are counted, in rows bounded by the sign-in limits).
            const anonymous = !token && !route.url.endsWith('/login/');
            const churnBefore = anonymous ? await churnRows(ctx.db.db) : 0;
            const res = await send(req, token);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            expect(res.statusCode, `${req.label}\n→ ${res.body.slice(0, 300)}`).toBeLessThan(500);
            const writes = (await writeMark(ctx.db.db)) === mark ? [] : await writesSince(ctx.db.db, mark);
            if (res.statusCode >= 400) {
              expect(writes, `refused with ${res.statusCode} but wrote: ${req.label}`).toEqual([]);
              if (anonymous) expect(await churnRows(ctx.db.db), `anonymous refusal wrote a row: ${req.label}`).toBe(churnBefore);
              if (String(res.headers['content-type']).startsWith('application/json') && req.method !== 'HEAD') {
                expect(typeof res.json<{ error?: unknown }>().error, `error body of ${req.label}`).toBe('string');
              }
            }
            for (const w of writes) acceptedWrites.add(w.split(' ')[0] ?? '');
            await renewAfter(route, req);
          }),
          { numRuns: runs, seed: FUZZ_SEED, endOnFailure: true },
        );
      }
      // The shared sessions lived through the run, so the signed-in requests were judged as signed in.
      for (const [identity, token] of tokens) {
        const me = await ctx.app.inject({ method: 'GET', url: '/accounts/api/v1/me/', headers: { authorization: `Token ${token}` } });
        expect(me.statusCode, `the ${identity} session was ended by the run`).toBe(200);
      }
      const after = await tableDigests(ctx.db.db);
      const changed = [...before].filter(([table, digest]) => after.get(table) !== digest).map(([table]) => table);
      expect(
        changed.filter((t) => !acceptedWrites.has(t)),
        'tables changed though no accepted request wrote them',
      ).toEqual([]);
    },
    30 * 60_000,
  );

  it('escapes partner and customer names that look like formulas in CSV and XLSX downloads', async () => {
    const rm = await ctx.db.db.selectFrom('users').select('employee_id').where('login', '=', 'demo.rm').executeTakeFirstOrThrow();
    const { partnerCode } = await insertFormulaNamedBusiness(ctx.db.db, rm.employee_id, '2026-06-10');
    await runBusinessEtl(ctx.db.db);
    const range = 'start_date=2026-06-01&end_date=2026-06-15';
    // A fresh session: the fuzzer may have signed the earlier one out (sign-out and 'Sign out everywhere' accept its requests).
    const headers = { authorization: `Token ${await demoToken(ctx.app, 'demo.rm')}` };
    const download = async (id: number, account: string, format: 'csv' | 'xlsx') => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/reports/${id}/download/?format=${format}&${range}&account_id=${account}`,
        headers,
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      sent++;
      return res;
    };
    // The executive report of the partner lists the customers; the RM's team report lists the partner.
    const expected = [
      { id: 37, account: partnerCode, names: FORMULA_CUSTOMERS },
      { id: 11, account: 'RM00001', names: [FORMULA_PARTNER] },
    ];
    for (const { id, account, names } of expected) {
      const csv = (await parseCsv((await download(id, account, 'csv')).body)).flat();
      const xlsx = await xlsxCells((await download(id, account, 'xlsx')).rawPayload);
      expect(
        xlsx.filter((c) => c.formula),
        'no cell is stored as a formula',
      ).toEqual([]);
      for (const name of names) {
        expect(csv, `CSV of report ${id}`).toContain(`'${name}`);
        expect(csv).not.toContain(name);
        // XLSX cells are typed strings: never formulas (checked above), and no apostrophe to show in Excel.
        expect(
          xlsx.map((c) => c.text),
          `XLSX of report ${id}`,
        ).toContain(name);
        expect(xlsx.map((c) => c.text)).not.toContain(`'${name}`);
      }
    }
  });

  it('keeps every log entry on one line: input cannot forge log lines', async () => {
    const log = logCapture('info');
    const app = await buildApp({
      config: loadConfig({ WEB_DIST: '/nonexistent' }),
      db: ctx.db.db,
      logger: log.logger,
    });
    await app.ready();
    try {
      const forged = '{"level":60,"time":1,"msg":"forged entry","hostname":"x"}';
      const username = `mallory\n${forged}\u2028\r\n{"level":60,"msg":"forged entry"}`;
      const login = await app.inject({ method: 'POST', url: '/accounts/api/v1/login/', payload: { username, password: 'wrong' } });
      expect(login.statusCode).toBe(401);
      await app.inject({ method: 'GET', url: `/healthz?next=${encodeURIComponent(`\n${forged}`)}` });
      await app
        .inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-for': `10.0.0.1\r\n${forged}`, 'user-agent': `ua\n${forged}` } })
        .catch(() => undefined);
      sent += 3;
      const entries = log.entries();
      expect(entries.filter((e) => e.msg === 'forged entry' || e.level === 60)).toEqual([]);
      // The username is in exactly one entry, as one escaped JSON string.
      const refused = entries.filter((e) => e.login === username);
      expect(refused).toHaveLength(1);
      expect(refused[0]?.msg).toBe('sign-in refused');
    } finally {
      await app.close();
    }
  });
});
