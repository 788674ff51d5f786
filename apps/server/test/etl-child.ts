/**
 * One business ETL run in a process of its own, so a fault test can SIGKILL it half-way, as the OOM
 * killer or a lost machine would. Env: DATABASE_URL (its application_name lets the test find this
 * run's backend), ETL_SCHEMA (the test's schema), ETL_FULL=1 for a full rebuild.
 */
import { createDb } from '../src/platform/db';
import { runEtlWhenFree } from './etl-when-free';

const url = process.env.DATABASE_URL;
const schema = process.env.ETL_SCHEMA;
if (!url || !schema) {
  console.error('etl-child: DATABASE_URL and ETL_SCHEMA are required');
  process.exit(2);
}
const handle = await createDb({ databaseUrl: url, pgliteDir: 'memory://', schema, poolSize: 1 });
console.log(JSON.stringify(await runEtlWhenFree(handle.db, { full: process.env.ETL_FULL === '1' })));
await handle.db.destroy();
