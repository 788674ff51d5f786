import type { Module } from '../../platform/module';
import { runEtlCycle } from './cycle';
import { runAfterImportsJob } from './freshness';
import { etlRoutes } from './routes';

// What other modules and the process may use (docs/architecture.md, 'A module'): the roll-up run and its state,
// the subtree dimensions, hierarchy-change upkeep and the interface the source connector implements.
export { etlGeneration, noteReportInputsChanged, rollupState, runBusinessEtl, type RollupState } from './business-etl';
export type { SourcePull } from './cycle';
export { addToClosure, afterHierarchyMove, isSelfOrBelow, moveEmployee } from './hierarchy-moves';
export { refreshSubtreeRollups } from './subtree-refresh';
// The reports read the subtree roll-ups: which tables there are, which dimensions each keeps and which levels it leaves out.
export { factDims, isDirect, SUBTREE_GRAINS, type SubtreeDim, type SubtreeGrain } from './rollups/subtree-cells';
// Apex Journey reads the onboarding stages whose levels the partner cohorts keep.
export { ONBOARDING_STAGES } from './rollups/partner-cohorts';
// Renewal dues' total: the days the ETL counts per subtree, and which policies it has not folded yet; My day: the day
// the slipping partners are kept for (etl_jobs.slipping_day).
export { BUSINESS_ROLLUP_JOB, mayBeUnfolded } from './business-etl';
export { RENEWAL_DAY } from './rollup-helpers';

/** The roll-up ETL (docs/product/etl.md): the ETL panel's calls and the periodic run. */
export const etlModule: Module<'db' | 'config' | 'connector' | 'secured'> = async (app, { db, config, connector, secured }) => {
  await secured(app, (scope) => etlRoutes(scope, db, connector, config.ETL_REBUILD_SESSIONS));
  // Each pass pulls the source's changes (when a connector is configured), then rolls them up. The first
  // pull starts at once, after the server is ready: a first load may take a while.
  app.jobs.push({
    name: 'etl',
    intervalMs: config.ETL_INTERVAL_SECONDS * 1000,
    run: () => runEtlCycle(db, connector, { rebuildSessions: config.ETL_REBUILD_SESSIONS }),
    runNow: connector !== undefined,
  });
  app.jobs.push(runAfterImportsJob(db, config.ETL_REBUILD_SESSIONS));
};
