import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { audit } from './audit';
import type { Db } from './db';
import { HttpError } from './http-errors';
import { QUERY_CANCELED } from './reporting-db';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
}

/** 'body.username: Username is required' — one line per zod issue, with where it is (kept in detail). */
function describeIssues(context: string, issues: readonly ValidationIssue[]): string[] {
  return issues.map((i) => `${context}${issuePath(i) ? `.${issuePath(i)}` : ''}: ${i.message ?? 'is invalid'}`);
}

function issuePath(issue: ValidationIssue): string {
  return issue.instancePath ? issue.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
}

// zod's own English messages ('Invalid input: expected string, received undefined', 'Too small: …'):
// a schema author's message is shown as written, these are put in plain words.
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized key)/;

/** 'start_date' or 'body.partner_list.0' → 'Start date' / 'Partner list': the field as a person names it. */
function fieldName(path: string): string {
  const last =
    path
      .split('.')
      .filter((p) => p !== '' && !/^\d+$/.test(p))
      .pop() ?? '';
  const words = last
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'The request';
}

/**
 * What a person reads for one refused value: the schema's own sentence, a fragment completed with the
 * field's name, or plain words for zod's defaults.
 */
export function personMessage(issue: ValidationIssue): string {
  const message = (issue.message ?? '').trim();
  const field = fieldName(issuePath(issue));
  if (message === '' || ZOD_DEFAULT_MESSAGE.test(message)) {
    if (/received undefined$/.test(message)) return `${field} is missing`;
    if (issue.keyword === 'unrecognized_keys') return 'The request has fields this screen does not send';
    return `${field} is not valid`;
  }
  if (/^[a-z]/.test(message)) return `${field} ${message}`;
  return message;
}

/** The refused values in one readable text: each message once; a single one exactly as written. */
function personMessages(issues: readonly ValidationIssue[]): string {
  const messages = [...new Set(issues.map(personMessage))];
  if (messages.length === 1) return messages[0] ?? '';
  return messages.map((m) => (/[.!?]$/.test(m) ? m : `${m}.`)).join(' ');
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
 * The single error handler: every failure leaves as `{ error, detail? }`. Signed-in users' 403s are audited;
 * anonymous refusals are only counted in metrics, so anonymous callers cannot fill the audit table.
 */
export function registerErrorHandler(app: FastifyInstance, db: Db): void {
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.statusCode === 403 && request.viewer) {
        await audit(db, {
          actorUserId: request.viewer.userId,
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
      return reply.code(400).send({ error: personMessages(err.validation), detail: { issues: lines } });
    }
    if (err.validation) {
      return reply.code(400).send({ error: 'The request is not valid. Reload the page and try again.', detail: { issues: [err.message] } });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ error: 'Internal server error' });
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type...
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? 'Request body is not valid JSON' : err.message;
      return reply.code(err.statusCode).send({ error: message });
    }
    if ((err as { code?: unknown }).code === QUERY_CANCELED) {
      request.log.warn({ err }, 'report query cancelled by its statement timeout');
      void reply.header('retry-after', '30');
      return reply.code(503).send({ error: 'This report took too long to prepare. Choose a shorter range or try again later.' });
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
