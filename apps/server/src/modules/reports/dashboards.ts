import { REPORTS } from './catalogue';

/**
 * A dashboard of the side menu (docs/product/reports-catalogue.md). Dashboard ids share the /reports/{id}/ space
 * with report ids: /reports/{dashboard_id}/ answers the page of the dashboard's report tables.
 */
export interface DashboardDef {
  dashboard_id: number;
  dashboard_name: string;
  /** A drillable dashboard opens as one page of its tables; the others list each report as a sub-entry. */
  drillable: boolean;
  /** Report ids shown on the dashboard page, in catalogue order. */
  report_ids: readonly number[];
  /** Sub-entries of a non-drillable dashboard, each opening one report page. */
  nested: readonly { id: number; name: string }[];
  /** Shown to the life-only role 204. */
  life: boolean;
}

const LIST: readonly Pick<DashboardDef, 'dashboard_id' | 'dashboard_name' | 'drillable' | 'life'>[] = [
  { dashboard_id: 1, dashboard_name: 'Business Dashboard', drillable: true, life: false },
  { dashboard_id: 2, dashboard_name: 'Health Business', drillable: true, life: false },
  { dashboard_id: 3, dashboard_name: 'Life Issuance', drillable: true, life: true },
  { dashboard_id: 4, dashboard_name: 'Partner Activation Dashboard Revist', drillable: true, life: false },
  { dashboard_id: 5, dashboard_name: 'Team Business Performance', drillable: true, life: false },
  { dashboard_id: 6, dashboard_name: 'Apex Journey', drillable: true, life: false },
  { dashboard_id: 7, dashboard_name: 'Recruitment', drillable: true, life: false },
  { dashboard_id: 8, dashboard_name: 'Contests', drillable: false, life: false },
  { dashboard_id: 9, dashboard_name: 'Direct dashboard', drillable: true, life: false },
  { dashboard_id: 10, dashboard_name: 'Loans', drillable: true, life: false },
];

/** The dashboards in menu order; which reports each shows comes from the reports' own `dashboardId`. */
export const DASHBOARDS: readonly DashboardDef[] = LIST.map((d) => {
  const reports = REPORTS.filter((r) => r.dashboardId === d.dashboard_id);
  return {
    ...d,
    report_ids: reports.map((r) => r.id),
    nested: d.drillable ? [] : reports.map((r) => ({ id: r.id, name: r.name })),
  };
});

export const findDashboard = (id: number): DashboardDef | undefined => DASHBOARDS.find((d) => d.dashboard_id === id);
