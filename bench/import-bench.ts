/**
 * Bulk import: 1,000,000 policies from a CSV file into an empty PostgreSQL schema through the import core
 * (the path of `dossier import policies FILE`), then the same file again (every row unchanged).
 * Reports rows/s and the peak resident memory of this process while importing.
 *
 * npm run bench:import -w @dossier/bench [-- --policies 1000000]  — runs only this part and replaces its
 * section of bench/RESULTS.md; `npm run bench` runs it with the rest.
 */
import type { ImportEntity, ImportReport } from '@dossier/shared';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { importRows } from '../apps/server/src/modules/imports/core';
import { csvRows } from '../apps/server/src/modules/imports/readers';
import { createDb, type DbHandle } from '../apps/server/src/platform/db';
import { migrate } from '../apps/server/src/platform/migrate';
import { machineLine } from './machine';
import { writeSection } from './results-file';

export const IMPORT_SECTION = '## Bulk import';
const RMS = 200;
const PARTNERS = 5000;
const CUSTOMERS = 100_000;

const pad = (n: number, w: number) => String(n).padStart(w, '0');

function csvOf(header: string[], rows: Iterable<string[]>): Readable {
  return Readable.from(
    (function* () {
      yield `${header.join(',')}\n`;
      for (const r of rows) yield `${r.join(',')}\n`;
    })(),
  );
}

async function load(handle: DbHandle, entity: ImportEntity, input: Readable): Promise<ImportReport> {
  const report = await importRows(handle.db, entity, csvRows(input), { partial: false, dryRun: false, source: 'cli', actor: 'bench' });
  if (!report.applied) throw new Error(`${entity}: ${JSON.stringify(report.errors.slice(0, 3))}`);
  return report;
}

/** The organisation the policies refer to: a head, RMs, partners mapped to them, customers. */
async function loadOrganisation(handle: DbHandle): Promise<void> {
  const employees = function* () {
    yield ['HEAD', 'Head', 'head@bench.in', '9800000000', 'head', 'national_head', '', 'North', '110001', 'true'];
    for (let i = 1; i <= RMS; i++)
      yield [`RM${pad(i, 4)}`, `Rm ${i}`, `rm${i}@bench.in`, '9800000001', 'rm', 'rm', 'HEAD', 'West', '400001', 'true'];
  };
  await load(
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
  await load(
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
  await load(handle, 'partner_mappings', csvOf(['partner_code', 'manager_code', 'reporting_type', 'valid_from', 'valid_to'], mappings()));
  const customers = function* () {
    for (let i = 1; i <= CUSTOMERS; i++) yield [`BC${pad(i, 6)}`, `Customer ${i}`, '9822222222', `c${i}@bench.in`, '400001'];
  };
  await load(handle, 'customers', csvOf(['customer_code', 'name', 'phone', 'email', 'pincode'], customers()));
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
  peakRssMb: number;
}

async function timedImport(handle: DbHandle, path: string): Promise<Pass> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  try {
    const report = await load(handle, 'policies', createReadStream(path));
    return { report, seconds: (performance.now() - started) / 1000, peakRssMb: Math.max(peak, process.memoryUsage().rss) / 1_048_576 };
  } finally {
    clearInterval(timer);
  }
}

export async function importBench(url: string, policies: number, log: (line: string) => void): Promise<string[]> {
  const schema = 'bench_import';
  const dir = mkdtempSync(join(tmpdir(), 'dossier-import-bench-'));
  const path = join(dir, 'policies.csv');
  const admin = await createDb({ databaseUrl: url, pgliteDir: '' });
  await admin.withSession((run) => run(`drop schema if exists ${schema} cascade`));
  await admin.db.destroy();
  const handle = await createDb({ databaseUrl: url, pgliteDir: '', schema, poolSize: 2 });
  try {
    await migrate(handle);
    log('import bench: organisation...');
    await loadOrganisation(handle);
    log(`import bench: writing ${policies.toLocaleString('en-IN')} policies...`);
    await writePolicies(path, policies);
    const mb = statSync(path).size / 1_048_576;
    const baseRss = process.memoryUsage().rss / 1_048_576;
    log('import bench: first import...');
    const first = await timedImport(handle, path);
    log(`  ${Math.round(policies / first.seconds)} rows/s`);
    log('import bench: the same file again...');
    const again = await timedImport(handle, path);
    log(`  ${Math.round(policies / again.seconds)} rows/s`);
    const rate = (p: Pass) => Math.round(p.report.received / p.seconds).toLocaleString('en-IN');
    const row = (name: string, p: Pass) =>
      `| ${name} | ${p.report.inserted.toLocaleString('en-IN')} / ${p.report.updated} / ${p.report.unchanged.toLocaleString('en-IN')} | ${p.seconds.toFixed(1)} s | **${rate(p)}** | ${p.peakRssMb.toFixed(0)} MB |`;
    return [
      IMPORT_SECTION,
      '',
      `${policies.toLocaleString('en-IN')} policies from a CSV file (${mb.toFixed(0)} MB; four in five sold by one of ${PARTNERS.toLocaleString('en-IN')} partners and credited through the mapping, one in five direct) into an empty PostgreSQL schema through the import core — validation with the shared row schemas, 50,000-row batches staged with COPY while the next batch is parsed, each batch resolved, checked and upserted set-based, all in one transaction — as \`dossier import policies FILE\` does. Peak RSS is this process's (${baseRss.toFixed(0)} MB before the first import). Target: ≥ 50,000 rows/s with flat memory; the second run must change nothing and be at least as fast.`,
      '',
      '| run | inserted / updated / unchanged | time | rows/s | peak RSS |',
      '| --- | --- | --- | --- | --- |',
      row('first import (empty)', first),
      row('same file again', again),
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
