import { HeaderLinksResponse, MENU_PATHS, SideMenuResponse } from '@dossier/shared';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import type { HandoffService } from '../handoff/module';
import type { ReportService } from '../reports/module';
import { headerLinks, sideMenu } from './service';

export function menuRoutes(app: App, reports: ReportService, handoff: HandoffService): void {
  app.get(
    MENU_PATHS.sideMenu,
    { schema: { tags: ['menu'], summary: 'Dashboards of the side menu and the viewer role', response: { 200: SideMenuResponse } } },
    async (request) => sideMenu(await reports.catalogue(), requireViewer(request.viewer)),
  );
  app.get(
    MENU_PATHS.headerLinks,
    { schema: { tags: ['menu'], summary: 'Configured header links for the viewer', response: { 200: HeaderLinksResponse } } },
    async (request) => headerLinks(requireViewer(request.viewer), handoff),
  );
}
