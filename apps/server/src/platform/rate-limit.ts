import { sql } from 'kysely';
import type { Db } from './db';
import { tooManyRequests } from './http-errors';

/**
 * Counts a hit on each key and refuses with 429 once any key is over its limit. A sliding window (previous
 * window weighted by its overlap) so bursts cannot straddle a boundary; counters live in the database so all
 * instances share one limit.
 */
export async function hitRateLimit(
  db: Db,
  keys: readonly string[],
  limit: number,
  windowSeconds: number,
  message: (retryAfter: number) => string,
): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const nowMs = Date.now();
  const windowStartMs = Math.floor(nowMs / windowMs) * windowMs;
  const previousWeight = 1 - (nowMs - windowStartMs) / windowMs;
  let worst = 0;
  for (const key of keys) {
    const row = await db
      .insertInto('rate_limit_hits')
      .values({ key, window_start: new Date(windowStartMs), hits: 1 })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
      .returning('hits')
      .executeTakeFirstOrThrow();
    const previous = await db
      .selectFrom('rate_limit_hits')
      .select('hits')
      .where('key', '=', key)
      .where('window_start', '=', new Date(windowStartMs - windowMs))
      .executeTakeFirst();
    worst = Math.max(worst, row.hits + (previous?.hits ?? 0) * previousWeight);
  }
  if (worst > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStartMs + windowMs - nowMs) / 1000));
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
