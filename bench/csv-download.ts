import { sql } from 'kysely';
import { addDays } from '@dossier/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/platform/db';
import { benchSignIn } from './load-population';

export interface DownloadResult {
  rows: number;
  bytes: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  range: { start: string; end: string };
}

/** Downloads report 38 (renewal dues) of `top`'s whole organisation as CSV over HTTP, sampling the process RSS. */
export async function csvDownload(
  db: Db,
  top: { id: number; unique_code: string },
  today: string,
  wantRows: number,
): Promise<DownloadResult> {
  // Widen the renewal window until it holds at least wantRows policies (or two years).
  let days = 30;
  let count: number;
  for (; ; days += 30) {
    const res = await sql<{ n: number }>`select count(*)::int as n from policies where status = 'success' and policy_no is not null
      and expiry_date between ${addDays(today, -days)}::date and ${addDays(today, days)}::date`.execute(db);
    count = res.rows[0]?.n ?? 0;
    // The report allows at most three years (about 540 days either side).
    if (count >= wantRows || days + 30 > 540) break;
  }
  const range = { start: addDays(today, -days), end: addDays(today, days) };
  const app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const headers = await benchSignIn(db, top);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const res = await fetch(`${base}/api/reports/38/download/?format=csv&start_date=${range.start}&end_date=${range.end}`, {
      headers,
    });
    if (!res.ok) throw new Error(`CSV download: ${res.status} ${await res.text()}`);
    let bytes = 0;
    let newlines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) newlines++;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    return { rows: newlines - 1, bytes, seconds, rssBeforeMb: rssBefore / 2 ** 20, rssPeakMb: peak / 2 ** 20, range };
  } finally {
    await app.close();
  }
}
