import { forbidden, notFound } from '../../platform/http-errors';
import { can } from '../../platform/permissions';
import type { Viewer } from '../../platform/viewer';
import { EXECUTIVE_REPORT_ID, findReport, type ReportDef } from './catalogue';
import { DASHBOARDS, findDashboard, type DashboardDef } from './dashboards';

const LIFE_DASHBOARD_IDS = new Set(DASHBOARDS.filter((d) => d.life).map((d) => d.dashboard_id));
const isLife = (def: ReportDef) => def.id === EXECUTIVE_REPORT_ID || (def.dashboardId !== null && LIFE_DASHBOARD_IDS.has(def.dashboardId));

/**
 * The report or dashboard `id` (they share one id space) if the viewer's role may open it: the life-only role
 * 204 opens the life dashboards and reports only (docs/product/shell.md, 'Users and roles'). Unknown ids are
 * 404. Every way to a report (the table, its file and mail, a saved view, a subscription) asks here.
 */
export function requireReportAccess(viewer: Viewer, id: number): { dashboard: DashboardDef } | { report: ReportDef } {
  const dashboard = findDashboard(id);
  if (dashboard) {
    if (!can(viewer, 'business-reports') && !dashboard.life) throw forbidden('This dashboard is not available for your role');
    return { dashboard };
  }
  const report = findReport(id);
  if (!report) throw notFound(`No report ${id}`);
  if (!can(viewer, 'business-reports') && !isLife(report)) throw forbidden('This report is not available for your role');
  return { report };
}
