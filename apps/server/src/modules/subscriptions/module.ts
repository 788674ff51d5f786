import { portalUrl } from '../../config';
import type { Module } from '../../platform/module';
import { briefMailRoutes } from './brief-routes';
import { runDueSubscriptions, SUBSCRIPTION_JOB_INTERVAL_MS } from './job';
import { subscriptionRoutes } from './routes';

// Administration pauses a deactivated person's subscriptions.
export { pauseSubscriptionsOf } from './pause';

/** Scheduled report mails (docs/product/subscriptions.md): the user's list and the job that sends due mails. */
export const subscriptionsModule: Module<'db' | 'reports' | 'config' | 'secured'> = async (app, { db, reports, config, secured }) => {
  // The mails' reports come from the app's one report service, computed as the API computes them.
  await secured(app, (scope) => subscriptionRoutes(scope, db, reports));
  await secured(app, (scope) => briefMailRoutes(scope, db));
  // Each due slot once across instances, missed slots once.
  app.jobs.push({
    name: 'subscriptions',
    intervalMs: SUBSCRIPTION_JOB_INTERVAL_MS,
    run: () => runDueSubscriptions(db, reports, { logger: app.log, portal: portalUrl(config) }),
    runNow: true,
  });
};
