import type { Permission } from '@dossier/shared';

/**
 * Every configuration list of the reporting screens (docs/product/report-screens.md, 'Configuration lists'), typed and
 * in one place: changing which report shows what is a one-line edit here, never in a component.
 * What the server states with each report (width, date picker, paging, breadcrumbs, chart, dropdown filter,
 * footnote) comes in its answer instead.
 */

/** The Dashboard screen: reports 13 and 11 side by side, date picker hidden (docs/product/report-screens.md, 'Dashboard screen'). */
export { DASHBOARD_SCREEN_REPORT_IDS } from '@dossier/shared';

/** The executive report (end of a drill: one partner's policies) and the renewal dues report. */
export const EXECUTIVE_REPORT_ID = 37;
export const RENEWAL_DUES_REPORT_ID = 38;

/**
 * The grid span of a half-width report: two per row from 1200px (Mantine's lg), so an ordinary 1280px
 * laptop shows them side by side beside the side menu; below that each takes the row. A table wider
 * than its half scrolls inside its card, with a shadow on the side that hides columns.
 */
export const HALF_WIDTH_SPAN = { base: 12, lg: 6 } as const;

/**
 * Height of a dashboard panel while its report loads: about what the business summary (13, always four
 * rows) takes at each width, measured on the demo data. Below lg the team report sits under it, so a
 * placeholder of another height would make the team report jump when the summary arrives (layout shift,
 * which Lighthouse counts); side by side from lg both panels take the taller one's height.
 */
export const PANEL_PLACEHOLDER_HEIGHT = { base: 450, xs: 404, sm: 416, lg: 479 } as const;

/**
 * Dashboards whose menu click resets the date (the side menu reads this list): Partner Activation
 * Dashboard Revist (4) and Team Business Performance (5) are month-based, so a range picked on another
 * dashboard means nothing there.
 */
export const DATE_RESET_DASHBOARD_IDS: readonly number[] = [4, 5];

/** Dashboards whose month filter starts again from the current month on every visit (Partner Activation Dashboard Revist; docs/product/report-screens.md, 'Month picker'). */
export const MONTH_FILTER_RESET_DASHBOARD_IDS: readonly number[] = [4];

/** Row actions by report (docs/product/renewals.md, 'Renewal row actions'). */
export type RowAction = 'renewal-notice' | 'renewal-link' | 'notice-email' | 'mobile';
export const ROW_ACTIONS: Readonly<Record<number, readonly RowAction[]>> = {
  [RENEWAL_DUES_REPORT_ID]: ['renewal-notice', 'renewal-link', 'notice-email', 'mobile'],
  // Executive rows with a renewal awaiting payment (One Click Url) can mail the notice by payment id.
  [EXECUTIVE_REPORT_ID]: ['notice-email'],
};
/** Team tables whose partner rows (EI ids) get the mobile number lookup. */
export const MOBILE_LOOKUP_ON_PARTNER_ROWS = true;

/** Policy lists grow with the business: the server pages them (docs/product/report-screens.md, 'Limits the server enforces'). */
export const SERVER_PAGED_REPORTS: readonly number[] = [EXECUTIVE_REPORT_ID, RENEWAL_DUES_REPORT_ID];

/** Where the 'Renewal dues' link shows: on these report pages (and on the executive report for its partner). */
export const RENEWAL_DUES_LINK_PAGES: readonly number[] = [1, 11, EXECUTIVE_REPORT_ID];

/** The external sales promotion view (docs/product/report-screens.md, 'Cell links'): rm_code, start_date and end_date as dd/mm/yyyy. */
export const SALES_PROMOTION_URL = '/demo-portal/sales-promotion';

/** The hand-off target of the partner summary link on EI ids (not for role 204). */
export const PARTNER_SUMMARY_TARGET = 'partner-search';

/** Who gets the partner summary link (docs/product/report-screens.md, 'Cell links'): a permission of the one table. */
export const PARTNER_SUMMARY_PERMISSION: Permission = 'partner-search';
