/**
 * The Dashboard screen shows these two side by side (docs/product/report-screens.md, 'Dashboard screen'). The web
 * needs them before any answer arrives; every other dashboard and report is defined by the server's catalogue.
 */
export const DASHBOARD_SCREEN_REPORT_IDS = [13, 11] as const;
