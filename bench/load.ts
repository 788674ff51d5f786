import autocannon, { type Request } from 'autocannon';
import Fastify from 'fastify';
import type { LoadUser } from './load-population';
import { overBenchDatabase, serverRssMb, startServer } from './server-process';
import { cpus } from 'node:os';
import { cpuSecondsOf } from './machine';
import { histogramsBetween, poolState, processCpuSeconds, quantileBound, routeHistograms, type RouteHistogram } from './server-metrics';
import { virtualUsers, type KindLatency, type UserRequest } from './virtual-users';

export interface LoadResult {
  label: string;
  model: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number | null;
  p99: number;
  errors: number;
  non2xx: number;
  /** What the non-2xx answers were, by status, where the run tells. */
  statuses?: string;
}

const PORT = 3931;
const base = `http://127.0.0.1:${PORT}`;
const USERS = 200;
const THINK_MS = 1000;

/**
 * `USERS` connections with no think time. With `perConnection`, connection k sends person k's requests
 * in a loop, so each connection is one person (autocannon would otherwise start every connection at the
 * same request, all as the first person, whose own bound on heavy reports would then refuse them).
 */
function saturate(
  label: string,
  url: string,
  requests: Request[],
  seconds: number,
  perConnection?: (k: number) => Request[],
): Promise<LoadResult> {
  let connection = 0;
  const setupClient = perConnection
    ? (client: { setRequests: (r: Request[]) => void }) => client.setRequests(perConnection(connection++))
    : undefined;
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: USERS, duration: seconds, requests, ...(setupClient ? { setupClient } : {}) }, (err, r) => {
      if (err) return reject(err instanceof Error ? err : new Error(String(err)));
      resolve({
        label,
        model: `${USERS} connections, no think time`,
        requests: r.requests.total,
        rps: r.requests.average,
        p50: r.latency.p50,
        p95: null,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      });
    });
  });
}

async function users(
  label: string,
  seconds: number,
  next: (user: number, i: number) => UserRequest,
): Promise<LoadResult & { byKind: KindLatency[] }> {
  const r = await virtualUsers(base, USERS, seconds, THINK_MS, next);
  return { label, model: `${USERS} users, think time ~${THINK_MS / 1000} s`, ...r };
}

/** Where the time of the uncached run went: per kind of view at the client, per route in the server, and the pools. */
export interface LoadBreakdown {
  byKind: KindLatency[];
  routes: Map<string, RouteHistogram>;
  /** Queries waiting for a database connection, sampled every 0.5 s: the most seen and the mean. */
  poolWaitingMax: number;
  poolWaitingMean: number;
  poolConnectionsMax: number;
  /** CPU seconds through the run: the server process, PostgreSQL's processes and the load generator; the run's length. */
  cpu: { server: number; postgres: number; generator: number; seconds: number; requests: number };
}

const scrape = async () => (await fetch(`${base}/metrics`)).text();

/** Requests every view once from `base`, four at a time; any failure stops the benchmark (the mix must be valid). */
export async function warmUp(base: string, views: UserRequest[]): Promise<void> {
  const queue = [...views];
  const worker = async () => {
    for (let v = queue.shift(); v; v = queue.shift()) {
      const res = await fetch(`${base}${v.path}`, { headers: v.headers });
      if (!res.ok) throw new Error(`warm-up ${v.path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** The ceiling: a plain Fastify hello-world in this process, same machine, same run. */
async function helloWorld(seconds: number): Promise<LoadResult> {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    return await saturate('Fastify hello world (ceiling)', `http://127.0.0.1:${port}`, [{ method: 'GET', path: '/' }], seconds);
  } finally {
    await app.close();
  }
}

/**
 * 200 people of the organisation working at once against a server in a separate process on 127.0.0.1
 * (dashboards, drill-downs, executive tables, call-centre listings of their own part of the hierarchy):
 * first their usual views (cached after the first request), then views no earlier request asked for
 * (uncached); then the cached views with no think time, against the Fastify hello-world ceiling.
 */
/** The server's memory through the runs: at the start (after warm-up) and the highest sample, in MiB, and each run's. */
export interface LoadMemory {
  startMb: number;
  peakMb: number;
  peakByRun: { label: string; peakMb: number }[];
}

export async function loadTest(
  repoRoot: string,
  databaseUrl: string,
  people: LoadUser[],
  seconds: number,
): Promise<{ runs: LoadResult[]; memory: LoadMemory; uncached: LoadBreakdown }> {
  const server = startServer(repoRoot, PORT, overBenchDatabase(databaseUrl));
  let sampler: NodeJS.Timeout | undefined;
  try {
    await server.ready();
    const memory: LoadMemory = { startMb: await serverRssMb(server.base), peakMb: 0, peakByRun: [] };
    let runPeak = 0;
    const sample = async () => {
      const rss = await serverRssMb(server.base).catch(() => 0);
      memory.peakMb = Math.max(memory.peakMb, rss);
      runPeak = Math.max(runPeak, rss);
    };
    // Each run's highest sample, the last sample of the run before it counted in.
    const measured = async <R extends LoadResult>(run: Promise<R>): Promise<R> => {
      const result = await run;
      await sample();
      memory.peakByRun.push({ label: result.label, peakMb: runPeak });
      runPeak = 0;
      return result;
    };
    sampler = setInterval(() => void sample(), 500);
    const person = (u: number) => people[u % people.length];
    // Each person starts somewhere else in their round of views, so the first requests are not all dashboards.
    const usual = (u: number, i: number): UserRequest => {
      const views = person(u)?.views ?? [];
      return views[(u + i) % views.length] ?? { path: '/healthz', headers: {} };
    };
    const fresh = (u: number, i: number): UserRequest => person(u)?.fresh(u + i) ?? { path: '/healthz', headers: {} };
    const everyView = people.flatMap((p) => p.views);
    // Someone opened each of these views earlier in the day: the cached runs measure cached answers.
    await warmUp(base, everyView);
    // The warm-up's samples are no run's.
    runPeak = 0;
    const results: LoadResult[] = [await measured(users('Dossier, usual views (cached)', seconds, usual))];
    results.push(
      await measured(
        saturate(
          'Dossier, usual views (cached), at saturation',
          base,
          everyView.map((r) => ({ method: 'GET' as const, ...r })),
          Math.min(seconds, 30),
          (k) => (person(k)?.views ?? []).map((r) => ({ method: 'GET' as const, ...r })),
        ),
      ),
    );
    const scrapeBefore = await scrape();
    const before = routeHistograms(scrapeBefore);
    const cpuBefore = { server: processCpuSeconds(scrapeBefore), postgres: cpuSecondsOf('postgres'), generator: process.cpuUsage() };
    const runStart = performance.now();
    const pools: { connections: number; waiting: number }[] = [];
    const poolSampler = setInterval(
      () =>
        void scrape().then(
          (text) => pools.push(poolState(text)),
          () => undefined,
        ),
      500,
    );
    const uncachedRun = await measured(users('Dossier, views not asked for before (uncached)', seconds, fresh));
    clearInterval(poolSampler);
    const scrapeAfter = await scrape();
    const generator = process.cpuUsage(cpuBefore.generator);
    const uncached: LoadBreakdown = {
      byKind: uncachedRun.byKind,
      routes: histogramsBetween(before, routeHistograms(scrapeAfter)),
      cpu: {
        server: processCpuSeconds(scrapeAfter) - cpuBefore.server,
        postgres: cpuSecondsOf('postgres') - cpuBefore.postgres,
        generator: (generator.user + generator.system) / 1e6,
        seconds: (performance.now() - runStart) / 1000,
        requests: uncachedRun.requests,
      },
      poolWaitingMax: Math.max(0, ...pools.map((p) => p.waiting)),
      poolWaitingMean: pools.reduce((a, p) => a + p.waiting, 0) / Math.max(1, pools.length),
      poolConnectionsMax: Math.max(0, ...pools.map((p) => p.connections)),
    };
    results.push(uncachedRun);
    clearInterval(sampler);
    results.push(await helloWorld(Math.min(seconds, 20)));
    return { runs: results, memory, uncached };
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

const ms = (n: number | null) => (n === null ? '—' : n < 10 ? n.toFixed(1) : n.toFixed(0));

export function loadTable(results: LoadResult[]): string {
  return [
    '| run | load | requests | req/s | p50 (ms) | p95 (ms) | p99 (ms) | errors / timeouts | non-2xx |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.label} | ${r.model} | ${r.requests.toLocaleString('en-IN')} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.errors} | ${r.non2xx}${r.statuses ? ` (${r.statuses})` : ''} |`,
    ),
  ].join('\n');
}

/** The uncached run taken apart: the slowest kinds of view at the client, the server's time per route, the pools. */
export function breakdownLines(b: LoadBreakdown): string[] {
  const secondsMs = (s: number) => (s === Infinity ? '> 30 s' : `≤ ${(s * 1000).toFixed(0)}`);
  return [
    "| view (the run's slowest at p99) | requests | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) |",
    '| --- | --- | --- | --- | --- | --- |',
    ...b.byKind.slice(0, 8).map((k) => `| ${k.kind} | ${k.requests} | ${ms(k.p50)} | ${ms(k.p95)} | ${ms(k.p99)} | ${ms(k.max)} |`),
    '',
    '| route, as the server timed it | requests | mean (ms) | p99 (bucket bound, ms) |',
    '| --- | --- | --- | --- |',
    ...[...b.routes]
      .filter(([route]) => route !== '/metrics')
      .sort(([, x], [, y]) => y.count - x.count)
      .map(([route, h]) => `| ${route} | ${h.count} | ${ms((h.sum / h.count) * 1000)} | ${secondsMs(quantileBound(h, 0.99))} |`),
    '',
    `Database pools through the run (sampled every 0.5 s): at most ${b.poolConnectionsMax} connections open; queries waiting for one: at most ${b.poolWaitingMax}, ${b.poolWaitingMean.toFixed(1)} on average.`,
    '',
    cpuLine(b.cpu),
  ];
}

/** What the run cost the machine's cores: each process's CPU seconds, of the cores' seconds, and per request. */
function cpuLine(c: LoadBreakdown['cpu']): string {
  const cores = cpus().length;
  const perRequest = (s: number) => `${((s / Math.max(1, c.requests)) * 1000).toFixed(1)} ms`;
  const share = (s: number) => `${((s / (cores * c.seconds)) * 100).toFixed(0)} %`;
  return (
    `CPU through the run (${c.seconds.toFixed(0)} s on ${cores} cores, ${c.requests.toLocaleString('en-IN')} requests): PostgreSQL ${c.postgres.toFixed(1)} s (${share(c.postgres)}, ${perRequest(c.postgres)} a request), ` +
    `the server ${c.server.toFixed(1)} s (${share(c.server)}, ${perRequest(c.server)} a request), the load generator ${c.generator.toFixed(1)} s (${share(c.generator)}).`
  );
}

/** The issue's targets, judged on the 200-user runs: p99 under 200 ms cached and under 500 ms uncached, no errors. */
export function loadVerdict(results: LoadResult[]): string {
  const judge = (prefix: string, limit: number) => {
    const r = results.find((x) => x.label.startsWith(prefix) && x.model.includes('users'));
    if (!r) return `${prefix}: not run`;
    const ok = r.p99 < limit && r.errors === 0 && r.non2xx === 0;
    return `${ok ? 'met' : 'NOT met'} — p99 ${ms(r.p99)} ms (target < ${limit} ms), ${r.errors} errors, ${r.non2xx} non-2xx`;
  };
  return [
    `Targets at 200 users: cached views ${judge('Dossier, usual views (cached)', 200)}; uncached views ${judge('Dossier, views not asked for before', 500)}.`,
  ].join('\n');
}
