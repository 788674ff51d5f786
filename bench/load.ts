import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import autocannon, { type Request } from 'autocannon';
import Fastify from 'fastify';

export interface LoadResult {
  label: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const PORT = 3931;
const base = `http://127.0.0.1:${PORT}`;

async function waitReady(child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error('load-test server exited');
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function token(login: string): Promise<string> {
  const res = await fetch(`${base}/accounts/api/v1/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login, password: 'dossier-demo' }),
  });
  if (!res.ok) throw new Error(`login ${login}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

function run(label: string, url: string, requests: Request[], seconds: number, connections: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, requests }, (err, r) => {
      if (err) return reject(err instanceof Error ? err : new Error(String(err)));
      resolve({
        label,
        requests: r.requests.total,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      });
    });
  });
}

/** The ceiling: a plain Fastify hello-world in this process, same machine, same run. */
async function helloWorld(seconds: number, connections: number): Promise<LoadResult> {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    return await run('Fastify hello world (ceiling)', `http://127.0.0.1:${port}`, [{ method: 'GET', path: '/' }], seconds, connections);
  } finally {
    await app.close();
  }
}

export interface LoadTargets {
  zsm: string;
  asm: string;
  partner: string;
  rm: string;
  trm: string;
  months: { start: string; end: string }[];
}

/**
 * 200 concurrent users against a server in a separate process on 127.0.0.1: dashboards, drill-downs,
 * executive tables and call-centre listings; first with repeated parameters (cached views), then with
 * a different month each request (uncached views).
 */
export async function loadTest(repoRoot: string, databaseUrl: string, targets: LoadTargets, seconds: number, connections: number): Promise<LoadResult[]> {
  const server = spawn('npx', ['tsx', join(repoRoot, 'apps/server/src/server.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(PORT), HOST: '127.0.0.1', DEMO_DATA: 'false', LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000', ETL_INTERVAL_SECONDS: '86400' },
    stdio: 'ignore',
    // Its own process group: npx starts the server as a grandchild, and all of them must stop.
    detached: true,
  });
  try {
    await waitReady(server);
    const [head, rm, trm] = [await token('demo.head'), await token('demo.rm'), await token('demo.trm')];
    const auth = (t: string) => ({ authorization: `Token ${t}` });
    const cached: Request[] = [
      { method: 'GET', path: '/api/reports/1/', headers: auth(head) },
      { method: 'GET', path: '/api/reports/13/', headers: auth(head) },
      { method: 'GET', path: `/api/reports/11/?account_id=${targets.zsm}`, headers: auth(head) },
      { method: 'GET', path: `/api/reports/11/?account_id=${targets.asm}`, headers: auth(head) },
      { method: 'GET', path: `/api/reports/37/?account_id=${targets.partner}`, headers: auth(head) },
      { method: 'GET', path: `/services/communication/api/v1/partner-listing/${targets.rm}/?current_page=1`, headers: auth(rm) },
      { method: 'GET', path: `/services/communication/api/v1/trm-case-history/${targets.trm}/?current_page=1`, headers: auth(trm) },
    ];
    let i = 0;
    const month = () => targets.months[i++ % targets.months.length] ?? { start: '2026-01-01', end: '2026-01-31' };
    const withMonth = (path: string) => (req: Request) => {
      const m = month();
      return { ...req, path: `${path}${path.includes('?') ? '&' : '?'}start_date=${m.start}&end_date=${m.end}` };
    };
    const uncached: Request[] = [
      { method: 'GET', path: '/api/reports/13/', headers: auth(head), setupRequest: withMonth('/api/reports/13/') },
      { method: 'GET', path: '/api/reports/11/', headers: auth(head), setupRequest: withMonth(`/api/reports/11/?account_id=${targets.zsm}`) },
      { method: 'GET', path: '/api/reports/11/', headers: auth(head), setupRequest: withMonth(`/api/reports/11/?account_id=${targets.asm}`) },
      { method: 'GET', path: '/api/reports/37/', headers: auth(head), setupRequest: withMonth(`/api/reports/37/?account_id=${targets.partner}`) },
      { method: 'GET', path: '/api/reports/16/', headers: auth(head), setupRequest: withMonth('/api/reports/16/') },
    ];
    const results = [await run('Dossier, cached views (dashboards, drill-downs, tables, call-centre listings)', base, cached, seconds, connections)];
    results.push(await run('Dossier, uncached views (a different month per request)', base, uncached, seconds, connections));
    results.push(await helloWorld(Math.min(seconds, 20), connections));
    return results;
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

export function loadTable(results: LoadResult[]): string {
  return [
    '| run | requests | req/s | p50 (ms) | p99 (ms) | errors / timeouts | non-2xx |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...results.map((r) => `| ${r.label} | ${r.requests.toLocaleString('en-IN')} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`),
  ].join('\n');
}
