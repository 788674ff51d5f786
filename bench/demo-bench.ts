/**
 * The demo generator on PostgreSQL: migrates a fresh schema, loads the demo organisation at the bench's scale
 * (policies / 300,000, seed 20261121, as `npm run bench` loads it), then times the full roll-up rebuild and
 * `analyze` that follow it at start. Prints each loader line with the seconds since the start.
 *
 * npm run bench:demo -w @dossier/bench [-- --policies 1000000] [--today yyyy-MM-dd] [--fingerprint FILE] [--write]
 * --fingerprint writes the digest of every loaded table (demo/fingerprint.ts) to FILE as JSON, to compare two
 * versions of the generator; --write replaces the "Demo generator" section of bench/RESULTS.md.
 * BENCH_DATABASE_URL (default the local test database) gets a schema demo_bench, dropped first and at the end.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { kolkataToday } from '@dossier/shared';
import { demoFingerprint } from '../apps/server/src/demo/fingerprint';
import { loadDemoIfEmpty } from '../apps/server/src/demo/load';
import { runBusinessEtl } from '../apps/server/src/modules/etl/business-etl';
import { createDb } from '../apps/server/src/platform/db';
import { migrate } from '../apps/server/src/platform/migrate';
import { machineLine } from './machine';
import { writeSection } from './results-file';

const SCHEMA = 'demo_bench';
const { values } = parseArgs({
  options: {
    policies: { type: 'string', default: '1000000' },
    today: { type: 'string' },
    fingerprint: { type: 'string' },
    write: { type: 'boolean', default: false },
  },
});
const policies = Number(values.policies);
const today = values.today ?? kolkataToday();
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const load = (): string =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/**
 * CPU seconds used so far by the local PostgreSQL's backends of this database (from /proc; 0 when the server
 * is elsewhere). With this process's own CPU time it splits the work between generating and storing rows
 * in a way the machine's other load does not blur as much as wall-clock time.
 */
function backendCpuSeconds(database: string): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.startsWith(`postgres: `) || !cmdline.includes(` ${database} `)) continue;
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / 100;
}
const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

async function main(): Promise<void> {
  const admin = await createDb({ databaseUrl: url, pgliteDir: '', poolSize: 1 });
  await sql`drop schema if exists ${sql.id(SCHEMA)} cascade`.execute(admin.db);
  await admin.db.destroy();
  const handle = await createDb({ databaseUrl: url, pgliteDir: '', schema: SCHEMA, poolSize: 4 });
  const lines: string[] = [];
  try {
    await migrate(handle);
    const loadAtStart = load();
    const database = new URL(url).pathname.slice(1);
    const nodeCpu = cpuSeconds();
    const pgCpu = backendCpuSeconds(database);
    const started = performance.now();
    const log = (line: string): void => {
      const stamped = `${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s  ${line}`;
      process.stdout.write(`${stamped}\n`);
      if (!/policies \d+\/\d+$/.test(line) || /policies (\d+)\/\1$/.test(line)) lines.push(stamped);
    };
    await loadDemoIfEmpty(handle, { scale: policies / 300_000, seed: 20261121, today, log });
    const loadSeconds = (performance.now() - started) / 1000;
    const loadAtEnd = load();
    const loadCpu = `CPU: this process ${(cpuSeconds() - nodeCpu).toFixed(1)} s, PostgreSQL ${(backendCpuSeconds(database) - pgCpu).toFixed(1)} s`;
    // Before the roll-ups: the digest covers what the generator wrote, not the ETL's run records.
    if (values.fingerprint) {
      writeFileSync(values.fingerprint, `${JSON.stringify(await demoFingerprint(handle.db), null, 2)}\n`);
    }
    let t = performance.now();
    await runBusinessEtl(handle.db, { full: true });
    const etlSeconds = (performance.now() - t) / 1000;
    t = performance.now();
    await sql`analyze`.execute(handle.db);
    const analyzeSeconds = (performance.now() - t) / 1000;
    const { rows } = await sql<{ n: number; size: string }>`select count(*)::int as n,
      pg_size_pretty(pg_database_size(current_database())) as size from policies`.execute(handle.db);
    const summary = [
      `${(rows[0]?.n ?? 0).toLocaleString('en-IN')} policies (today ${today}): demo load ${loadSeconds.toFixed(1)} s (${loadCpu}),`,
      `full roll-up rebuild ${etlSeconds.toFixed(1)} s, analyze ${analyzeSeconds.toFixed(1)} s; database ${rows[0]?.size ?? '?'};`,
      `load average ${loadAtStart} at the start, ${loadAtEnd} at the end of the load.`,
    ].join(' ');
    process.stdout.write(`${summary}\n`);
    if (values.write) {
      await writeSection([
        '## Demo generator',
        '',
        `Run ${new Date().toISOString()} on ${machineLine()} (\`npm run bench:demo -w @dossier/bench -- --policies ${policies}\`).`,
        summary,
        '',
        '```',
        ...lines,
        '```',
        '',
        // The product's target for the benchmark's largest organisation: a routine run, not an overnight one.
        policies >= 10_000_000
          ? `Target at 1 crore policies, a demo load under 300 s: ${loadSeconds < 300 ? 'met' : 'NOT met'} (${loadSeconds.toFixed(1)} s).`
          : 'The target (a demo load under 300 s) is set at 1 crore policies; this run is smaller.',
      ]);
    }
  } finally {
    await sql`drop schema if exists ${sql.id(SCHEMA)} cascade`.execute(handle.db);
    await handle.db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
