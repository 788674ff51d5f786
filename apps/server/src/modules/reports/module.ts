import { publicBaseUrl, type Config } from '../../config';
import type { Db } from '../../platform/db';
import type { Module } from '../../platform/module';
import { isHeavyReport, type ReportDef } from './catalogue';
import { ReportDelivery } from './delivery';
import { guardHeavyReports, HeavyReportGate, REFUSAL_DELAY_MS } from './heavy-gate';
import { reportRoutes } from './routes';
import { ReportService } from './service';

// What other modules may use (docs/architecture.md, 'A module'): the catalogue and dashboards, the report
// checks and parameters (saved views, report mails), the workbook of a mail and the service's type.
export { drilledAccount, requireReportAccess } from './opened';
export { DASHBOARD_SCREEN } from './dashboards';
export { loadCatalogue, type Catalogue } from './lookup';
export { reportWorkbook } from './delivery';
export { aboutRows, periodStatement, reportPath, type ExportColumn } from './export';
export { paramsOfBody, resolveFilters, resolveRange } from './params';
export type { ReportDef } from './catalogue';
export type { ReportService } from './service';

/**
 * The app's one report service and cache, handed to modules as `ModuleDeps.reports`, so report pages and
 * scheduled mails compute reports alike and share the cache.
 */
export function createReportService({
  db,
  reportingDb,
  config,
  today,
  fixed,
}: {
  db: Db;
  /** Report queries go here: on PostgreSQL a pool whose statements time out (`openReportingDb`), else `db`. */
  reportingDb: Db;
  config: Config;
  /** Today's business date for report periods; tests fix it, otherwise the clock in Asia/Kolkata. */
  today: (() => string) | undefined;
  /** The fixed reports, when not the catalogue's `REPORTS` (a test's extra entry). */
  fixed?: readonly ReportDef[] | undefined;
}): ReportService {
  return new ReportService(db, reportingDb, {
    etlIntervalSeconds: config.ETL_INTERVAL_SECONDS,
    cacheBytes: config.REPORT_CACHE_MB * 2 ** 20,
    ...(today ? { today } : {}),
    ...(fixed ? { reports: fixed } : {}),
  });
}

/** Reports and dashboards (docs/product/report-screens.md): pages, downloads and report mails. */
export const reportsModule: Module<'db' | 'reports' | 'config' | 'secured'> = async (app, { db, reports, config, secured }) => {
  const delivery = new ReportDelivery(db, reports, config.MAIL_RATE_LIMIT, publicBaseUrl(config));
  // On this module's context, outside its secured scope: the gate runs before the sign-in check.
  guardHeavyReports(
    app,
    new HeavyReportGate({
      perUser: config.REPORT_CONCURRENCY_PER_USER,
      total: config.REPORT_CONCURRENCY,
      waitMs: config.REPORT_QUEUE_WAIT_MS,
      refusalDelayMs: REFUSAL_DELAY_MS,
    }),
    // A contest board reads its roll-up: only fixed reports are heavy.
    (id) => {
      const def = reports.fixedReport(id);
      return def !== undefined && isHeavyReport(def);
    },
  );
  await secured(app, (scope) => reportRoutes(scope, reports, delivery, db));
};
