/**
 * One business ETL run in a process of its own, so a fault test can SIGKILL it half-way, as the OOM
 * killer or a lost machine would. Env: DATABASE_URL (its application_name lets the test find this
 * run's backend), ETL_SCHEMA (the test's schema), ETL_FULL=1 for a full rebuild.
 */
import { runBusinessEtl } from '../src/modules/etl/business-etl';
import { createDb } from '../src/platform/db';

const url = process.env.DATABASE_URL;
const schema = process.env.ETL_SCHEMA;
if (!url || !schema) {
  console.error('etl-child: DATABASE_URL and ETL_SCHEMA are required');
  process.exit(2);
}
const handle = await createDb({ databaseUrl: url, pgliteDir: 'memory://', schema, poolSize: 1 });
// Another test file's ETL may hold the cluster-wide lock for a moment: wait for our turn rather than skip.
for (let attempt = 0; ; attempt++) {
  const result = await runBusinessEtl(handle.db, { full: process.env.ETL_FULL === '1' });
  if (result.ran || attempt >= 200) {
    console.log(JSON.stringify(result));
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
await handle.db.destroy();
