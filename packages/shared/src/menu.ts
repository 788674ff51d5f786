import { z } from 'zod';

/** The side menu and the header links (docs/product/shell.md). */
export const MENU_PATHS = {
  sideMenu: '/api/side_menu/',
  headerLinks: '/api/header_links/',
} as const;

export const SideMenuDashboard = z.object({
  dashboard_id: z.number().int(),
  dashboard_name: z.string(),
  drillable: z.union([z.literal(0), z.literal(1)]),
  nested_dashboard: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type SideMenuDashboard = z.infer<typeof SideMenuDashboard>;

export const SideMenuResponse = z.object({
  dashboards: z.array(SideMenuDashboard),
  user_details: z.object({ emp_role: z.string() }),
});
export type SideMenuResponse = z.infer<typeof SideMenuResponse>;

/** A link of the header menus (rupee menu, Insurance menu, meeting menu). */
export const PortalLink = z.object({
  /** Key of a configured hand-off target; links with a target are opened by a hand-off form post. */
  target: z.string().nullable(),
  name: z.string(),
  url: z.string(),
  value: z.string(),
});
export type PortalLink = z.infer<typeof PortalLink>;

/** Everything the header needs that comes from configuration, filtered for the signed-in user. */
export const HeaderLinksResponse = z.object({
  rule_search: PortalLink,
  paymaster: z.array(PortalLink),
  insurance: z.array(PortalLink),
  meeting: z.array(PortalLink),
  sales_portal: PortalLink,
  partner_search: PortalLink,
});
export type HeaderLinksResponse = z.infer<typeof HeaderLinksResponse>;
