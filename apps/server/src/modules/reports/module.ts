import type { Module, ModuleDeps } from '../../platform/module';
import { findReport } from './catalogue';
import { ReportDelivery } from './delivery';
import { guardHeavyReports, HeavyReportGate } from './heavy-gate';
import { reportRoutes } from './routes';
import { ReportService } from './service';

/**
 * A report service over the app's databases and limits; exported on purpose for the scheduled report
 * mails, which compute reports as the API does.
 */
export function createReportService({
  db,
  reportingDb,
  config,
  today,
}: Pick<ModuleDeps, 'db' | 'reportingDb' | 'config' | 'today'>): ReportService {
  return new ReportService(db, reportingDb, {
    statementTimeoutMs: config.REPORT_STATEMENT_TIMEOUT_MS,
    etlIntervalSeconds: config.ETL_INTERVAL_SECONDS,
    cacheBytes: config.REPORT_CACHE_MB * 2 ** 20,
    ...(today ? { today } : {}),
  });
}

/** Reports and dashboards (docs/product/report-screens.md): pages, downloads and report mails. */
export const reportsModule: Module<'db' | 'reportingDb' | 'config' | 'today' | 'secured'> = async (app, deps) => {
  const { db, config, secured } = deps;
  const reports = createReportService(deps);
  const delivery = new ReportDelivery(db, reports, config.MAIL_RATE_LIMIT);
  // On this module's context, outside its secured scope: the gate runs before the sign-in check.
  guardHeavyReports(
    app,
    new HeavyReportGate(config.REPORT_CONCURRENCY_PER_USER, config.REPORT_CONCURRENCY),
    (id) => findReport(id)?.source === 'source',
  );
  await secured(app, (scope) => reportRoutes(scope, reports, delivery, db));
};
