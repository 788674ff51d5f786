import { HeaderLinksResponse, MENU_PATHS, SideMenuResponse } from '@dossier/shared';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import type { HandoffService } from '../handoff/module';
import { headerLinks, sideMenu } from './service';

export function menuRoutes(app: App, db: Db, handoff: HandoffService): void {
  app.get(
    MENU_PATHS.sideMenu,
    { schema: { tags: ['menu'], summary: 'Dashboards of the side menu and the viewer role', response: { 200: SideMenuResponse } } },
    (request) => sideMenu(db, requireViewer(request.viewer)),
  );
  app.get(
    MENU_PATHS.headerLinks,
    { schema: { tags: ['menu'], summary: 'Configured header links for the viewer', response: { 200: HeaderLinksResponse } } },
    async (request) => headerLinks(requireViewer(request.viewer), handoff),
  );
}
