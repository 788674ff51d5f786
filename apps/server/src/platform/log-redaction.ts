import type { FastifyRequest } from 'fastify';
import { STATUS_CALLBACK_PATH } from './telephony/index';

export const REDACTED = '[redacted]';
/** Query parameters that carry a credential: signed links and tokens. */
const SECRET_PARAMS = /([?&](?:signature|token|secret|sig)=)[^&#]*/gi;
const CALLBACK_SECRET = new RegExp(`^(${STATUS_CALLBACK_PATH.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/)[^/?#]*`);

/**
 * A URL fit for the logs: the status callback's secret path segment and the values of signature and
 * token parameters (recording and notice links) are replaced, so a log line never holds a credential.
 */
export function redactUrl(url: string): string {
  return url.replace(CALLBACK_SECRET, `$1${REDACTED}`).replace(SECRET_PARAMS, `$1${REDACTED}`);
}

/** Fastify's request serializer with the URL redacted (used for every request log line). */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  }),
};
