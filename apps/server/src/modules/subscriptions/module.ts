import type { Module } from '../../platform/module';
import { createReportService } from '../reports/module';
import { runDueSubscriptions, SUBSCRIPTION_JOB_INTERVAL_MS } from './job';
import { subscriptionRoutes } from './routes';

/** Scheduled report mails (docs/product/subscriptions.md): the user's list and the job that sends due mails. */
export const subscriptionsModule: Module<'db' | 'reportingDb' | 'config' | 'today' | 'secured'> = async (app, deps) => {
  const { db, secured } = deps;
  // The mails' reports, computed as the API computes them (same databases and limits).
  const reports = createReportService(deps);
  await secured(app, (scope) => subscriptionRoutes(scope, db, reports));
  // Each due slot once across instances, missed slots once.
  app.jobs.push({
    name: 'subscriptions',
    intervalMs: SUBSCRIPTION_JOB_INTERVAL_MS,
    run: () => runDueSubscriptions(db, reports, { logger: app.log }),
    runNow: true,
  });
};
