import { loadDemoIfEmpty } from '../apps/server/src/demo/load';
import { runBusinessEtl } from '../apps/server/src/modules/etl/business-etl';
import { createDb } from '../apps/server/src/platform/db';
import { migrate } from '../apps/server/src/platform/migrate';
const policies = Number(process.argv[2] ?? 1000000);
const handle = await createDb({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/benchmain', pgliteDir: '', schema: `bench_${policies}`, poolSize: 4 });
await migrate(handle);
await loadDemoIfEmpty(handle, { scale: policies / 300_000, seed: 20261121, log: (l) => console.log(l) });
if (process.argv[3] === 'etl') { const t = Date.now(); await runBusinessEtl(handle.db, { full: true }); console.log('etl', Date.now() - t); }
await handle.db.destroy();
