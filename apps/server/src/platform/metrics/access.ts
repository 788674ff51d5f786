import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export interface MetricsRefusal {
  statusCode: 401 | 403;
  error: string;
  headers: Record<string, string>;
}

// Headers a reverse proxy adds: their presence means the request came from elsewhere, even when the
// proxy itself runs on this host and connects over loopback.
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics: with METRICS_TOKEN, bearers of it; otherwise only callers on this host. "On this host"
 * is judged from the TCP peer without forwarding headers, since `request.ip` comes from X-Forwarded-For, which
 * any client can write.
 */
export function metricsAccess(token: string | undefined): (request: FastifyRequest) => MetricsRefusal | undefined {
  if (token !== undefined) {
    // Comparing fixed-length digests keeps the comparison constant-time whatever the lengths.
    const expected = digest(token);
    return (request) => {
      const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
      if (match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected)) return undefined;
      return {
        statusCode: 401,
        error: 'Metrics require a valid bearer token (METRICS_TOKEN)',
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      };
    };
  }
  return (request) => {
    const forwarded = FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined);
    if (!forwarded && isLoopback(request.socket.remoteAddress)) return undefined;
    return {
      statusCode: 403,
      error: 'Metrics are only served to this host (loopback) unless METRICS_TOKEN is set; scrape with that token from elsewhere',
      headers: {},
    };
  };
}
