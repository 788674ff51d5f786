import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDb } from '../platform/db';
import { migrate } from '../platform/migrate';
import { DEMO_LOGINS, DEMO_PASSWORD, loadDemoIfEmpty } from './load';
import { POLICIES_AT_SCALE_1 } from './policies';

/**
 * Migrates the configured database and loads the demo organisation if it is empty.
 * Usage: tsx apps/server/src/demo/cli.ts [--scale 2 | --policies 10000000] [--seed N] [--today yyyy-MM-dd];
 * flags win over DEMO_SCALE and DEMO_SEED; --policies N means scale N / 300,000.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { scale: { type: 'string' }, policies: { type: 'string' }, seed: { type: 'string' }, today: { type: 'string' } },
  });
  const config = loadConfig();
  const scale =
    values.policies !== undefined
      ? Number(values.policies.replaceAll(',', '')) / POLICIES_AT_SCALE_1
      : values.scale === undefined
        ? config.DEMO_SCALE
        : Number(values.scale);
  const seed = values.seed === undefined ? config.DEMO_SEED : Number(values.seed);
  const handle = await createDb({ databaseUrl: config.DATABASE_URL, pgliteDir: join(config.DATA_DIR, 'pglite') });
  try {
    await migrate(handle);
    const loaded = await loadDemoIfEmpty(handle, { scale, seed, today: values.today, log: (line) => console.log(line) });
    console.log(loaded ? `demo data loaded (scale ${scale}, seed ${seed})` : 'database already has employees; nothing loaded');
    console.log(`demo logins (password ${DEMO_PASSWORD}):`);
    for (const l of DEMO_LOGINS) console.log(`  ${l.login.padEnd(16)} ${l.description}`);
  } finally {
    await handle.db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
