import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';
import { analyticsRoutes } from '../analytics/routes';
import { mappingRoutes } from '../mapping/routes';
import { partnersRoutes } from '../partners/routes';
import { renewalsRoutes } from '../renewals/routes';
import { teamRoutes } from './routes';

/** The team and partner management area (docs/product/team.md; docs/product/renewals.md): six screens, five modules, one registration. */
export function teamAreaRoutes(app: App, db: Db): void {
  renewalsRoutes(app, db);
  partnersRoutes(app, db);
  teamRoutes(app, db);
  mappingRoutes(app, db);
  analyticsRoutes(app, db);
}
