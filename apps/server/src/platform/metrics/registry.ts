import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db, PoolStats } from '../db';
import { readBacklog } from './queries';

/** The pg pools whose connections are exported, by name (PGlite has none). */
export type PoolReaders = Partial<Record<'primary' | 'reporting', () => PoolStats>>;

/** The route label of requests no route matched: one series for all of them, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

const OUTBOX_STATUSES = ['pending', 'sending'] as const;

let processRegistry: Registry | undefined;

/**
 * Node's default metrics describe the process, so they are registered once and shared by every app: per app,
 * each test's app would add a monitor never removed.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface AppMetrics {
  /** This app's metrics plus the process's: what /metrics answers. */
  registry: Registry;
  observeRequest(route: string, method: string, statusCode: number, seconds: number): void;
  countAnonymousRefusal(route: string, statusCode: number): void;
  /** Reads the database-backed gauges; called once per scrape, before the registry is rendered. */
  refresh(): Promise<void>;
}

/** A registry per app, so apps built side by side (tests) never share or double-register series. */
export function createMetrics(db: Db, pools: PoolReaders): AppMetrics {
  const own = new Registry();
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route pattern, method and status code',
    labelNames: ['route', 'method', 'status_code'] as const,
    // Fine steps up to a second for API latency; report downloads and mails can take tens of seconds.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [own],
  });
  const poolGauge = (name: string, help: string) => new Gauge({ name, help, labelNames: ['pool'] as const, registers: [own] });
  const poolTotal = poolGauge('dossier_db_pool_connections', 'Open connections of the database pool');
  const poolIdle = poolGauge('dossier_db_pool_idle_connections', 'Idle connections of the database pool');
  const poolWaiting = poolGauge('dossier_db_pool_waiting_queries', 'Queries waiting for a free connection of the database pool');
  const etlLag = new Gauge({
    name: 'dossier_etl_lag_seconds',
    help: 'Seconds since the last successful run of the ETL job (+Inf: never succeeded); reports lag the data by this much',
    labelNames: ['job'] as const,
    registers: [own],
  });
  const importBacklog = new Gauge({
    name: 'dossier_etl_import_backlog_seconds',
    help: 'Seconds the oldest committed import batch has waited for the roll-ups (0: the reports hold every batch)',
    registers: [own],
  });
  const outbox = new Gauge({
    name: 'dossier_mail_outbox_depth',
    help: 'Mails in the outbox not sent yet, by status (pending: waiting or retrying; sending: claimed by a worker)',
    labelNames: ['status'] as const,
    registers: [own],
  });

  const anonymousRefusals = new Counter({
    name: 'dossier_anonymous_refusals_total',
    help: 'Requests without a session refused with 401, 403 or 429, by route pattern and status (they write no audit row)',
    labelNames: ['route', 'status_code'] as const,
    registers: [own],
  });

  return {
    registry: Registry.merge([own, processMetrics()]),
    observeRequest: (route, method, statusCode, seconds) => requests.observe({ route, method, status_code: statusCode }, seconds),
    countAnonymousRefusal: (route, statusCode) => anonymousRefusals.inc({ route, status_code: statusCode }),
    refresh: async () => {
      for (const [pool, read] of Object.entries(pools)) {
        if (!read) continue;
        const stats = read();
        poolTotal.set({ pool }, stats.total);
        poolIdle.set({ pool }, stats.idle);
        poolWaiting.set({ pool }, stats.waiting);
      }
      // Jobs and statuses come and go between scrapes: start from a clean slate each time. When the
      // database does not answer, the series vanish rather than repeat stale figures.
      etlLag.reset();
      outbox.reset();
      const rows = await readBacklog(db);
      for (const status of OUTBOX_STATUSES) outbox.set({ status }, 0);
      for (const row of rows) {
        if (row.kind === 'etl') etlLag.set({ job: row.key }, row.value ?? Number.POSITIVE_INFINITY);
        else if (row.kind === 'imports') importBacklog.set(row.value ?? 0);
        else outbox.set({ status: row.key }, row.value ?? 0);
      }
    },
  };
}
