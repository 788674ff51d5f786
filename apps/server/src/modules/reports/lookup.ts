import type { Db } from '../../platform/db';
import { contestBoard, REPORTS, type ReportDef } from './catalogue';
import { dashboardsOf, type DashboardDef } from './dashboards';

/**
 * The catalogue as it stands: fixed reports, dashboards and a board per contest. Read once per request, so a
 * page, its access check and its files see one snapshot.
 */
export interface Catalogue {
  /** The dashboards with at least one report, in menu order. */
  dashboards: readonly DashboardDef[];
  dashboard(id: number): DashboardDef | undefined;
  report(id: number): ReportDef | undefined;
}

/**
 * One query: the contests, in the order they were created (their ids). `fixed` is the list of fixed reports,
 * `REPORTS` unless the app was built with another (`AppDeps.reports`: a test's extra entry).
 */
export async function loadCatalogue(db: Db, fixed: readonly ReportDef[] = REPORTS): Promise<Catalogue> {
  const contests = await db.selectFrom('contests').select(['id', 'name']).orderBy('id').execute();
  const boards = new Map(contests.map((c) => [c.id, contestBoard(c.id, c.name)]));
  const byId = new Map(fixed.map((r) => [r.id, r]));
  const dashboards = dashboardsOf([...fixed, ...boards.values()]);
  return {
    dashboards,
    dashboard: (id) => dashboards.find((d) => d.dashboard_id === id),
    report: (id) => byId.get(id) ?? boards.get(id),
  };
}
