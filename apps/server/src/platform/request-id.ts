import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

// Letters, digits, dot, underscore and dash cover UUIDs and the ids load balancers and proxies
// generate, and leave nothing that could end a log line, a JSON string or a header.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The caller's X-Request-Id when it is safe, so one id follows a request across the balancer and instances;
 * otherwise a fresh UUID. Fastify logs it as `reqId`.
 */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Fastify options that make `requestIdFor` the id source. Fastify's own `requestIdHeader` would take
 * any header value as it is, so it stays off and the header is read (and checked) here instead.
 */
export const requestIdOptions = { requestIdHeader: false, genReqId: requestIdFor } as const;

/** Echoes the id in every response, so a client or the balancer can quote it when reporting a problem. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
