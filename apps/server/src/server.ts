import type { Logger } from 'pino';
import { sql } from 'kysely';
import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { DEMO_LOGINS, DEMO_PASSWORD, loadDemoIfEmpty } from './demo/load';
import { createDb } from './platform/db';
import { openReportingDb } from './platform/reporting-db';
import { createMailTransport } from './platform/mail/transport';
import { mailOutboxJob } from './platform/mail/worker';
import { ChangedMigrationError, migrate } from './platform/migrate';
import { startJobs } from './platform/jobs';
import { createLogger } from './platform/logger';
import { Readiness } from './platform/readiness';
import { pruneRateLimits } from './platform/rate-limit';
import { runBusinessEtl } from './modules/etl/module';
import { ConnectorConfigError, createSourceConnector, syncSourceJobs, type SourceConnector } from './modules/connector/module';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    // A readable message and a non-zero exit beat a stack trace for a typo in an env var.
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  }
}

function readConnector(config: Config, logger: Logger): SourceConnector | undefined {
  try {
    return createSourceConnector(config, logger);
  } catch (err) {
    // Like a bad variable: the configuration file's problems, each with where it is, and exit.
    if (!(err instanceof ConnectorConfigError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const connector = readConnector(config, logger);
  const handle = await createDb({ databaseUrl: config.DATABASE_URL, pgliteDir: join(config.DATA_DIR, 'pglite') });
  logger.info({ database: handle.dialect }, 'database opened');
  const reporting = await openReportingDb(config, {
    onSwitch: (toPrimary, err) =>
      toPrimary
        ? logger.warn({ err }, 'reporting database unreachable: report queries go to the primary')
        : logger.info('reporting database reachable again: report queries go to it'),
  });

  // Listen before the start-up work so /healthz answers at once; until it is done /readyz and the API answer
  // 503 with the progress the sign-in page shows.
  const readiness = new Readiness(config.DEMO_DATA ? 'Preparing demo data' : 'Preparing the database');
  const dbPools = { primary: handle.poolStats, reporting: reporting?.poolStats };
  const app = await buildApp({ config, db: handle.db, reportingDb: reporting?.db, logger, dbPools, readiness, connector });
  await app.listen({ port: config.PORT, host: config.HOST });
  process.stdout.write(`Dossier is starting at http://localhost:${config.PORT} (the sign-in page shows the progress)\n`);

  const applied = await migrate(handle);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  await syncSourceJobs(handle.db, connector?.config.entities.map((e) => e.entity) ?? [], { prune: true });
  readiness.progress(0.05);

  let loaded = false;
  if (config.DEMO_DATA) {
    loaded = await loadDemoIfEmpty(handle, {
      scale: config.DEMO_SCALE,
      seed: config.DEMO_SEED,
      log: (line) => process.stdout.write(`${line}\n`),
      progress: (fraction) => readiness.progress(0.05 + fraction * 0.8),
    });
    if (loaded) logger.info('demo organisation loaded');
  }
  readiness.progress(0.85);

  // Roll-ups catch up before the first report, so reports never open on an empty warehouse.
  const etl = await runBusinessEtl(handle.db, { rebuildSessions: config.ETL_REBUILD_SESSIONS });
  logger.info({ rows: etl.rowsProcessed }, 'roll-ups up to date');
  readiness.progress(0.97);
  // PGlite has no autovacuum: without statistics its planner nested-loops whole tables.
  if (handle.dialect === 'pglite') await sql`analyze`.execute(handle.db);
  if (loaded) {
    // The demo load leaves PGlite's heap at its high-water mark and this thread holding the generator's garbage;
    // reopening gives both back (`npm start` runs node with --expose-gc for this one call).
    await handle.reopen?.();
    (globalThis as { gc?: () => void }).gc?.();
    logger.info('demo load done: its memory given back');
  }
  // Loading exceljs blocks the process: do it now rather than during the first spreadsheet download.
  await import('exceljs');
  readiness.markReady();
  logger.info('ready');

  const mailTransport = createMailTransport(config);
  // The platform's jobs, then the ones the modules declared (the roll-up ETL, scheduled mails, the call
  // sweep, pruning): started only now, so none runs against a database still being prepared.
  const jobs = startJobs(
    [
      // Sends the outbox's mails (docs/architecture.md, 'Mail outbox').
      mailOutboxJob(handle.db, mailTransport, { logger }),
      // Anonymous rate-limit windows older than an hour are read by nobody any more.
      { name: 'prune_rate_limits', intervalMs: 10 * 60_000, run: () => pruneRateLimits(handle.db) },
      ...app.jobs,
    ],
    logger,
  );
  logger.info({ transport: mailTransport.kind }, 'mail outbox job started');
  if (connector) logger.info({ entities: connector.config.entities.map((e) => e.entity) }, 'source connector configured');

  if (config.DEMO_DATA) {
    const lines = DEMO_LOGINS.map((l) => `  ${l.login.padEnd(16)} ${l.description}`);
    process.stdout.write(
      `\nDossier is running at http://localhost:${config.PORT}\nDemo logins (password '${DEMO_PASSWORD}'):\n${lines.join('\n')}\n\n`,
    );
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
    Promise.all([app.close(), jobs.stop()])
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
  // A changed migration is the operator's to resolve: its message says what to do, a stack trace adds nothing.
  console.error(err instanceof ChangedMigrationError ? err.message : err);
  process.exit(1);
});
