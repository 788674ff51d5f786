import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { addDays, kolkataToday } from '@dossier/shared';
import { createDb } from '../apps/server/src/platform/db';
import { serverRssMb, startServer, type ServerProcess } from './server-process';

const OVERLOAD_SCHEMA = 'bench_overload';

/**
 * The two overload attacks on report 38 (renewal dues, a policy list) from one signed-in head, against
 * the real server at the default demo scale: 20 requests at once, then 200 at once for 20 s, while
 * /healthz and the server's RSS (from /metrics) are sampled. Targets: no 5xx, /healthz under 100 ms (p95),
 * RSS under 600 MB. Run on PostgreSQL (how Dossier is deployed) and on the embedded PGlite.
 */
export interface AttackFigures {
  database: string;
  name: string;
  requests: number;
  statuses: Record<string, number>;
  fivexx: number;
  healthzMaxMs: number;
  healthzP95Ms: number;
  rssStartMb: number;
  rssPeakMb: number;
  seconds: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

// The sampler runs on a thread of its own: on this thread the attack's hundreds of requests keep the event
// loop busy, and their waiting would be counted as the server's /healthz latency.
const SAMPLER = `
const { parentPort, workerData: base } = require('node:worker_threads');
const healthz = [];
const rss = [];
let running = true;
parentPort.once('message', () => { running = false; });
(async () => {
  while (running) {
    const t = performance.now();
    await fetch(base + '/healthz').then((r) => r.arrayBuffer());
    healthz.push(performance.now() - t);
    const text = await (await fetch(base + '/metrics')).text();
    const m = /^process_resident_memory_bytes (\\S+)$/m.exec(text);
    if (m) rss.push(Number(m[1]) / 1048576);
    await new Promise((r) => setTimeout(r, 100));
  }
  parentPort.postMessage({ healthz, rss });
})();
`;

/** Samples /healthz latency and RSS (from /metrics) until stopped. */
function watch(base: string) {
  const worker = new Worker(SAMPLER, { eval: true, workerData: base });
  const samples = new Promise<{ healthz: number[]; rss: number[] }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const result = await samples;
      await worker.terminate();
      return result;
    },
  };
}

async function attack(
  server: ServerProcess,
  token: string,
  database: string,
  name: string,
  workers: number,
  seconds: number | null,
): Promise<AttackFigures> {
  const today = kolkataToday();
  const url = `${server.base}/api/reports/38/?start_date=${today}&end_date=${addDays(today, 365)}`;
  const statuses: Record<string, number> = {};
  const rssStartMb = await serverRssMb(server.base);
  const watcher = watch(server.base);
  const started = performance.now();
  const deadline = seconds === null ? 0 : started + seconds * 1000;
  const one = async () => {
    try {
      const res = await fetch(url, { headers: { authorization: `Token ${token}` } });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    } catch {
      statuses.error = (statuses.error ?? 0) + 1;
    }
  };
  await Promise.all(
    Array.from({ length: workers }, async () => {
      if (seconds === null) return one();
      while (performance.now() < deadline) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const { healthz, rss } = await watcher.stop();
  const requests = Object.values(statuses).reduce((a, b) => a + b, 0);
  const fivexx = Object.entries(statuses)
    .filter(([s]) => s === 'error' || Number(s) >= 500)
    .reduce((a, [, n]) => a + n, 0);
  return {
    database,
    name,
    requests,
    statuses,
    fivexx,
    healthzMaxMs: Math.max(...healthz),
    healthzP95Ms: percentile(healthz, 95),
    rssStartMb,
    rssPeakMb: Math.max(rssStartMb, ...rss),
    seconds: elapsed,
  };
}

/** Where the server keeps its data: a PostgreSQL URL (a schema of its own there) or PGlite. */
export type OverloadDatabase = { kind: 'postgres'; url: string } | { kind: 'pglite' };

export async function overloadRun(
  repoRoot: string,
  port: number,
  database: OverloadDatabase,
  log: (line: string) => void,
): Promise<AttackFigures[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dossier-overload-'));
  let databaseUrl = '';
  if (database.kind === 'postgres') {
    // A schema of its own, emptied first: the server loads the default demo into it as on a first start.
    const handle = await createDb({ databaseUrl: database.url, pgliteDir: '', schema: OVERLOAD_SCHEMA, poolSize: 1 });
    await handle.withSession((run) => run(`drop schema ${OVERLOAD_SCHEMA} cascade; create schema ${OVERLOAD_SCHEMA}`));
    await handle.db.destroy();
    databaseUrl = `${database.url}${database.url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${OVERLOAD_SCHEMA}`)}`;
  }
  const label = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const server = startServer(repoRoot, port, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  try {
    log(`overload: starting the server on ${label} at the default demo scale...`);
    await server.ready();
    const login = await fetch(`${server.base}/accounts/api/v1/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo.head', password: 'dossier-demo' }),
    });
    const { token } = (await login.json()) as { token: string };
    log(`overload (${label}): 20 concurrent requests from one session...`);
    const burst = await attack(server, token, label, '20 concurrent, one session', 20, null);
    log(`overload (${label}): 200 concurrent for 20 s...`);
    const sustained = await attack(server, token, label, '200 concurrent for 20 s, one session', 200, 20);
    return [burst, sustained];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function overloadTable(figures: AttackFigures[]): string[] {
  const verdict = (f: AttackFigures) =>
    f.fivexx === 0 && f.healthzP95Ms < 100 && f.rssPeakMb < 600 ? 'meets the targets' : 'misses a target';
  return [
    '## Overload: report 38 (renewal dues) from one session',
    '',
    'The real server at the default demo scale (`npm run bench:overload -w @dossier/bench`), on PostgreSQL (a schema of',
    'the local server, as deployed) and on the embedded PGlite; demo.head asks for a year of renewal dues',
    '(`/api/reports/38/`, server-paged, first 100 rows). Targets: 0 × 5xx, `/healthz` under 100 ms, RSS under 600 MB.',
    '`/healthz` is sampled every 100 ms from a thread of its own and judged on its p95: on this 2-core machine the',
    'attacker, the server and the database share the cores, so the slowest single sample measures who got a core.',
    'PGlite runs on a thread of its own inside the server process (decision 018), so its RSS includes the database.',
    '',
    '| database | attack | requests | answers | 5xx | /healthz p95 / max | RSS start → peak | verdict |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...figures.map(
      (f) =>
        `| ${f.database} | ${f.name} | ${f.requests} in ${f.seconds.toFixed(1)} s | ${Object.entries(f.statuses)
          .map(([s, n]) => `${n} × ${s}`)
          .join(
            ', ',
          )} | ${f.fivexx} | ${f.healthzP95Ms.toFixed(0)} / ${f.healthzMaxMs.toFixed(0)} ms | ${f.rssStartMb.toFixed(0)} → ${f.rssPeakMb.toFixed(0)} MB | ${verdict(f)} |`,
    ),
    '',
  ];
}
