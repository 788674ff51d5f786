import type { DashboardScreen, PagePresentation } from '@dossier/shared';
import { CONTESTS_DASHBOARD_ID, TEAM_RENEWAL_DUES, type ReportDef } from './catalogue';

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
  /** Month-based: its menu link drops a period picked on another dashboard. */
  dateReset: boolean;
  /** What its page shows beside the tables ('Renewal dues' link, month picker reset), sent with its answer. */
  page: PagePresentation;
}

type DashboardHead = Pick<DashboardDef, 'dashboard_id' | 'dashboard_name' | 'drillable' | 'life'> &
  Partial<Pick<DashboardDef, 'dateReset' | 'page'>>;

const PLAIN_PAGE: PagePresentation = { renewal_dues: null, month_reset: false };

const LIST: readonly DashboardHead[] = [
  {
    dashboard_id: 1,
    dashboard_name: 'Business Dashboard',
    drillable: true,
    life: false,
    page: { ...PLAIN_PAGE, renewal_dues: TEAM_RENEWAL_DUES },
  },
  { dashboard_id: 2, dashboard_name: 'Health Business', drillable: true, life: false },
  { dashboard_id: 3, dashboard_name: 'Life Issuance', drillable: true, life: true },
  // Month-based: a range picked on another dashboard means nothing here, and the month starts again on every visit.
  {
    dashboard_id: 4,
    dashboard_name: 'Partner Activation Dashboard Revist',
    drillable: true,
    life: false,
    dateReset: true,
    page: { ...PLAIN_PAGE, month_reset: true },
  },
  { dashboard_id: 5, dashboard_name: 'Team Business Performance', drillable: true, life: false, dateReset: true },
  { dashboard_id: 6, dashboard_name: 'Apex Journey', drillable: true, life: false },
  { dashboard_id: 7, dashboard_name: 'Recruitment', drillable: true, life: false },
  { dashboard_id: CONTESTS_DASHBOARD_ID, dashboard_name: 'Contests', drillable: false, life: false },
  { dashboard_id: 9, dashboard_name: 'Direct dashboard', drillable: true, life: false },
  { dashboard_id: 10, dashboard_name: 'Loans', drillable: true, life: false },
];

/** The Dashboard screen: the Business Dashboard's business summary and team report side by side. */
export const DASHBOARD_SCREEN: DashboardScreen = { dashboard_id: 1, report_ids: [13, 11] };

const headOf = (id: number): DashboardHead | undefined => LIST.find((d) => d.dashboard_id === id);

/** The ids of the dashboards the life-only role 204 may open. */
export const LIFE_DASHBOARD_IDS: ReadonlySet<number> = new Set(LIST.filter((d) => d.life).map((d) => d.dashboard_id));

/** The name of a dashboard id (a report's `dashboard_name`), whatever reports it has now. */
export const dashboardName = (id: number): string | undefined => headOf(id)?.dashboard_name;

/**
 * The dashboards in menu order, each with the reports that name it (the fixed ones and the contest boards), and
 * only those that have any: with no contests there is no Contests dashboard.
 */
export function dashboardsOf(reports: readonly ReportDef[]): DashboardDef[] {
  return LIST.flatMap((d) => {
    const shown = reports.filter((r) => r.dashboardId === d.dashboard_id);
    if (shown.length === 0) return [];
    return [
      {
        dateReset: false,
        page: PLAIN_PAGE,
        ...d,
        report_ids: shown.map((r) => r.id),
        nested: d.drillable ? [] : shown.map((r) => ({ id: r.id, name: r.name })),
      },
    ];
  });
}
