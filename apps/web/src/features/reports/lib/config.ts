import type { Permission } from '@dossier/shared';

/**
 * The reporting screens' own layout and link settings (docs/product/report-screens.md, 'Configuration lists').
 * Nothing here names a report or a dashboard: what the server's catalogue states about each (width, date
 * picker, paging, breadcrumbs, chart, dropdown filter, footnote, row actions, the 'Renewal dues' link, date
 * and month resets, the Dashboard screen's reports) comes with its answer or the side menu.
 */

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

/** Team tables whose partner rows (EI ids) get the mobile number lookup. */
export const MOBILE_LOOKUP_ON_PARTNER_ROWS = true;

/** The external sales promotion view (docs/product/report-screens.md, 'Cell links'): rm_code, start_date and end_date as dd/mm/yyyy. */
export const SALES_PROMOTION_URL = '/demo-portal/sales-promotion';

/** The hand-off target of the partner summary link on EI ids (not for role 204). */
export const PARTNER_SUMMARY_TARGET = 'partner-search';

/** Who gets the partner summary link (docs/product/report-screens.md, 'Cell links'): a permission of the one table. */
export const PARTNER_SUMMARY_PERMISSION: Permission = 'partner-search';
