/**
 * npm run bench [-- --policies 1000000 --runs 30 --rebuild-sessions 2 --skip-first-start --skip-lighthouse --skip-import --skip-screens --skip-freshness --skip-rebuild]
 * npm run bench -- --database-url URL [--schema public] [--skip-…]: measures an existing database (an imported
 * organisation) as it is, without loading the demo or changing its data.
 * Reporting benchmarks on PostgreSQL (BENCH_DATABASE_URL, default the local test database, in a schema of
 * its own that is kept between runs), the first start on PGlite and Lighthouse on the built web app
 * (npm run bench:lighthouse runs that alone). Writes bench/RESULTS.md.
 */
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { kolkataToday, monthRange } from '@dossier/shared';
import { loadDemoIfEmpty } from '../apps/server/src/demo/load';
import { runBusinessEtl } from '../apps/server/src/modules/etl/business-etl';
import { ROLLUP_TABLES } from '../apps/server/src/modules/etl/rollups/registry';
import type { Account } from '../apps/server/src/modules/reports/context';
import { createDb } from '../apps/server/src/platform/db';
import { migrate } from '../apps/server/src/platform/migrate';
import type { Viewer } from '../apps/server/src/platform/viewer';
import { csvDownload } from './csv-download';
import { firstStartOnPglite } from './first-start';
import { FRESH_PROPOSAL_PREFIX, freshnessBench } from './freshness';
import { lighthouseAudit, lighthouseTable, TARGET_CLS, TARGET_PERFORMANCE } from './lighthouse';
import { machineLine } from './machine';
import { benchCase, caseTable, rawBusinessTypes, rawTeam, type Case } from './reports-bench';
import { ms, timeOnce } from './stats';
import { readersDuring, readerLine } from './rebuild-readers';
import { breakdownLines, loadTable, loadTest, loadVerdict } from './load';
import { loadPopulation } from './load-population';
import { overloadRun, overloadTable } from './overload';
import { writeRun } from './results-file';

import { importBench } from './import-bench';
import { recordScale, scaleSection } from './scale';
import { screensBench } from './screens';
import { hierarchyViewers, viewerName, type BenchViewer } from './viewers';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const policies = arg('policies', 1_000_000);
const runs = arg('runs', 30);
const skipFirstStart = process.argv.includes('--skip-first-start');
const skipLighthouse = process.argv.includes('--skip-lighthouse');
const skipLoad = process.argv.includes('--skip-load');
const skipOverload = process.argv.includes('--skip-overload');

const skipImport = process.argv.includes('--skip-import');
const skipScreens = process.argv.includes('--skip-screens');
const skipFreshness = process.argv.includes('--skip-freshness');
// For a schema whose roll-ups are current (an earlier run rebuilt them): the side-by-side keeps the last
// rebuild's figure.
const skipRebuild = process.argv.includes('--skip-rebuild');
// The sessions the full rebuild spreads over, as ETL_REBUILD_SESSIONS (docs/decisions/053-rebuild-spread-over-sessions.md).
const rebuildSessions = arg('rebuild-sessions', 2);
const loadTestSeconds = arg('load-seconds', 60);
const named = (flag: string) => {
  const i = process.argv.indexOf(`--${flag}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
// An existing database (an imported organisation) measured as it is: no demo is loaded and nothing of its data is
// changed; its viewers are found from its hierarchy (./viewers.ts).
const existingUrl = named('database-url');
const existingSchema = named('schema') ?? 'public';
const url = existingUrl ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const log = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  // The first start and Lighthouse sections say when and where they ran: a run that skips them keeps the last
  // ones, which may come from another day and machine than the header's.
  const ranAt = `Run ${new Date().toISOString()} on ${machineLine()}`;
  const out: string[] = [
    `# Benchmark results`,
    '',
    `${ranAt}; load average at the start ${loadavg()[0]?.toFixed(2) ?? '?'} (other work on the machine makes every figure slower).`,
    '',
  ];

  if (!skipFirstStart) {
    log('first start on PGlite (scale 1)...');
    const first = await firstStartOnPglite(root, 3917);
    out.push(
      '## First start on PGlite (default scale)',
      '',
      `${ranAt}.`,
      '',
      `From process start to /readyz on an empty data directory: **${first.seconds.toFixed(1)} s** (target: under 120 s).`,
      '',
    );
    out.push('```', ...first.lastLines, '```', '');
  }

  if (!skipLighthouse) {
    log('Lighthouse 12 on the built web app...');
    const pages = await lighthouseAudit(root, { log });
    out.push(
      '## Lighthouse 12',
      '',
      `${ranAt}.`,
      '',
      `Performance only, on the production build served by the server (PGlite, demo scale 0.05) in Debian's Chromium, headless, cold cache; each row is the median of ${pages[0]?.runs ?? 0} runs. Lighthouse's desktop preset and its default (mobile) preset, both with simulated throttling. Target: performance ≥ ${TARGET_PERFORMANCE} and CLS < ${TARGET_CLS}, judged as the app is deployed: HTTP/2 over TLS from the load balancer (here a TLS-terminating proxy in front of the server, as nginx in docs/operations.md). The same pages over plain HTTP/1.1 straight to Node are listed for comparison (decision 011).`,
      '',
      lighthouseTable(pages),
      '',
    );
  }

  if (!skipImport && !existingUrl) {
    log('bulk import of policies from CSV...');
    out.push(...(await importBench(url, policies, log)));
  }

  const schema = existingUrl ? existingSchema : `bench_${policies}`;
  const handle = await createDb({ databaseUrl: url, pgliteDir: '', schema, poolSize: 4 });
  await migrate(handle);
  const today = kolkataToday();
  const loadSeconds = existingUrl ? 0 : await timeOnce(() => loadDemoIfEmpty(handle, { scale: policies / 300_000, seed: 20261121, log }));
  // This run's headline figures, for the side-by-side section of the sizes run (bench/scale.ts).
  const scale: Record<string, number> = {};
  const loadAtStart = loadavg()[0] ?? 0;
  // A schema that already had data loads in no time: the last real load's figure stays.
  if (loadSeconds > 5_000) scale['demo load (s)'] = loadSeconds / 1000;
  const db = handle.db;
  const count = (await sql<{ n: number }>`select count(*)::int as n from policies`.execute(db)).rows[0]?.n ?? 0;
  const people = (await sql<{ n: number }>`select count(*)::int as n from employees`.execute(db)).rows[0]?.n ?? 0;
  const partnerCount = (await sql<{ n: number }>`select count(*)::int as n from partners`.execute(db)).rows[0]?.n ?? 0;
  // The sections of a run over an existing database are kept beside the demo's, one set per schema and magnitude
  // (RESULTS.md compares headings without their digits, so the magnitude is a word).
  const titled = (heading: string) =>
    existingUrl ? `${heading} — existing database \`${existingSchema}\`, ${count >= 5_000_000 ? 'crores' : 'lakhs'} of policies` : heading;
  out.push(
    titled(`## Reporting on PostgreSQL at ${count.toLocaleString('en-IN')} policies`),
    '',
    existingUrl
      ? `An existing database (schema \`${schema}\`, \`--database-url\`): ${people.toLocaleString('en-IN')} employees, ${partnerCount.toLocaleString('en-IN')} partners.`
      : `Demo load (skipped when the schema already had data): ${(loadSeconds / 1000).toFixed(1)} s.`,
    '',
  );

  // Earlier runs rebuilt these tables; on a PostgreSQL without autovacuum (this machine's has it off)
  // their dead rows would be timed too.
  // The other tables are only analyzed: the demo load leaves some (the closure, the mappings) without
  // statistics, and the planner then takes a national head's subtree for a few dozen people.
  const vacuum = async () => {
    await sql`vacuum analyze ${sql.join(ROLLUP_TABLES.map((t) => sql.table(t)))}, etl_policy_state, etl_affected, policies, partner_mappings`.execute(
      db,
    );
    await sql`analyze`.execute(db);
  };
  log('vacuum...');
  await vacuum();
  log(skipRebuild ? 'full rebuild skipped' : 'full rebuild...');
  const rebuilt = skipRebuild
    ? null
    : await readersDuring(url, schema, () => timeOnce(() => runBusinessEtl(db, { full: true, rebuildSessions })));
  const full = rebuilt?.result ?? null;
  if (rebuilt) {
    scale['full ETL rebuild (s)'] = rebuilt.result / 1000;
    scale['longest reader wait during the rebuild (ms)'] = rebuilt.waits.worst;
    out.push(
      `Full rebuild (${rebuildSessions} helper sessions): ${(rebuilt.result / 1000).toFixed(1)} s. A reader of the roll-ups meanwhile (bench/rebuild-readers.ts, ${rebuilt.waits.probes} probes): ${readerLine(rebuilt.waits)}, **longest ${ms(rebuilt.waits.worst)} ms** (target: at most 250 ms at 1 crore).`,
      '',
    );
  }
  // The rebuild replaced every roll-up row, leaving as many dead ones. A production PostgreSQL's autovacuum
  // clears them within minutes; unvacuumed, they and the missing visibility map made the report queries over
  // the daily facts 2–4× slower (measured 2026-11-26) and the load run measured this machine's setting
  // instead of the code.
  await vacuum();

  const who = await hierarchyViewers(db);
  const head = who.top;
  const asm = who.area;
  // The last complete month, compared with the month before it.
  const prevMonthDay = new Date(Date.parse(`${monthRange(today).start_date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const lastMonth = monthRange(prevMonthDay);
  const range = { start: lastMonth.start_date, end: lastMonth.end_date };
  const partner = await db
    .selectFrom('partners')
    .select(['id', 'unique_code', 'name'])
    .where('unique_code', '=', who.partnerCode)
    .executeTakeFirstOrThrow();

  const viewerOf = (e: BenchViewer): Viewer => ({
    userId: 0,
    employeeId: e.id,
    code: e.unique_code,
    name: e.name,
    email: 'bench@example.com',
    empRole: e.emp_role,
    designation: e.designation,
    userType: '1',
    tier: 'standard',
    registrationDate: today,
    emailReportAccess: true,
    downloadReportAccess: true,
    isAdmin: false,
    tokenHash: '',
  });
  const account = (e: BenchViewer): Account => ({ kind: 'employee', id: e.id, code: e.unique_code, name: e.name });
  const cases: Case[] = [
    {
      label: `Team report (11), ${viewerName(head)}`,
      reportId: 11,
      account: account(head),
      viewer: viewerOf(head),
      raw: (d, r) => rawTeam(d, head.id, r),
    },
    {
      label: `Business summary (13), ${viewerName(head)}`,
      reportId: 13,
      account: account(head),
      viewer: viewerOf(head),
      raw: (d, r) => rawBusinessTypes(d, head.id, r),
    },
    {
      label: `Team report (11), ${viewerName(asm)}`,
      reportId: 11,
      account: account(asm),
      viewer: viewerOf(asm),
      raw: (d, r) => rawTeam(d, asm.id, r),
    },
    {
      label: `Business summary (13), ${viewerName(asm)}`,
      reportId: 13,
      account: account(asm),
      viewer: viewerOf(asm),
      raw: (d, r) => rawBusinessTypes(d, asm.id, r),
    },
    {
      label: 'Executive report (37), one partner (reads policies)',
      reportId: 37,
      account: { kind: 'partner', id: partner.id, code: partner.unique_code, name: partner.name },
      viewer: viewerOf(head),
      raw: null,
    },
  ];
  const results = [];
  for (const c of cases) {
    log(`report: ${c.label}`);
    const result = await benchCase(db, c, range, runs);
    results.push(result);
    scale[`${c.label}, full month, uncached p95`] = result.uncachedP95;
  }
  out.push(
    `Range: ${range.start} to ${range.end} (with the previous range for growth). ${runs} runs each after warm-up.`,
    '',
    caseTable(results),
    '',
  );

  // The server processes below see the benchmark's schema as theirs.
  const serverUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  if (!skipScreens) {
    log('screens through the HTTP API...');
    // 40 calls a screen at least (the 95th percentile of 10 was their slowest, so one pause of the machine decided
    // a screen's figure and its ratio between sizes), more for a fast one (bench/screens.ts).
    const screens = await screensBench(root, serverUrl, db, 40, log);
    out.push(titled(screens.lines[0] ?? ''), ...screens.lines.slice(1));
    Object.assign(scale, screens.p95);
  }

  // The freshness and load runs push policies and add users: only on the bench's own demo schema.
  if (!skipFreshness && !existingUrl) {
    const freshness = await freshnessBench(root, serverUrl, db, log);
    out.push(...freshness.lines);
    Object.assign(scale, freshness.figures);
  }

  // Changes policies (and puts them back): never on an existing database.
  if (!existingUrl) {
    log('incremental ETL after 10,000 changed policies...');
    // The demo's newest policies (one day's), not those the freshness run pushed (one RM's).
    const flip = sql`update policies set status = case when status = 'success' then 'cancelled' else 'success' end, updated_at = now()
      where id in (select id from policies where proposal_no not like ${`${FRESH_PROPOSAL_PREFIX}%`} order by id desc limit 10000)`;
    await flip.execute(db);
    const incremental = await timeOnce(() => runBusinessEtl(db));
    scale['incremental ETL after 10,000 changed policies (s)'] = incremental / 1000;
    // Put the rows back so repeated runs measure the same data. That is 10,000 changes again, timed too: the
    // first run after the rebuild is the first to read its fresh tables (cold pages, PostgreSQL's first look at
    // rows nobody has read), as a run every few minutes does not.
    await flip.execute(db);
    const next = await timeOnce(() => runBusinessEtl(db));
    scale['incremental ETL after 10,000 changed policies, the next run (s)'] = next / 1000;
    out.push(
      '## ETL',
      '',
      '| run | time |',
      '| --- | --- |',
      `| full rebuild (${rebuildSessions} helper sessions) | ${full === null ? 'skipped (--skip-rebuild)' : `${(full / 1000).toFixed(1)} s`} |`,
      `| incremental after 10,000 changed policies (the first after the rebuild) | ${(incremental / 1000).toFixed(2)} s |`,
      `| incremental after 10,000 changed policies (the next run) | ${(next / 1000).toFixed(2)} s |`,
      '',
    );
  }

  log('CSV download...');
  const dl = await csvDownload(db, head, today, 100_000);
  out.push(
    titled('## CSV download'),
    '',
    `Renewal dues (38) of the whole organisation, ${dl.range.start} to ${dl.range.end}: ${dl.rows.toLocaleString('en-IN')} rows, ${(dl.bytes / 2 ** 20).toFixed(1)} MiB in ${dl.seconds.toFixed(2)} s; process RSS ${dl.rssBeforeMb.toFixed(0)} MiB before, ${dl.rssPeakMb.toFixed(0)} MiB at peak.`,
    '',
  );

  if (!skipLoad && !existingUrl) {
    log('load test...');
    const months = Array.from({ length: 23 }, (_, k) => {
      const d = new Date(Date.parse(`${monthRange(today).start_date}T00:00:00Z`));
      d.setUTCMonth(d.getUTCMonth() - k - 1);
      const m = monthRange(d.toISOString().slice(0, 10));
      return { start: m.start_date, end: m.end_date };
    });
    const people = await loadPopulation(db, 200, months);
    const roles = new Map<string, number>();
    for (const p of people) roles.set(p.designation, (roles.get(p.designation) ?? 0) + 1);
    const load = await loadTest(root, serverUrl, people, loadTestSeconds);
    out.push(
      '## Load',
      '',
      `At ${count.toLocaleString('en-IN')} policies, 200 people of the organisation at once (${[...roles].map(([d, n]) => `${n} ${d.replace('_', ' ')}`).join(', ')}), each with a login of their own, ` +
        `opening the dashboard, business summary, team drill-downs, executive tables and call-centre listings of their own part of the hierarchy. ` +
        `A user sends a request, reads the answer and thinks for an exponentially distributed while (mean 1 s — brisker than people read dashboards) ` +
        `before the next: ${loadTestSeconds} s per run. The cached run repeats each person's usual views after one warm-up pass; the uncached run asks ` +
        `each time for a month and drilled account no earlier request asked for. The saturation run sends the same usual views on 200 connections, ` +
        `each one person's, with no think time (autocannon), next to a plain Fastify hello world on the same machine in the same run (the ceiling). ` +
        `Load generator and server in separate processes on this machine, 127.0.0.1, PostgreSQL on the same machine.`,
      '',
      loadTable(load.runs),
      '',
      loadVerdict(load.runs),
      '',
      "Where the uncached run's time went: its kinds of view at the load generator, the same requests as the server timed them (handler to answer) and its database pools.",
      '',
      ...breakdownLines(load.uncached),
      '',
      `Server memory (RSS) through the three 200-user runs: ${load.memory.startMb.toFixed(0)} MiB after the warm-up, ${load.memory.peakMb.toFixed(0)} MiB at the highest sample (every 0.5 s; target under 600 MiB); by run, ${load.memory.peakByRun.map((r) => `${r.label} ${r.peakMb.toFixed(0)} MiB`).join(', ')}.`,
      '',
    );
    scale['200 users, cached, p99'] = load.runs[0]?.p99 ?? 0;
    scale['200 users, uncached, p99'] = load.runs.find((r) => r.label.includes('uncached'))?.p99 ?? 0;
    scale['server RSS peak through the 200-user runs (MiB)'] = load.memory.peakMb;
  }

  out.push(
    `Load average (1, 5, 15 min) at the end of the run: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}.`,
    '',
  );
  if (!skipOverload && !existingUrl) {
    log('overload run (report 38 at the default demo scale, PostgreSQL and PGlite)...');
    out.push(
      ...overloadTable([
        ...(await overloadRun(root, 3990, { kind: 'postgres', url }, log)),
        ...(await overloadRun(root, 3990, { kind: 'pglite' }, log)),
      ]),
    );
  }

  // The side-by-side of sizes compares the demo at each size alone.
  if (!existingUrl) recordScale(policies, scale, loadAtStart);
  out.push(...scaleSection());
  await writeRun(`${out.join('\n')}\n`);
  log(out.join('\n'));
  await db.destroy();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
