import { can, type SideMenuResponse } from '@dossier/shared';
import { STATIC_MENU_ENTRIES, TOP_MENU_ENTRIES, type MenuAudience, type StaticMenuEntry } from '../menu-config';

export interface MenuLink {
  key: string;
  label: string;
  to: string;
}

export type SideMenuEntry =
  | ({ kind: 'link' } & MenuLink)
  | { kind: 'group'; key: string; label: string; children: MenuLink[] }
  | { kind: 'handoff'; key: string; label: string; link: 'partner_search' };

export interface SideMenuConfig {
  staticEntries: readonly StaticMenuEntry[];
  topEntries: readonly (MenuLink & { audience?: MenuAudience })[];
}

const DEFAULT_CONFIG: SideMenuConfig = {
  staticEntries: STATIC_MENU_ENTRIES,
  topEntries: TOP_MENU_ENTRIES,
};

/**
 * The date part of the current address, carried into dashboard links so switching dashboards keeps
 * the chosen period (docs/product/shell.md, 'Side menu'). Dates travel only as a pair, as the reports use them only as a pair.
 */
export function dateQueryFrom(search: URLSearchParams): string {
  const out = new URLSearchParams();
  const start = search.get('start_date');
  const end = search.get('end_date');
  if (start && end) {
    out.set('start_date', start);
    out.set('end_date', end);
  }
  const products = search.get('product_type_id');
  if (products) out.set('product_type_id', products);
  const text = out.toString();
  return text ? `?${text}` : '';
}

function isVisibleTo(audience: MenuAudience, empRole: string): boolean {
  if (audience === 'all') return true;
  return 'may' in audience ? can({ empRole }, audience.may) : !can({ empRole }, audience.mayNot);
}

export function reportPath(id: number): string {
  return `/reports/${id}/`;
}

/** The whole side menu for the signed-in user, in order: top entries, dashboards, static entries. */
export function buildSideMenu(menu: SideMenuResponse, search: URLSearchParams, config: SideMenuConfig = DEFAULT_CONFIG): SideMenuEntry[] {
  const dates = dateQueryFrom(search);
  const entries: SideMenuEntry[] = config.topEntries
    .filter((entry) => isVisibleTo(entry.audience ?? 'all', menu.user_details.emp_role))
    .map(({ key, label, to }) => ({ kind: 'link', key, label, to }));

  for (const dashboard of menu.dashboards) {
    const key = `dashboard-${dashboard.dashboard_id}`;
    if (dashboard.drillable === 1) {
      // A month-based dashboard opens on its own period: a range picked elsewhere means nothing there.
      const query = dashboard.date_reset ? '' : dates;
      entries.push({ kind: 'link', key, label: dashboard.dashboard_name, to: `${reportPath(dashboard.dashboard_id)}${query}` });
    } else {
      entries.push({
        kind: 'group',
        key,
        label: dashboard.dashboard_name,
        children: dashboard.nested_dashboard.map((nested) => ({
          key: `report-${nested.id}`,
          label: nested.name,
          to: reportPath(nested.id),
        })),
      });
    }
  }

  const role = menu.user_details.emp_role;
  for (const entry of config.staticEntries) {
    if (!isVisibleTo(entry.audience, role)) continue;
    if (entry.destination.kind === 'route') entries.push({ kind: 'link', key: entry.key, label: entry.label, to: entry.destination.to });
    else entries.push({ kind: 'handoff', key: entry.key, label: entry.label, link: entry.destination.link });
  }
  return entries;
}

/** Whether a menu link points at the page being shown (trailing slashes and queries ignored). */
export function isActivePath(to: string, pathname: string): boolean {
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  const target = to.split('?')[0] ?? to;
  return trim(target) === trim(pathname);
}
