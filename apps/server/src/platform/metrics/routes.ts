import type { Db } from '../db';
import type { App } from '../types';
import { metricsAccess } from './access';
import { createMetrics, UNMATCHED_ROUTE, type PoolReaders } from './registry';

const ANONYMOUS_REFUSALS = new Set([401, 403, 429]);

export interface MetricsOptions {
  db: Db;
  pools: PoolReaders;
  /** METRICS_TOKEN: see metricsAccess for who may scrape with and without it. */
  token: string | undefined;
}

/**
 * Times every request and serves GET /metrics (Prometheus text format). Register before any route,
 * so the timing hook covers them all.
 */
export function registerMetrics(app: App, { db, pools, token }: MetricsOptions): void {
  const metrics = createMetrics(db, pools);
  const refusal = metricsAccess(token);

  // On the hot path of every request (the server is load-tested for p99): a callback hook, no
  // promise, and one histogram update. The route pattern, never the URL, keeps the series bounded.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    if (!request.viewer && ANONYMOUS_REFUSALS.has(reply.statusCode)) metrics.countAnonymousRefusal(route, reply.statusCode);
    done();
  });

  app.get(
    '/metrics',
    { schema: { tags: ['health'], summary: 'Prometheus metrics (bearer METRICS_TOKEN when set, otherwise this host only)' } },
    async (request, reply) => {
      const refused = refusal(request);
      if (refused) return reply.code(refused.statusCode).headers(refused.headers).send({ error: refused.error });
      try {
        await metrics.refresh();
      } catch (err) {
        // Process and request metrics are still worth a scrape when the database is down.
        request.log.warn({ err }, 'metrics: database figures unavailable');
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );
}
