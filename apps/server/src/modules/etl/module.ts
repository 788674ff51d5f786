import type { Module } from '../../platform/module';
import { runEtlCycle } from './cycle';
import { etlRoutes } from './routes';

/** The roll-up ETL (docs/product/etl.md): the ETL panel's calls and the periodic run. */
export const etlModule: Module<'db' | 'config' | 'connector' | 'secured'> = async (app, { db, config, connector, secured }) => {
  await secured(app, (scope) => etlRoutes(scope, db, connector));
  // Each pass pulls the source's changes (when a connector is configured), then rolls them up. The first
  // pull starts at once, after the server is ready: a first load may take a while.
  app.jobs.push({
    name: 'etl',
    intervalMs: config.ETL_INTERVAL_SECONDS * 1000,
    run: () => runEtlCycle(db, connector),
    runNow: connector !== undefined,
  });
};
