import { SIDE_MENU_COLLAPSE_MAX } from '@dossier/shared';

/**
 * Collapsed state of the side menu at start (docs/product/shell.md, 'Layout'): collapsed on screens of 480px or
 * less whatever was stored; otherwise the stored choice ('dossier-sidenav'), open by default.
 */
export function initialCollapsed(stored: string | null, viewportWidth: number): boolean {
  if (viewportWidth <= SIDE_MENU_COLLAPSE_MAX) return true;
  return stored === 'true';
}

export function serializeCollapsed(collapsed: boolean): string {
  return collapsed ? 'true' : 'false';
}
