import { sql } from 'kysely';
import type { Db } from './db';
import { tooManyRequests } from './http-errors';

/**
 * Counts a hit on each key in the current fixed window and refuses with 429 once any key is over
 * its limit. Counters live in the database so all server instances enforce one shared limit.
 */
export async function hitRateLimit(
  db: Db,
  keys: readonly string[],
  limit: number,
  windowSeconds: number,
  message: (retryAfter: number) => string,
): Promise<void> {
  const nowMs = Date.now();
  const windowStartMs = Math.floor(nowMs / (windowSeconds * 1000)) * windowSeconds * 1000;
  const windowStart = new Date(windowStartMs);
  let worst = 0;
  for (const key of keys) {
    const row = await db
      .insertInto('rate_limit_hits')
      .values({ key, window_start: windowStart, hits: 1 })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
      .returning('hits')
      .executeTakeFirstOrThrow();
    worst = Math.max(worst, row.hits);
  }
  if (worst > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStartMs + windowSeconds * 1000 - nowMs) / 1000));
    throw tooManyRequests(message(retryAfter), retryAfter);
  }
}

/** Old windows are useless; dropping them keeps the table tiny. */
export async function pruneRateLimits(db: Db, olderThanSeconds = 3600): Promise<void> {
  await db
    .deleteFrom('rate_limit_hits')
    .where('window_start', '<', new Date(Date.now() - olderThanSeconds * 1000))
    .execute();
}
