import type { FastifyRequest } from 'fastify';
import { STATUS_CALLBACK_PATH } from './telephony/index';

export const REDACTED = '[redacted]';
/**
 * Query parameters whose values are credentials, by name (case-insensitive), also with a `_`/`-` prefix for
 * the first six. `code` is the sign-in callback's one-time code; `employee_code` is no secret.
 */
const SECRET_NAMES = ['password', 'passwd', 'token', 'key', 'secret', 'signature', 'sig', 'code', 'code_verifier'];
const SECRET_SUFFIX = /[_-](?:password|passwd|token|key|secret|signature)$/;
const QUERY_PARAM = /([?&])([^=&#]*)=([^&#]*)/g;

const isSecretName = (name: string): boolean => {
  const lower = name.toLowerCase();
  return SECRET_NAMES.includes(lower) || SECRET_SUFFIX.test(lower);
};
const CALLBACK_SECRET = new RegExp(`^(${STATUS_CALLBACK_PATH.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/)[^/?#]*`);

/**
 * A URL fit for the logs: the status callback's secret path segment and credential query values are
 * replaced, so a log line never holds a credential.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  const path = (query === -1 ? url : url.slice(0, query)).replace(CALLBACK_SECRET, `$1${REDACTED}`);
  if (query === -1) return path;
  const rest = url
    .slice(query)
    .replace(QUERY_PARAM, (whole, lead: string, name: string) => (isSecretName(safeDecode(name)) ? `${lead}${name}=${REDACTED}` : whole));
  return path + rest;
}

/** A parameter name as the server reads it (`pass%77ord` is `password`); undecodable text stays as sent. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
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
