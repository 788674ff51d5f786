import type { Permission } from '@dossier/shared';

/**
 * Side-menu configuration (docs/product/shell.md, 'Side menu'). Typed data, so changing who sees what is a
 * one-line edit here and the rules in side-menu-model.ts stay untouched.
 */

/**
 * Who sees an entry, by the shared permission table (`packages/shared/src/permissions.ts`). Display only: the
 * server refuses the calls behind an entry whatever the menu shows.
 */
export type MenuAudience = 'all' | { may: Permission } | { mayNot: Permission };

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

/** The entry above the dashboards. The Dashboard shows reports 13 and 11, business reports the life-only role 204 may not read. */
export const TOP_MENU_ENTRIES: readonly { key: string; label: string; to: string; audience: MenuAudience }[] = [
  { key: 'brief', label: 'My day', to: '/brief', audience: 'all' },
  { key: 'dashboard', label: 'Dashboard', to: '/dashboard', audience: { may: 'business-reports' } },
];

// Life Renewals is the entry of role 204, which has no business reports (docs/product/renewals.md); the call-centre
// dashboards go to the roles that may reassign cases (docs/product/callcentre.md).
const LIFE_ONLY: MenuAudience = { mayNot: 'business-reports' };
const CALL_CENTRE: MenuAudience = { may: 'case-reassignment' };

/** The entries after the dashboards, in menu order. */
export const STATIC_MENU_ENTRIES: readonly StaticMenuEntry[] = [
  { key: 'life-renewals', label: 'Life Renewals Report', audience: LIFE_ONLY, destination: { kind: 'route', to: '/liferenewalsreport' } },
  { key: 'mapped-partners', label: 'Mapped Partners', audience: 'all', destination: { kind: 'route', to: '/mappedpartners' } },
  {
    key: 'partner-search',
    label: 'Partner Search',
    audience: { may: 'partner-search' },
    destination: { kind: 'handoff', link: 'partner_search' },
  },
  { key: 'manage-team', label: 'Manage Team', audience: { may: 'team-area' }, destination: { kind: 'route', to: '/manageteam' } },
  { key: 'requester-view', label: 'Requester View', audience: { may: 'team-area' }, destination: { kind: 'route', to: '/requesterview' } },
  {
    key: 'mapping-dashboard',
    label: 'Mapping Dashboard',
    audience: { may: 'team-area' },
    destination: { kind: 'route', to: '/analytics' },
  },
  { key: 'rm-dashboard', label: 'RM Dashboard', audience: CALL_CENTRE, destination: { kind: 'route', to: '/rm-dashboard' } },
  { key: 'trm-dashboard', label: 'TRM Dashboard', audience: CALL_CENTRE, destination: { kind: 'route', to: '/trm-dashboard' } },
  { key: 'my-views', label: 'My views', audience: 'all', destination: { kind: 'route', to: '/views' } },
];
