import rateLimit from '@fastify/rate-limit';
import { tooManyRequests } from './http-errors';
import type { App } from './types';

/** Requests per minute one client address may send to a route that needs no session. */
export const ANONYMOUS_PER_MINUTE = 60;
/** The telephony provider's status callbacks come from a few addresses, one per call event. */
export const CALLBACK_PER_MINUTE = 600;

/** Route option for a route without a session: bounded per client address (docs/product/security.md). */
export const anonymousLimit = (max = ANONYMOUS_PER_MINUTE) => ({ rateLimit: { max, timeWindow: 60_000 } }) as const;

/**
 * Bounds the routes that need no session per client address, in this instance's memory, so a flood of refused
 * requests costs no database row. Routes opt in with `config: anonymousLimit()`.
 */
export async function registerAnonymousLimit(app: App): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Bounded memory whatever the number of addresses: the least recently seen are forgotten first.
    cache: 10_000,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return tooManyRequests(`Too many requests from your address. Try again in ${seconds} seconds.`, seconds);
    },
  });
}
