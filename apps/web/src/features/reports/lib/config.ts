import type { Permission } from '@dossier/shared';

/**
 * The reporting screens' own layout and link settings (docs/product/report-screens.md, 'Configuration lists').
 * Nothing here names a report: what the catalogue states about each comes with its answer or the side menu.
 */

/**
 * A half-width report's grid span: two per row from 1200px (Mantine's lg), so a 1280px laptop shows them side
 * by side; below, each takes the row. A wider table scrolls inside its card.
 */
export const HALF_WIDTH_SPAN = { base: 12, lg: 6 } as const;

/**
 * Height of a dashboard panel while its report loads, about the business summary's (13) at each width, so the
 * team report below it does not jump when it arrives (layout shift).
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
