import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { audit } from './audit';
import type { Db } from './db';
import { HttpError } from './http-errors';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

/** 'body.username: Username is required' — one readable line per zod issue. */
function describeIssues(context: string, issues: readonly ValidationIssue[]): string[] {
  return issues.map((i) => {
    const path = i.instancePath ? i.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
    return `${context}${path ? `.${path}` : ''}: ${i.message ?? 'is invalid'}`;
  });
}

/** Errors that mean the database is unreachable: answer 503 fast instead of 500. */
function isDatabaseDown(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : '';
  return (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === '57P01' || // admin_shutdown
    code === '57P03' || // cannot_connect_now
    // 'not queryable': the next statement of a transaction whose connection died during a restart.
    /timeout exceeded when trying to connect|Connection terminated|not queryable/i.test(message)
  );
}

/**
 * The single error handler: every failure leaves as `{ error, detail? }` with a 4xx/5xx status.
 * Refused accesses (403) are audited: who tried what, from where.
 */
export function registerErrorHandler(app: FastifyInstance, db: Db): void {
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.statusCode === 403) {
        await audit(db, {
          actorUserId: request.viewer?.userId ?? null,
          action: 'access_refused',
          entity: 'route',
          entityId: `${request.method} ${request.routeOptions.url ?? ''}`,
          after: { url: request.url.slice(0, 500), reason: err.message },
          ip: request.ip,
        }).catch((auditErr: unknown) => request.log.error({ err: auditErr }, 'could not audit a refused access'));
      }
      void reply.headers(err.headers);
      return reply.code(err.statusCode).send({ error: err.message, ...(err.detail === undefined ? {} : { detail: err.detail }) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const lines = describeIssues(err.validationContext ?? 'request', err.validation);
      return reply.code(400).send({ error: `Invalid request: ${lines.join('; ')}`, detail: { issues: lines } });
    }
    if (err.validation) {
      return reply.code(400).send({ error: `Invalid request: ${err.message}` });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ error: 'Internal server error' });
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type...
      const message = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? 'Request body is not valid JSON' : err.message;
      return reply.code(err.statusCode).send({ error: message });
    }
    if (isDatabaseDown(err)) {
      request.log.warn({ err }, 'database unavailable');
      void reply.header('retry-after', '5');
      return reply.code(503).send({ error: 'Service temporarily unavailable, please retry shortly' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'Internal server error' });
  });
}
