/**
 * Side-menu configuration (docs/product/shell.md, 'Side menu'). Typed data, so changing who sees what is a
 * one-line edit here and the rules in side-menu-model.ts stay untouched.
 */

/**
 * Dashboards whose menu click resets the date: their links carry no start_date/end_date, so the
 * report opens on its default period. The list lives with the other report configuration lists.
 */
export { DATE_RESET_DASHBOARD_IDS } from '../features/reports/lib/config';

/** Who sees a static entry, by emp_role: 204 is the life-only role (docs/product/shell.md, 'Users and roles'). */
export type MenuAudience = 'all' | 'life-only' | 'not-life-only';

export type StaticMenuDestination =
  | { kind: 'route'; to: string }
  /** An external portal reached through a hand-off (header_links.partner_search). */
  | { kind: 'handoff'; link: 'partner_search' };

export interface StaticMenuEntry {
  key: string;
  label: string;
  audience: MenuAudience;
  destination: StaticMenuDestination;
}

/** The entry above the dashboards. The Dashboard shows reports 13 and 11, which the life-only role may not read. */
export const TOP_MENU_ENTRIES: readonly { key: string; label: string; to: string; audience: MenuAudience }[] = [
  { key: 'dashboard', label: 'Dashboard', to: '/dashboard', audience: 'not-life-only' },
];

/** The entries after the dashboards, in menu order. */
export const STATIC_MENU_ENTRIES: readonly StaticMenuEntry[] = [
  { key: 'life-renewals', label: 'Life Renewals Report', audience: 'life-only', destination: { kind: 'route', to: '/liferenewalsreport' } },
  { key: 'mapped-partners', label: 'Mapped Partners', audience: 'all', destination: { kind: 'route', to: '/mappedpartners' } },
  { key: 'partner-search', label: 'Partner Search', audience: 'not-life-only', destination: { kind: 'handoff', link: 'partner_search' } },
  { key: 'manage-team', label: 'Manage Team', audience: 'not-life-only', destination: { kind: 'route', to: '/manageteam' } },
  { key: 'requester-view', label: 'Requester View', audience: 'not-life-only', destination: { kind: 'route', to: '/requesterview' } },
  { key: 'mapping-dashboard', label: 'Mapping Dashboard', audience: 'not-life-only', destination: { kind: 'route', to: '/analytics' } },
  { key: 'rm-dashboard', label: 'RM Dashboard', audience: 'not-life-only', destination: { kind: 'route', to: '/rm-dashboard' } },
  { key: 'trm-dashboard', label: 'TRM Dashboard', audience: 'not-life-only', destination: { kind: 'route', to: '/trm-dashboard' } },
  { key: 'my-views', label: 'My views', audience: 'all', destination: { kind: 'route', to: '/views' } },
];
