/**
 * Stacking order: the fixed header (150) < header menus and the ETL panel (190) < drawer and
 * message dialog (Mantine's 200). An error dialog opened by a menu action must cover the menu.
 */
export const HEADER_POPUP_Z_INDEX = 190;
