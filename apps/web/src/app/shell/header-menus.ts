/** The three header menus that exclude each other (docs/product/shell.md, 'Header'): at most one is open. */
export type HeaderMenuName = 'insurance' | 'meeting' | 'paymaster';

/**
 * The open menu after `menu` reports a change. A close report only closes that menu: when opening
 * one menu makes another close (outside click), the two reports may arrive in either order.
 */
export function nextOpenMenu(current: HeaderMenuName | null, menu: HeaderMenuName, opened: boolean): HeaderMenuName | null {
  if (opened) return menu;
  return current === menu ? null : current;
}
