/**
 * How long readers wait while a full rebuild runs: a session of its own reads a little of each kind of roll-up a
 * report reads (the head's subtree days, one day's daily facts, one partner's months, one policy's version) every
 * 250 ms until the rebuild ends. A rebuild fills fresh tables and swaps them in at the end, so readers should only
 * ever wait for the swap.
 */
import { sql } from 'kysely';
import { createDb } from '../apps/server/src/platform/db';
import { ms, percentile } from './stats';

const EVERY_MS = 250;

export interface ReaderWaits {
  probes: number;
  p50: number;
  p99: number;
  worst: number;
  /** When the worst probe began, in seconds from the rebuild's start. */
  worstAtSeconds: number;
}

export async function readersDuring<T>(url: string, schema: string, run: () => Promise<T>): Promise<{ result: T; waits: ReaderWaits }> {
  const reader = await createDb({ databaseUrl: url, pgliteDir: '', schema, poolSize: 1 });
  const head =
    (await sql<{ id: number }>`select id from employees where manager_id is null order by id limit 1`.execute(reader.db)).rows[0]?.id ?? 0;
  const probe = sql`select
    (select sum(nop) from fact_subtree_daily where ancestor_id = ${head} and day >= current_date - 30) as subtree,
    (select count(*) from fact_daily_business where day = current_date - 1) as daily,
    (select sum(nop) from fact_partner_monthly where partner_id = (select min(id) from partners)) as partner,
    (select updated_at from etl_policy_state where policy_id = (select max(id) from policies)) as version`;
  const started = performance.now();
  const times: { at: number; ms: number }[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const at = performance.now();
      await probe.execute(reader.db);
      const ms = performance.now() - at;
      times.push({ at: (at - started) / 1000, ms });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, EVERY_MS - ms)));
    }
  })();
  try {
    const result = await run();
    return { result, waits: summary(times) };
  } finally {
    done = true;
    await probing;
    await reader.db.destroy();
  }
}

function summary(times: { at: number; ms: number }[]): ReaderWaits {
  const ms = times.map((t) => t.ms);
  const worst = times.reduce((a, b) => (b.ms > a.ms ? b : a), { at: 0, ms: 0 });
  return { probes: times.length, p50: percentile(ms, 50), p99: percentile(ms, 99), worst: worst.ms, worstAtSeconds: worst.at };
}

export const readerLine = (w: ReaderWaits) =>
  `p50 ${ms(w.p50)} ms, p99 ${ms(w.p99)} ms, the longest ${w.worstAtSeconds.toFixed(1)} s into the rebuild`;
