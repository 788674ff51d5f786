import { publicBaseUrl } from '../../config';
import type { Module } from '../../platform/module';
import { briefMailRoutes } from './brief-routes';
import { runDueSubscriptions, SUBSCRIPTION_JOB_INTERVAL_MS } from './job';
import { subscriptionRoutes } from './routes';

// Administration pauses a deactivated person's subscriptions.
export { pauseSubscriptionsOf } from './pause';

/** Scheduled report mails (docs/product/subscriptions.md): the user's list and the job that sends due mails. */
export const subscriptionsModule: Module<'config' | 'db' | 'reports' | 'secured'> = async (app, { config, db, reports, secured }) => {
  // The mails' reports come from the app's one report service, computed as the API computes them; 'Send now'
  // counts against the report emails' MAIL_RATE_LIMIT.
  const portalUrl = publicBaseUrl(config);
  await secured(app, (scope) => subscriptionRoutes(scope, db, reports, { mailPerMinute: config.MAIL_RATE_LIMIT, portalUrl }));
  await secured(app, (scope) => briefMailRoutes(scope, db));
  // Each due slot once across instances, missed slots once.
  app.jobs.push({
    name: 'subscriptions',
    intervalMs: SUBSCRIPTION_JOB_INTERVAL_MS,
    run: () => runDueSubscriptions(db, reports, { logger: app.log, portalUrl }),
    runNow: true,
  });
};
