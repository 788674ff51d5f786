import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_MAX, SIDE_MENU_COLLAPSE_MAX, SIDE_MENU_HIDDEN_MAX } from '@dossier/shared';

// Read synchronously on first render: this is a browser-only app, and a first frame with the
// desktop layout on a phone would flash.
const SYNC = { getInitialValueInEffect: false } as const;

/** ≤767px: short header labels, icon-only Insurance, 95% wide dialogs (docs/product/shell.md, 'Constants'). */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_MAX}px)`, undefined, SYNC);
}

/** ≤768px: the side menu is hidden and opens as an overlay drawer instead (docs/product/shell.md, 'Layout'). */
export function useIsNarrowLayout(): boolean {
  return useMediaQuery(`(max-width: ${SIDE_MENU_HIDDEN_MAX}px)`, undefined, SYNC);
}

/** Under 480px: the ETL info button is hidden (docs/product/shell.md, 'Header'). */
export function useIsPhone(): boolean {
  return useMediaQuery(`(max-width: ${SIDE_MENU_COLLAPSE_MAX - 0.02}px)`, undefined, SYNC);
}

/** The same ≤767px test at one moment, for code outside components (a dialog's width when it opens). */
export function isMobileNow(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(`(max-width: ${MOBILE_MAX}px)`).matches;
}
