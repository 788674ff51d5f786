import { sql } from 'kysely';
import { loadDemoIfEmpty } from '../apps/server/src/demo/load';
import { runBusinessEtl } from '../apps/server/src/modules/etl/business-etl';
import { createDb } from '../apps/server/src/platform/db';
import { migrate } from '../apps/server/src/platform/migrate';
const policies = Number(process.argv[2] ?? 1000000);
const handle = await createDb({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/benchmain', pgliteDir: '', schema: `bench_${policies}`, poolSize: 4 });
const db = handle.db;
await migrate(handle);
await loadDemoIfEmpty(handle, { scale: policies / 300_000, seed: 20261121, log: (l) => console.log(l) });
const time = async (label: string, f: () => Promise<unknown>) => { const t = performance.now(); await f(); console.log(label, ((performance.now() - t) / 1000).toFixed(2), 's'); };
for (const step of process.argv.slice(3)) {
  if (step === 'etl') await time('full rebuild', () => runBusinessEtl(db, { full: true }));
  if (step === 'vacuum') await time('vacuum', () => sql`vacuum analyze fact_daily_business, fact_subtree_daily, fact_subtree_monthly, fact_partner_monthly, etl_policy_state, etl_affected, policies`.execute(db));
  if (step === 'inc') {
    for (let k = 0; k < 3; k++) {
      await sql`update policies set status = case when status = 'success' then 'cancelled' else 'success' end, updated_at = now()
        where id in (select id from policies order by id desc limit 10000)`.execute(db);
      await time('incremental 10k', () => runBusinessEtl(db));
    }
  }
  if (step === 'idle') await time('idle run', () => runBusinessEtl(db));
}
await db.destroy();
