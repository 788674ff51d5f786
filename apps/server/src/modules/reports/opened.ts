import { PARTNER_CODE_MARKER } from '@dossier/shared';
import { requireAccess, requireReportRole } from '../../platform/access';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/http-errors';
import type { Viewer } from '../../platform/viewer';
import type { Account } from './context';
import { EXECUTIVE_REPORT_ID, type ReportDef } from './catalogue';
import { LIFE_DASHBOARD_IDS, type DashboardDef } from './dashboards';
import type { Catalogue } from './lookup';

const isLife = (def: ReportDef) => def.id === EXECUTIVE_REPORT_ID || (def.dashboardId !== null && LIFE_DASHBOARD_IDS.has(def.dashboardId));

/**
 * The report or dashboard `id` if the viewer's role may open it; unknown ids (and boards of no contest) are 404.
 * Every way to a report asks here.
 */
export function requireReportAccess(catalogue: Catalogue, viewer: Viewer, id: number): { dashboard: DashboardDef } | { report: ReportDef } {
  const dashboard = catalogue.dashboard(id);
  if (dashboard) {
    requireReportRole(viewer, { kind: 'dashboard', life: dashboard.life });
    return { dashboard };
  }
  const report = catalogue.report(id);
  if (!report) throw notFound(`No report ${id}`);
  requireReportRole(viewer, { kind: 'report', life: isLife(report) });
  return { report };
}

/**
 * The account a report is drilled to: none = the viewer; an EI code = a partner in the subtree; else an employee
 * of it. Outside or unknown are both 403, so other teams' codes cannot be probed.
 */
export async function drilledAccount(db: Db, viewer: Viewer, accountId: string | null | undefined): Promise<Account> {
  if (!accountId || accountId === viewer.code) return { kind: 'employee', id: viewer.employeeId, code: viewer.code, name: viewer.name };
  if (accountId.toUpperCase().includes(PARTNER_CODE_MARKER)) {
    const p = await requireAccess(db, viewer, { kind: 'partner', code: accountId });
    return { kind: 'partner', id: p.id, code: p.unique_code, name: p.name };
  }
  const e = await requireAccess(db, viewer, { kind: 'employee', code: accountId });
  return { kind: 'employee', id: e.id, code: e.unique_code, name: e.name };
}
