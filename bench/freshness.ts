import { sql } from 'kysely';
import { addDays, kolkataToday } from '@dossier/shared';
import { createApiKey } from '../apps/server/src/modules/imports/api-keys';
import type { Db } from '../apps/server/src/platform/db';
import { benchSignIn } from './load-population';
import { overBenchDatabase, startServer } from './server-process';

const PORT = 3931;
/** Give up on a push that has not reached the report after this long. */
const GIVE_UP_MS = 300_000;
/** The proposals this bench pushes start so; other benches leave them alone. */
export const FRESH_PROPOSAL_PREFIX = 'FRESHBENCH';
const CUSTOMER = `${FRESH_PROPOSAL_PREFIX}C1`;
const HEADER =
  'proposal_no,customer_code,employee_code,product_type_id,insurer,state,business_type,channel,status,paid_amount,payment_id,issued_at';

interface Pushed {
  rows: number;
  /** From the push's answer to the report showing its premium. */
  visibleSeconds: number;
  /** The push itself (request sent to answer). */
  pushSeconds: number;
}

/**
 * How long a pushed policy takes to reach the reports when nobody runs the ETL: the built server with its
 * schedule at a day, so only the run after imports folds the batch (docs/product/etl.md, 'Within seconds of an
 * import'). N direct policies of one RM, issued yesterday, are pushed through `POST /api/v1/ingest/policies`;
 * then that RM's Business summary (13) for yesterday and today is read through the HTTP API every 100 ms until
 * its total premium has moved by exactly what the push changed. The proposals are the same in every run (the
 * first run inserts them, later ones change their premium), so repeated runs do not grow the organisation.
 */
export async function freshnessBench(
  repoRoot: string,
  databaseUrl: string,
  db: Db,
  log: (line: string) => void,
): Promise<{ lines: string[]; figures: Record<string, number> }> {
  const rm = (
    await sql<{ id: number; unique_code: string }>`
      select e.id, e.unique_code from employees e join partner_mappings m on m.manager_id = e.id and m.valid_to is null
      group by e.id, e.unique_code order by count(*) desc, e.id limit 1`.execute(db)
  ).rows[0];
  if (!rm) throw new Error('freshness bench: the schema has no mapped RM');
  const today = kolkataToday();
  const yesterday = addDays(today, -1);
  const key = await createApiKey(db, `freshness-bench-${Date.now()}`, ['policies', 'customers']);
  const headers = await benchSignIn(db, rm);
  // Each run a different premium, so every push changes every row.
  const paise = 100_00 + (Math.floor(Date.now() / 1000) % 90_000);

  const server = startServer(repoRoot, PORT, { ...overBenchDatabase(databaseUrl), REPORT_CACHE_MB: '0' });
  try {
    await server.ready();
    const total = async (): Promise<number> => {
      const res = await fetch(`${server.base}/api/reports/13/?start_date=${yesterday}&end_date=${today}`, { headers });
      if (!res.ok) throw new Error(`report 13: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { data: { data: { records: Record<string, unknown>[] } } };
      const row = body.data.data.records.find((r) => r['Business Type'] === 'Total');
      return Math.round(Number(row?.['Total Premium'] ?? 0) * 100);
    };
    const push = async (rows: number): Promise<Pushed> => {
      const proposals = Array.from({ length: rows }, (_, i) => `${FRESH_PROPOSAL_PREFIX}${String(i + 1).padStart(6, '0')}`);
      const before = await db
        .selectFrom('policies')
        .select(sql<string>`coalesce(sum(paid_amount), 0)::text`.as('sum'))
        .where('proposal_no', 'in', proposals)
        .where('status', '=', 'success')
        .executeTakeFirstOrThrow();
      const expected = (await total()) + rows * paise - Math.round(Number(before.sum) * 100);
      const amount = (paise / 100).toFixed(2);
      const body = [
        HEADER,
        ...proposals.map(
          (p) =>
            `${p},${CUSTOMER},${rm.unique_code},12,HDFC ERGO,Maharashtra,1,direct,success,${amount},pay_${p},${yesterday}T11:00:00+05:30`,
        ),
      ].join('\n');
      const sent = Date.now();
      const res = await fetch(`${server.base}/api/v1/ingest/policies`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
        body,
      });
      if (!res.ok) throw new Error(`ingest: ${res.status} ${await res.text()}`);
      const answered = Date.now();
      while ((await total()) !== expected) {
        if (Date.now() - answered > GIVE_UP_MS) throw new Error(`${rows} pushed policies not in the report after ${GIVE_UP_MS / 1000} s`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return { rows, pushSeconds: (answered - sent) / 1000, visibleSeconds: (Date.now() - answered) / 1000 };
    };
    // The demo's customers carry no code the files could name: the pushed policies' customer comes first.
    const customer = await fetch(`${server.base}/api/v1/ingest/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
      body: `customer_code,name,phone,email,pincode\n${CUSTOMER},Asha Rao,9876500001,asha@example.com,400001`,
    });
    if (!customer.ok) throw new Error(`ingest customers: ${customer.status} ${await customer.text()}`);
    const results: Pushed[] = [];
    for (const rows of [100, 10_000]) {
      log(`freshness: ${rows} policies pushed...`);
      const result = await push(rows);
      log(`  visible ${result.visibleSeconds.toFixed(1)} s after the answer`);
      results.push(result);
    }
    return {
      lines: [
        '## Freshness',
        '',
        `Policies pushed through the ingestion API of the built server (its ETL schedule set to a day, nobody runs the ETL, report cache off), then one RM's Business summary (13) read through the HTTP API every 100 ms until its total premium has moved by exactly what the push changed. The wait includes the after-imports poll (1 s), the 2 s quiet time and the incremental run. Target at 1 crore: 100 changed policies in every report within 15 s of the push's answer.`,
        '',
        '| pushed policies | push answered in | in the report after the answer |',
        '| --- | --- | --- |',
        ...results.map(
          (r) => `| ${r.rows.toLocaleString('en-IN')} | ${r.pushSeconds.toFixed(2)} s | **${r.visibleSeconds.toFixed(1)} s** |`,
        ),
        '',
      ],
      figures: Object.fromEntries(results.map((r) => [`${r.rows} pushed policies in the report (s)`, r.visibleSeconds])),
    };
  } finally {
    await server.stop();
  }
}
