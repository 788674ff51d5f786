import { sql } from 'kysely';
import { runBusinessEtl } from '../apps/server/src/modules/etl/business-etl';
import { createDb } from '../apps/server/src/platform/db';

const schema = process.argv[2] ?? 'bench_wide';
const rounds = Number(process.argv[3] ?? 2);
const h = await createDb({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/test', pgliteDir: '', schema, poolSize: 4 });
const flip = sql`update policies set status = case when status = 'success' then 'cancelled' else 'success' end, updated_at = now()
  where id in (select id from policies order by id desc limit 10000)`;
const t0 = performance.now();
const first = await runBusinessEtl(h.db);
console.log(`settle run ${((performance.now() - t0) / 1000).toFixed(2)} s`, first);
for (let i = 0; i < rounds * 2; i++) {
  await flip.execute(h.db);
  const t = performance.now();
  const r = await runBusinessEtl(h.db);
  console.log(`run ${i} ${((performance.now() - t) / 1000).toFixed(2)} s`, r);
}
await h.db.destroy();
