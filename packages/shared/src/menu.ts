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
  /** Its menu link drops the period picked elsewhere: the dashboard is month-based. */
  date_reset: z.boolean(),
});
export type SideMenuDashboard = z.infer<typeof SideMenuDashboard>;

/**
 * The Dashboard screen (docs/product/report-screens.md, 'Dashboard screen'): the dashboard its trail and saved
 * views name, and its reports side by side, the first also drawing the premium trend.
 */
export const DashboardScreen = z.object({
  dashboard_id: z.number().int(),
  report_ids: z.array(z.number().int()).min(1),
});
export type DashboardScreen = z.infer<typeof DashboardScreen>;

export const SideMenuResponse = z.object({
  dashboards: z.array(SideMenuDashboard),
  dashboard_screen: DashboardScreen,
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
