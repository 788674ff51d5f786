/**
 * What the server's /metrics says about a run: the time it spent on each route (its request histogram, summed
 * over methods and statuses) and its database pools' connections and waiting queries. Set beside the load
 * generator's latencies, the difference is time spent before the server's handler saw the request or after it
 * answered (queueing in the process), and the pools show whether queries waited for a connection.
 */

/** A route's request histogram: how many, their total seconds, and the cumulative count under each bound. */
export interface RouteHistogram {
  count: number;
  sum: number;
  buckets: Map<number, number>;
}

const labelsOf = (text: string): Map<string, string> =>
  new Map([...text.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']));

// One sample line: name{labels} value.
const SAMPLE = /^(\w+)\{([^}]*)\} (\S+)$/;

/** Every route's request histogram in a scrape. */
export function routeHistograms(scrape: string): Map<string, RouteHistogram> {
  const routes = new Map<string, RouteHistogram>();
  for (const line of scrape.split('\n')) {
    const m = SAMPLE.exec(line);
    if (!m?.[1]?.startsWith('http_request_duration_seconds_')) continue;
    const labels = labelsOf(m[2] ?? '');
    const route = labels.get('route') ?? '?';
    const h = routes.get(route) ?? { count: 0, sum: 0, buckets: new Map<number, number>() };
    const value = Number(m[3]);
    if (m[1].endsWith('_count')) h.count += value;
    else if (m[1].endsWith('_sum')) h.sum += value;
    else {
      const le = Number(labels.get('le') === '+Inf' ? Infinity : labels.get('le'));
      h.buckets.set(le, (h.buckets.get(le) ?? 0) + value);
    }
    routes.set(route, h);
  }
  return routes;
}

/** What happened between two scrapes, per route (routes with no request left out). */
export function histogramsBetween(before: Map<string, RouteHistogram>, after: Map<string, RouteHistogram>): Map<string, RouteHistogram> {
  const out = new Map<string, RouteHistogram>();
  for (const [route, a] of after) {
    const b = before.get(route);
    const count = a.count - (b?.count ?? 0);
    if (count <= 0) continue;
    out.set(route, {
      count,
      sum: a.sum - (b?.sum ?? 0),
      buckets: new Map([...a.buckets].map(([le, n]) => [le, n - (b?.buckets.get(le) ?? 0)])),
    });
  }
  return out;
}

/** The bound of the first bucket holding the quantile `q` of a route's requests (seconds): an upper estimate. */
export function quantileBound(h: RouteHistogram, q: number): number {
  const need = q * h.count;
  const bounds = [...h.buckets.keys()].sort((x, y) => x - y);
  return bounds.find((le) => (h.buckets.get(le) ?? 0) >= need) ?? Infinity;
}

/** The database pools' open connections and queries waiting for one, summed over the pools. */
export function poolState(scrape: string): { connections: number; waiting: number } {
  let connections = 0;
  let waiting = 0;
  for (const line of scrape.split('\n')) {
    const m = SAMPLE.exec(line);
    if (m?.[1] === 'dossier_db_pool_connections') connections += Number(m[3]);
    if (m?.[1] === 'dossier_db_pool_waiting_queries') waiting += Number(m[3]);
  }
  return { connections, waiting };
}

/** The server process's CPU seconds so far (user and system), from prom-client's default metrics. */
export function processCpuSeconds(scrape: string): number {
  const line = scrape.split('\n').find((l) => l.startsWith('process_cpu_seconds_total '));
  return Number(line?.split(' ')[1] ?? 0);
}
