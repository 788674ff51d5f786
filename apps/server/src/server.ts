import { sql } from 'kysely';
import { join } from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { DEMO_LOGINS, DEMO_PASSWORD, loadDemoIfEmpty } from './demo/load';
import { createDb } from './platform/db';
import { createMailTransport } from './platform/mail/transport';
import { startMailWorker } from './platform/mail/worker';
import { migrate } from './platform/migrate';
import { startJobs } from './platform/jobs';
import { runBusinessEtl } from './modules/etl/business-etl';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    // A readable message and a non-zero exit beat a stack trace for a typo in an env var.
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = pino({ level: config.LOG_LEVEL });
  const handle = await createDb({ databaseUrl: config.DATABASE_URL, pgliteDir: join(config.DATA_DIR, 'pglite') });
  logger.info({ database: handle.dialect }, 'database opened');
  const applied = await migrate(handle);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');

  if (config.DEMO_DATA) {
    const loaded = await loadDemoIfEmpty(handle, {
      scale: config.DEMO_SCALE,
      seed: config.DEMO_SEED,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    if (loaded) logger.info('demo organisation loaded');
  }

  // Roll-ups catch up before the first request, so reports never open on an empty warehouse.
  const etl = await runBusinessEtl(handle.db);
  logger.info({ rows: etl.rowsProcessed }, 'roll-ups up to date');
  // PGlite has no autovacuum: without statistics its planner nested-loops whole tables (a renewal-dues
  // page took 24 s at scale 0.5). PostgreSQL's autovacuum keeps them itself.
  if (handle.dialect === 'pglite') await sql`analyze`.execute(handle.db);
  const reporting = config.REPORTING_DATABASE_URL
    ? await createDb({ databaseUrl: config.REPORTING_DATABASE_URL, pgliteDir: '' })
    : undefined;

  const dbPools = { primary: handle.poolStats, reporting: reporting?.poolStats };
  const app = await buildApp({ config, db: handle.db, reportingDb: reporting?.db, logger, dbPools });
  await app.listen({ port: config.PORT, host: config.HOST });
  const mailTransport = createMailTransport(config);
  const mailWorker = startMailWorker(handle.db, mailTransport, { logger });
  logger.info({ transport: mailTransport.kind }, 'mail worker started');
  const jobs = startJobs([{ name: 'business_rollup', intervalMs: config.ETL_INTERVAL_SECONDS * 1000, run: () => runBusinessEtl(handle.db) }], logger);

  if (config.DEMO_DATA) {
    const lines = DEMO_LOGINS.map((l) => `  ${l.login.padEnd(16)} ${l.description}`);
    process.stdout.write(`\nDossier is running at http://localhost:${config.PORT}\nDemo logins (password '${DEMO_PASSWORD}'):\n${lines.join('\n')}\n\n`);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // If something hangs, exit anyway rather than never stopping.
    setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    // A mail in flight finishes (or the timeout above ends it); an unsent one waits in the outbox.
    Promise.all([app.close(), mailWorker.stop(), jobs.stop()])
      .then(async () => {
        mailTransport.close();
        await reporting?.db.destroy();
        return handle.db.destroy();
      })
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        logger.error({ err }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
