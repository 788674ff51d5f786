import { AnalyticsQuery, AnalyticsRow, ErrorBody, TEAM_PATHS } from '@dossier/shared';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';
import { withTotalHeader } from '../../platform/paging';
import { requireViewer } from '../../platform/viewer';
import { mappingAnalytics } from './service';

export function analyticsRoutes(app: App, db: Db): void {
  app.get(
    TEAM_PATHS.analytics,
    {
      schema: {
        tags: ['analytics'],
        summary:
          'Mapping Dashboard: per manager of your team, online (request) and offline mapping counts; one page, total in X-Total-Count',
        querystring: AnalyticsQuery,
        response: { 200: z.array(AnalyticsRow), 400: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => withTotalHeader(reply, await mappingAnalytics(db, requireViewer(request.viewer), request.query)),
  );
}
