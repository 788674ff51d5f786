import type { FastifyInstance, FastifySchema } from 'fastify';

export interface RouteListEntry {
  method: string;
  url: string;
  /** The route's zod schemas (params, querystring, body, response), for tests that derive requests from them. */
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app, in registration order (HEAD routes Fastify adds included). */
    routeList: RouteListEntry[];
  }
}

/**
 * Records every route as registered, so the access matrix and fuzzer fail on a route they do not cover.
 * Must run before any route or plugin is registered.
 */
export function collectRoutes(app: FastifyInstance): void {
  const routes: RouteListEntry[] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, ...(route.schema ? { schema: route.schema } : {}) });
  });
}
