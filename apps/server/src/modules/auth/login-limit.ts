import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { tooManyRequests } from '../../platform/http-errors';

/** A pair's failures are forgotten after this long without a new one. */
export const FAILURE_MEMORY_MINUTES = 60;
/** The first wait once a pair reaches its free failures; it doubles with every further failure. */
export const FIRST_DELAY_SECONDS = 30;
/** The longest a pair ever waits between two attempts. */
export const MAX_DELAY_SECONDS = 900;
const GLOBAL_KEY = 'login:failed';
const GLOBAL_WINDOW_MS = 60_000;

export const tooManyFailures = (seconds: number) =>
  tooManyRequests(`Too many failed sign-in attempts. Try again in ${seconds} seconds.`, seconds);
export const signInBusy = (seconds: number) =>
  tooManyRequests(`Too many failed sign-ins on this service right now. Try again in ${seconds} seconds.`, seconds);

/** Seconds a pair with `failures` recent failures waits after its last one (0: free to try). */
export function delayAfter(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (failures - freeFailures));
}

export interface LoginLimitOptions {
  /** Failed sign-ins an account and client may make before each further attempt must wait. */
  freeFailures: number;
  /** Failed sign-ins per minute over all accounts and clients that switch on the global throttle. */
  globalFailuresPerMinute: number;
}

/**
 * The sign-in limits (docs/product/security.md): only failures count, per account and client, so nobody can lock
 * another person out from elsewhere. Above a global failure rate, lately failing clients wait. State is shared
 * in the database.
 */
export class LoginLimit {
  constructor(
    private readonly db: Db,
    private readonly options: LoginLimitOptions,
  ) {}

  /**
   * Claims one attempt for this account and client, or throws 429. It counts as a failure until `succeeded`,
   * so parallel guesses cannot all slip in while the first are verified (the upsert's row lock orders them).
   */
  async claim(login: string, client: string): Promise<void> {
    const global = await this.globalFailures();
    if (global.count >= this.options.globalFailuresPerMinute && (await this.failedLately(client))) throw signInBusy(global.retryAfter);
    const { freeFailures } = this.options;
    const recent = sql<boolean>`login_failures.last_failed_at > now() - make_interval(mins => ${FAILURE_MEMORY_MINUTES})`;
    const claimed = await this.db
      .insertInto('login_failures')
      .values({ login, client, failures: 1 })
      .onConflict((oc) =>
        oc
          .columns(['login', 'client'])
          .doUpdateSet({
            // A pair quiet for the memory window starts again from one.
            failures: sql`case when ${recent} then login_failures.failures + 1 else 1 end`,
            last_failed_at: sql`now()`,
          })
          .where((eb) =>
            eb.or([
              eb.not(recent),
              eb('login_failures.failures', '<', freeFailures),
              eb(
                sql`login_failures.last_failed_at + make_interval(secs => least(${MAX_DELAY_SECONDS}, ${FIRST_DELAY_SECONDS} * power(2, login_failures.failures - ${freeFailures})))`,
                '<=',
                sql`now()`,
              ),
            ]),
          ),
      )
      .returning('failures')
      .executeTakeFirst();
    if (claimed) return;
    const row = await this.db
      .selectFrom('login_failures')
      .select(['failures', 'last_failed_at'])
      .where('login', '=', login)
      .where('client', '=', client)
      .executeTakeFirst();
    const readyAt = row ? new Date(row.last_failed_at).getTime() + delayAfter(row.failures, freeFailures) * 1000 : Date.now();
    throw tooManyFailures(Math.max(1, Math.ceil((readyAt - Date.now()) / 1000)));
  }

  /** Counts a failed sign-in against the global rate (the pair's count was taken by `claim`). */
  async failed(): Promise<void> {
    const windowStart = new Date(Math.floor(Date.now() / GLOBAL_WINDOW_MS) * GLOBAL_WINDOW_MS);
    await this.db
      .insertInto('rate_limit_hits')
      .values({ key: GLOBAL_KEY, window_start: windowStart, hits: 1 })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
      .execute();
  }

  /** A successful sign-in clears the pair's failures, the attempt just claimed included. */
  async succeeded(login: string, client: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('login', '=', login).where('client', '=', client).execute();
  }

  /** Failures over the last minute: this window's plus the previous one's share that still overlaps it. */
  private async globalFailures(): Promise<{ count: number; retryAfter: number }> {
    const nowMs = Date.now();
    const windowStartMs = Math.floor(nowMs / GLOBAL_WINDOW_MS) * GLOBAL_WINDOW_MS;
    const rows = await this.db
      .selectFrom('rate_limit_hits')
      .select(['window_start', 'hits'])
      .where('key', '=', GLOBAL_KEY)
      .where('window_start', '>=', new Date(windowStartMs - GLOBAL_WINDOW_MS))
      .execute();
    const hitsAt = (ms: number) => rows.find((r) => new Date(r.window_start).getTime() === ms)?.hits ?? 0;
    const previousWeight = 1 - (nowMs - windowStartMs) / GLOBAL_WINDOW_MS;
    return {
      count: hitsAt(windowStartMs) + hitsAt(windowStartMs - GLOBAL_WINDOW_MS) * previousWeight,
      retryAfter: Math.max(1, Math.ceil((windowStartMs + GLOBAL_WINDOW_MS - nowMs) / 1000)),
    };
  }

  private async failedLately(client: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('login_failures')
      .select('login')
      .where('client', '=', client)
      .where('last_failed_at', '>', sql<Date>`now() - make_interval(mins => ${FAILURE_MEMORY_MINUTES})`)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}

/** Drops sign-in failures and rate-limit windows nobody reads any more; run by a background job. */
export async function pruneLoginFailures(db: Db): Promise<number> {
  const res = await db
    .deleteFrom('login_failures')
    .where('last_failed_at', '<', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
