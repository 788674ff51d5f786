import { Agent, request } from 'node:http';
import { percentile } from './stats';

export interface UserRequest {
  path: string;
  headers: Record<string, string>;
}

export interface UserModelResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** Answers other than 2xx by status, e.g. `429: 12` (what the non-2xx were). */
  statuses: string;
  /** The latencies of each kind of view (`viewKind`), slowest p99 first. */
  byKind: KindLatency[];
}

export interface KindLatency {
  kind: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * A view's kind: its path without the query, with a code of the organisation (an employee's or a partner's:
 * letters with two digits or more; `v1` stays) as `{code}`. `/api/reports/37/?account_id=…` is 'report 37'.
 */
export function viewKind(path: string): string {
  const bare = path.split('?')[0] ?? path;
  return bare
    .split('/')
    .map((segment) => (/[a-z]/i.test(segment) && /\d\d/.test(segment) ? '{code}' : segment))
    .join('/');
}

const RAMP_UP_THINK_TIMES = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Exponentially distributed think time: users act independently, not in lock-step. */
const thinkTime = (meanMs: number) => -Math.log(1 - Math.random()) * meanMs;

function get(agent: Agent, base: URL, req: UserRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const r = request({ agent, host: base.hostname, port: base.port, path: req.path, headers: req.headers, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    r.on('timeout', () => r.destroy(new Error('timeout')));
    r.on('error', reject);
    r.end();
  });
}

/**
 * `users` people working the portal at once: each sends a request, reads the answer, thinks for a
 * random while (exponential, mean `thinkMs`) and goes on with the next request of its own sequence.
 * autocannon's rate option would fire every connection at the same tick, a burst no real team makes;
 * the saturation runs (autocannon, no think time) show the capacity instead.
 */
export async function virtualUsers(
  baseUrl: string,
  users: number,
  seconds: number,
  thinkMs: number,
  next: (user: number, i: number) => UserRequest,
): Promise<UserModelResult> {
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: users });
  const latencies: number[] = [];
  const kinds = new Map<string, number[]>();
  let errors = 0;
  let non2xx = 0;
  const statuses = new Map<number, number>();
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  const user = async (u: number) => {
    // People sign on over the first few seconds, not all in the same second (a burst no morning has).
    await sleep(Math.random() * RAMP_UP_THINK_TIMES * thinkMs);
    for (let i = 0; performance.now() < end; i++) {
      const t = performance.now();
      const req = next(u, i);
      try {
        const status = await get(agent, base, req);
        const took = performance.now() - t;
        latencies.push(took);
        const kind = viewKind(req.path);
        const ofKind = kinds.get(kind) ?? [];
        ofKind.push(took);
        kinds.set(kind, ofKind);
        if (status < 200 || status >= 300) {
          non2xx++;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      } catch {
        errors++;
      }
      await sleep(thinkTime(thinkMs));
    }
  };
  await Promise.all(Array.from({ length: users }, (_, u) => user(u)));
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    errors,
    non2xx,
    statuses: [...statuses].map(([status, n]) => `${status}: ${n}`).join(', '),
    byKind: [...kinds]
      .map(([kind, xs]) => ({
        kind,
        requests: xs.length,
        p50: percentile(xs, 50),
        p95: percentile(xs, 95),
        p99: percentile(xs, 99),
        max: percentile(xs, 100),
      }))
      .sort((a, b) => b.p99 - a.p99),
  };
}
