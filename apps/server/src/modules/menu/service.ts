import { can, type HeaderLinksResponse, type PortalLink, type SideMenuResponse } from '@dossier/shared';
import type { Viewer } from '../../platform/viewer';
import type { HandoffService, PortalTarget } from '../handoff/module';
import { DASHBOARD_SCREEN, type Catalogue } from '../reports/module';

/**
 * The side menu's dashboards for this viewer (docs/product/shell.md, 'Side menu'): role 204 sees life only; the
 * Contests group lists the contests by name, absent when there are none.
 */
export function sideMenu({ dashboards }: Catalogue, viewer: Viewer): SideMenuResponse {
  return {
    dashboards: dashboards
      .filter((d) => d.life || can(viewer, 'business-reports'))
      .map((d) => ({
        dashboard_id: d.dashboard_id,
        dashboard_name: d.dashboard_name,
        drillable: d.drillable ? (1 as const) : (0 as const),
        nested_dashboard: d.nested.map((n) => ({ id: n.id, name: n.name })),
        date_reset: d.dateReset,
      })),
    dashboard_screen: DASHBOARD_SCREEN,
    user_details: { emp_role: viewer.empRole },
  };
}

const toLink = (t: PortalTarget): PortalLink => ({ target: t.handoff ? t.key : null, name: t.name, url: t.url, value: t.value });

/** Header menus from configuration, limited to what this viewer may open. */
export function headerLinks(viewer: Viewer, handoff: HandoffService): HeaderLinksResponse {
  const visible = handoff.visibleTargets(viewer);
  const group = (g: PortalTarget['group']) => visible.filter((t) => t.group === g).map(toLink);
  const first = (g: PortalTarget['group']): PortalLink => {
    const t = visible.find((x) => x.group === g);
    return t ? toLink(t) : { target: null, name: '', url: '', value: '' };
  };
  return {
    rule_search: first('rule_search'),
    paymaster: group('paymaster'),
    insurance: group('insurance'),
    meeting: group('meeting'),
    sales_portal: first('sales_portal'),
    partner_search: first('partner_search'),
  };
}
