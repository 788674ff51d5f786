/**
 * Dashboards of the side menu (docs/product/reports-catalogue.md). Dashboard ids share the /reports/{id}/ space with report
 * ids: /reports/{dashboard_id}/ answers the page of the dashboard's report tables. Report ids 11 and 13
 * are fixed (the Dashboard screen shows them); the others are ours and stable (listed in the README).
 */
export interface DashboardDef {
  dashboard_id: number;
  dashboard_name: string;
  drillable: boolean;
  /** Report ids shown on the dashboard page, in order. */
  report_ids: readonly number[];
  /** Sub-entries of a non-drillable dashboard, each opening one report page. */
  nested: readonly { id: number; name: string }[];
  /** Shown to the life-only role 204. */
  life: boolean;
}

export const DASHBOARDS: readonly DashboardDef[] = [
  {
    dashboard_id: 1,
    dashboard_name: 'Business Dashboard',
    drillable: true,
    report_ids: [13, 11, 14, 15, 16, 17, 18, 19, 20],
    nested: [],
    life: false,
  },
  { dashboard_id: 2, dashboard_name: 'Health Business', drillable: true, report_ids: [21], nested: [], life: false },
  { dashboard_id: 3, dashboard_name: 'Life Issuance', drillable: true, report_ids: [22, 23], nested: [], life: true },
  {
    dashboard_id: 4,
    dashboard_name: 'Partner Activation Dashboard Revist',
    drillable: true,
    report_ids: [24, 25, 26, 27],
    nested: [],
    life: false,
  },
  { dashboard_id: 5, dashboard_name: 'Team Business Performance', drillable: true, report_ids: [28], nested: [], life: false },
  { dashboard_id: 6, dashboard_name: 'Apex Journey', drillable: true, report_ids: [29, 30], nested: [], life: false },
  { dashboard_id: 7, dashboard_name: 'Recruitment', drillable: true, report_ids: [31], nested: [], life: false },
  {
    dashboard_id: 8,
    dashboard_name: 'Contests',
    drillable: false,
    report_ids: [32, 33, 34],
    nested: [
      { id: 32, name: 'North & west zone contest' },
      { id: 33, name: 'South zone contest' },
      { id: 34, name: 'East zone contest' },
    ],
    life: false,
  },
  { dashboard_id: 9, dashboard_name: 'Direct dashboard', drillable: true, report_ids: [35], nested: [], life: false },
  { dashboard_id: 10, dashboard_name: 'Loans', drillable: true, report_ids: [36], nested: [], life: false },
];

/** The Dashboard screen shows these two side by side (docs/product/report-screens.md, 'Dashboard screen'). */
export const DASHBOARD_SCREEN_REPORT_IDS = [13, 11] as const;
