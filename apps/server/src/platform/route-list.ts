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
 * Records every route as it is registered, so the access matrix and the fuzzer enumerate the server's
 * own routes: a route added without a matrix entry fails the tests instead of going unchecked.
 * Must run before any route or plugin is registered.
 */
export function collectRoutes(app: FastifyInstance): void {
  const routes: RouteListEntry[] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, ...(route.schema ? { schema: route.schema } : {}) });
  });
}
