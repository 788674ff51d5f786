/**
 * Bulk import: 1,000,000 policies from a CSV file into an empty PostgreSQL schema, then the same file again
 * (every row unchanged), through each way in a distributor uses for files that size:
 *   - the CLI, `dossier import policies FILE`, as a process of its own (as `npm run dossier` runs it);
 *   - the ingestion API, `POST /api/v1/ingest/policies` on the built server (`apps/server/dist/server.js`) on
 *     port 3410, the file streamed as the request body by a plain HTTP client.
 * Reports rows/s and the peak resident memory of the importing process (the CLI's, the server's). Then a
 * partner mapping history of 42,000 spans (most without valid_to, each ending where the partner's next starts).
 *
 * npm run bench:import -w @dossier/bench [-- --policies 1000000]  — runs only this part and replaces its
 * section of bench/RESULTS.md; `npm run bench` runs it with the rest.
 */
import type { ImportReport } from '@dossier/shared';
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { sql } from 'kysely';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ETL_LOCK_KEY } from '../apps/server/src/modules/etl/business-etl';
import { createApiKey } from '../apps/server/src/modules/imports/api-keys';
import { createDb, type DbHandle } from '../apps/server/src/platform/db';
import { migrate } from '../apps/server/src/platform/migrate';
import { importBacklog } from '../apps/server/src/platform/metrics/queries';
import { csvOf, importCsv } from './contract-import';
import { machineLine } from './machine';
import { writeSection } from './results-file';
import { buildServer, overBenchDatabase, startServer } from './server-process';

export const IMPORT_SECTION = '## Bulk import';
const RMS = 200;
const PARTNERS = 5000;
const CUSTOMERS = 100_000;
const MAPPING_SPANS = 42_000;
/** The port of the server the API is measured on. */
const PORT = 3410;
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** The organisation the policies refer to: a head, RMs, partners mapped to them, customers. */
async function loadOrganisation(handle: DbHandle): Promise<void> {
  const employees = function* () {
    yield ['HEAD', 'Head', 'head@bench.in', '9800000000', 'head', 'national_head', '', 'North', '110001', 'true'];
    for (let i = 1; i <= RMS; i++)
      yield [`RM${pad(i, 4)}`, `Rm ${i}`, `rm${i}@bench.in`, '9800000001', 'rm', 'rm', 'HEAD', 'West', '400001', 'true'];
  };
  await importCsv(
    handle,
    'employees',
    csvOf(['unique_code', 'name', 'email', 'phone', 'emp_role', 'designation', 'manager_code', 'zone', 'pincode', 'active'], employees()),
  );
  const partners = function* () {
    for (let i = 1; i <= PARTNERS; i++)
      yield [
        `B${pad(i, 5)}EI`,
        `BPOS${pad(i, 5)}`,
        `Partner ${i}`,
        '9811111111',
        `p${i}@bench.in`,
        '400001',
        'Maharashtra',
        'true',
        'true',
        '2024-01-01',
      ];
  };
  await importCsv(
    handle,
    'partners',
    csvOf(
      ['unique_code', 'pos_code', 'name', 'phone', 'email', 'pincode', 'state', 'li_pos_status', 'gi_pos_status', 'registered_at'],
      partners(),
    ),
  );
  const mappings = function* () {
    for (let i = 1; i <= PARTNERS; i++) yield [`B${pad(i, 5)}EI`, `RM${pad(1 + (i % RMS), 4)}`, '2', '2024-01-01', ''];
  };
  await importCsv(
    handle,
    'partner_mappings',
    csvOf(['partner_code', 'manager_code', 'reporting_type', 'valid_from', 'valid_to'], mappings()),
  );
  const customers = function* () {
    for (let i = 1; i <= CUSTOMERS; i++) yield [`BC${pad(i, 6)}`, `Customer ${i}`, '9822222222', `c${i}@bench.in`, '400001'];
  };
  await importCsv(handle, 'customers', csvOf(['customer_code', 'name', 'phone', 'email', 'pincode'], customers()));
}

const POLICY_HEADER = [
  'proposal_no',
  'policy_no',
  'partner_code',
  'employee_code',
  'customer_code',
  'product_type_id',
  'insurer',
  'state',
  'business_type',
  'channel',
  'status',
  'paid_amount',
  'weightage_premium',
  'loan_amount',
  'payment_id',
  'issued_at',
];
const INSURERS = ['HDFC ERGO', 'ICICI Lombard', 'Star Health', 'Digit', 'TATA AIG'];
const STATES = ['Maharashtra', 'Delhi', 'Karnataka', 'Tamil Nadu', 'Gujarat'];
const PRODUCTS = [9, 10, 12, 25, 29, 30];
const STATUSES = ['success', 'success', 'success', 'pending', 'cancelled'];

/** Writes the policies file: four in five sold by a partner (credited through the mapping), one direct. */
async function writePolicies(path: string, count: number): Promise<void> {
  const out = createWriteStream(path);
  const write = (line: string) => (out.write(line) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write(`${POLICY_HEADER.join(',')}\n`);
  for (let i = 1; i <= count; i++) {
    const direct = i % 5 === 0;
    const day = 1 + (i % 28);
    const month = 1 + (i % 12);
    const row = [
      `BP${pad(i, 8)}`,
      `BPOL${pad(i, 8)}`,
      direct ? '' : `B${pad(1 + (i % PARTNERS), 5)}EI`,
      direct ? `RM${pad(1 + (i % RMS), 4)}` : '',
      `BC${pad(1 + (i % CUSTOMERS), 6)}`,
      String(PRODUCTS[i % PRODUCTS.length]),
      INSURERS[i % INSURERS.length] ?? '',
      STATES[i % STATES.length] ?? '',
      String(1 + (i % 3)),
      direct ? 'direct' : 'pos',
      STATUSES[i % STATUSES.length] ?? 'success',
      `${1000 + (i % 50_000)}.${pad(i % 100, 2)}`,
      '',
      '',
      `BPAY${i}`,
      `2025-${pad(month, 2)}-${pad(day, 2)}T${pad(i % 24, 2)}:${pad(i % 60, 2)}:00+05:30`,
    ];
    await write(`${row.join(',')}\n`);
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

interface Pass {
  report: ImportReport;
  seconds: number;
  /** Peak resident memory of the importing process during the import. */
  peakRssMb: number;
  /** Its resident memory before the import (the server's once started; the CLI's is its own peak). */
  baseRssMb?: number;
  /** The slowest answer of GET /healthz polled during an API import, in ms, and how many were polled. */
  health?: { slowestMs: number; polls: number };
}

/**
 * Polls GET /healthz one request after another (100 ms apart) until `stop` is called; resolves with the
 * slowest answer. An answer that fails counts as infinitely slow.
 */
function pollHealth(base: string): { stop: () => Promise<{ slowestMs: number; polls: number }> } {
  let running = true;
  let slowestMs = 0;
  let polls = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/healthz`);
        await res.arrayBuffer();
        slowestMs = Math.max(slowestMs, res.ok ? performance.now() - started : Number.POSITIVE_INFINITY);
      } catch {
        slowestMs = Number.POSITIVE_INFINITY;
      }
      polls++;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { slowestMs, polls };
    },
  };
}

/** A process's resident memory from /proc, in MB (0 once it is gone). */
function rssMb(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m?.[1] ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * `dossier import policies FILE --json` in a process of its own, as `npm run dossier` runs it once built (the
 * compiled CLI on plain node), timed from start to exit; its peak RSS is the one GNU time reports for it.
 */
function cliImport(databaseUrl: string, path: string): Promise<Pass> {
  buildServer(repoRoot);
  const cli = join(repoRoot, 'apps/server/dist/dossier.js');
  const started = performance.now();
  const child = spawn('/usr/bin/time', ['-f', 'maxrss-kb %M', 'node', '--enable-source-maps', cli, 'import', 'policies', path, '--json'], {
    cwd: join(repoRoot, 'apps/server'),
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => {
      const seconds = (performance.now() - started) / 1000;
      const rss = /maxrss-kb (\d+)/.exec(err);
      const line = out.split('\n').find((l) => l.startsWith('{"entity"'));
      if (!line || !rss?.[1]) return reject(new Error(`the CLI import failed: ${err.slice(-2000)} ${out.slice(-2000)}`));
      const report = JSON.parse(line) as ImportReport;
      if (!report.applied) return reject(new Error(`CLI: ${JSON.stringify(report.errors.slice(0, 3))}`));
      resolve({ report, seconds, peakRssMb: Number(rss[1]) / 1024 });
    });
  });
}

/** The file streamed as the body of POST /api/v1/ingest/policies; the server's RSS is sampled meanwhile. */
async function apiImport(base: string, pid: number, key: string, path: string): Promise<Pass> {
  const baseRssMb = rssMb(pid);
  let peak = baseRssMb;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const health = pollHealth(base);
  const started = performance.now();
  try {
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        `${base}/api/v1/ingest/policies`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv', 'content-length': statSync(path).size },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () =>
            res.statusCode === 200 ? resolve(text) : reject(new Error(`API: ${res.statusCode} ${text.slice(0, 2000)}`)),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      createReadStream(path).on('error', reject).pipe(req);
    });
    const seconds = (performance.now() - started) / 1000;
    const report = JSON.parse(body) as ImportReport;
    return { report, seconds, peakRssMb: Math.max(peak, rssMb(pid)), baseRssMb, health: await health.stop() };
  } finally {
    clearInterval(timer);
    await health.stop();
  }
}

/**
 * A mapping history of MAPPING_SPANS spans for the organisation's partners, before their current span: monthly
 * from 2023, without valid_to, sent interleaved (partner by partner within each month), so each span ends at
 * the partner's next one in the file, and the last at the span already stored.
 */
async function mappingHistory(handle: DbHandle): Promise<{ report: ImportReport; seconds: number }> {
  const spans = function* () {
    for (let i = 0; i < MAPPING_SPANS; i++) {
      const month = Math.floor(i / PARTNERS);
      yield [
        `B${pad(1 + (i % PARTNERS), 5)}EI`,
        `RM${pad(1 + ((i + month) % RMS), 4)}`,
        '2',
        `${2020 + Math.floor(month / 12)}-${pad(1 + (month % 12), 2)}-01`,
        '',
      ];
    }
  };
  const started = performance.now();
  const report = await importCsv(
    handle,
    'partner_mappings',
    csvOf(['partner_code', 'manager_code', 'reporting_type', 'valid_from', 'valid_to'], spans()),
  );
  return { report, seconds: (performance.now() - started) / 1000 };
}

/** Waits until no import waits for the roll-ups and no roll-up run holds the ETL's lock. */
async function etlSettled(handle: DbHandle): Promise<void> {
  for (;;) {
    const backlog = await importBacklog(handle.db);
    const free = await handle.db
      .transaction()
      .execute(
        async (trx) => (await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${ETL_LOCK_KEY}) as ok`.execute(trx)).rows[0]?.ok,
      );
    if (backlog.oldestSeconds === null && free === true) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Times each pass is run: single runs on two cores shared with the database vary by a fifth. */
const RUNS = 3;

type Measured = Pass & { range: string };

const rate = (p: Pass) => Math.round(p.report.received / p.seconds);

/** Runs a pass RUNS times (each after `before`, when given) and keeps the run of median time. */
async function medianOf(
  name: string,
  log: (line: string) => void,
  before: (() => Promise<void>) | null,
  pass: () => Promise<Pass>,
): Promise<Measured> {
  log(`import bench: ${name}...`);
  const passes: Pass[] = [];
  for (let i = 0; i < RUNS; i++) {
    await before?.();
    const p = await pass();
    const health = p.health ? `, slowest /healthz ${p.health.slowestMs.toFixed(0)} ms of ${p.health.polls}` : '';
    log(`  ${name}: ${p.seconds.toFixed(1)} s, ${rate(p)} rows/s, peak RSS ${p.peakRssMb.toFixed(0)} MB${health}`);
    passes.push(p);
  }
  const sorted = [...passes].sort((a, b) => a.seconds - b.seconds);
  const median = sorted[Math.floor(RUNS / 2)] as Pass;
  return { ...median, range: `${sorted[0]?.seconds.toFixed(1)}–${sorted[RUNS - 1]?.seconds.toFixed(1)} s` };
}

export async function importBench(url: string, policies: number, log: (line: string) => void): Promise<string[]> {
  const schema = 'bench_import';
  const dir = mkdtempSync(join(tmpdir(), 'dossier-import-bench-'));
  const path = join(dir, 'policies.csv');
  const admin = await createDb({ databaseUrl: url, pgliteDir: '' });
  await admin.withSession((run) => run(`drop schema if exists ${schema} cascade`));
  await admin.db.destroy();
  const handle = await createDb({ databaseUrl: url, pgliteDir: '', schema, poolSize: 2 });
  // The CLI and the server reach the same schema through their DATABASE_URL.
  const schemaUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  try {
    await migrate(handle);
    log('import bench: organisation...');
    await loadOrganisation(handle);
    log(`import bench: writing ${policies.toLocaleString('en-IN')} policies...`);
    await writePolicies(path, policies);
    const mb = statSync(path).size / 1_048_576;

    const emptyPolicies = async () => {
      await handle.withSession((run) => run(`truncate ${schema}.policies`));
    };
    const cliFirst = await medianOf('CLI first', log, emptyPolicies, () => cliImport(schemaUrl, path));
    const cliAgain = await medianOf('CLI again', log, null, () => cliImport(schemaUrl, path));

    // A request may take as long as its import: the server's 30-second default would cut a 1,000,000-row body.
    const server = startServer(repoRoot, PORT, { ...overBenchDatabase(schemaUrl), REQUEST_TIMEOUT_MS: '600000' });
    let apiFirst: Measured;
    let apiAgain: Measured;
    try {
      await server.ready();
      const key = await createApiKey(handle.db, 'import-bench', ['policies']);
      const pid = server.pid;
      if (!pid) throw new Error('the server has no process id');
      // Each import starts a roll-up run in the server a few seconds after it commits: the next pass waits
      // for it, so that each measures an import, not an import beside the previous one's roll-up run.
      const afterEtl = () => etlSettled(handle);
      apiFirst = await medianOf(
        'API first',
        log,
        async () => (await afterEtl(), await emptyPolicies()),
        () => apiImport(server.base, pid, key, path),
      );
      apiAgain = await medianOf('API again', log, afterEtl, () => apiImport(server.base, pid, key, path));
    } finally {
      await server.stop();
    }

    log(`import bench: a mapping history of ${MAPPING_SPANS.toLocaleString('en-IN')} spans...`);
    const mappings = await mappingHistory(handle);
    log(`  ${mappings.seconds.toFixed(1)} s`);

    const row = (way: string, name: string, p: Measured) =>
      `| ${way} | ${name} | ${p.report.inserted.toLocaleString('en-IN')} / ${p.report.updated} / ${p.report.unchanged.toLocaleString('en-IN')} | ${p.seconds.toFixed(1)} s (${p.range}) | **${rate(p).toLocaleString('en-IN')}** | ${p.peakRssMb.toFixed(0)} MB${p.baseRssMb === undefined ? '' : ` (${p.baseRssMb.toFixed(0)} MB before)`} | ${p.health ? `${p.health.slowestMs.toFixed(0)} ms (${p.health.polls} polls)` : '—'} |`;
    const m = mappings.report;
    return [
      IMPORT_SECTION,
      '',
      `${policies.toLocaleString('en-IN')} policies from a CSV file (${mb.toFixed(0)} MB; four in five sold by one of ${PARTNERS.toLocaleString('en-IN')} partners and credited through the mapping, one in five direct) into an empty PostgreSQL schema, then the same file again, through the import core — validation with the shared row schemas (the common valid cells of policies through shortcuts tested against them), 50,000-row batches staged with COPY while the next batch is parsed, each batch resolved, checked and written set-based, all in one transaction — by each way in, each pass run ${RUNS} times (the table shows the run of median time, the range of the ${RUNS} in brackets, and its rows/s; two cores shared with the database make single runs vary by a fifth): the CLI (\`dossier import policies FILE --json\`, a process of its own, timed from start to exit, its peak RSS as GNU time reports it) and the ingestion API (\`POST /api/v1/ingest/policies\` on the built server on port ${PORT}, the file streamed as the body by a plain HTTP client; the server's RSS sampled every 50 ms, its RSS before the import in brackets; \`REQUEST_TIMEOUT_MS\` raised to 10 minutes; \`GET /healthz\` polled one request after another, 100 ms apart, throughout each API import, its slowest answer shown). Target: ≥ 50,000 rows/s with flat memory; the second run must change nothing and be at least as fast.`,
      '',
      `| way | run | inserted / updated / unchanged | time (range of ${RUNS}) | rows/s | peak RSS | slowest /healthz |`,
      '| --- | --- | --- | --- | --- | --- | --- |',
      row('CLI', 'first import (empty)', cliFirst),
      row('CLI', 'same file again', cliAgain),
      row('API', 'first import (empty)', apiFirst),
      row('API', 'same file again', apiAgain),
      '',
      `A partner mapping history of ${MAPPING_SPANS.toLocaleString('en-IN')} spans (${PARTNERS.toLocaleString('en-IN')} partners, monthly spans before their current one, without valid_to: each ends where the partner's next span starts, in the file or stored) through the import core: ${m.inserted.toLocaleString('en-IN')} inserted in **${mappings.seconds.toFixed(1)} s** (target: under 5 s; 42,333 spans took 140.5 s before the spans' ends were found in one ordered pass).`,
      '',
    ];
  } finally {
    await handle.withSession((run) => run(`drop schema if exists ${schema} cascade`)).catch(() => undefined);
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--policies');
  const policies = i >= 0 ? Number(process.argv[i + 1]) : 1_000_000;
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const loadAtStart = loadavg()[0]?.toFixed(2) ?? '?';
  importBench(url, policies, (l) => process.stdout.write(`${l}\n`))
    .then((lines) => {
      // Run on its own, so it carries its own date and machine line, and how busy the machine was (2 cores
      // shared with other work: the figures are only comparable between runs on an idle machine).
      lines.splice(
        2,
        0,
        `Run ${new Date().toISOString()} on ${machineLine()}; load average ${loadAtStart} at the start, ${loadavg()[0]?.toFixed(2) ?? '?'} at the end.`,
        '',
      );
      process.stdout.write(`${lines.join('\n')}\n`);
      return writeSection(lines);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
