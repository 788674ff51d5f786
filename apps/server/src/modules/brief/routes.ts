import { BRIEF_PATHS, BriefResponse, ErrorBody } from '@dossier/shared';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import { dailyBrief } from './service';

export function briefRoutes(app: App, db: Db, today: () => string): void {
  app.get(
    BRIEF_PATHS.brief,
    {
      schema: {
        tags: ['brief'],
        summary: 'The daily brief: slipping partners, renewals due in 7 days, open work and the month, for your subtree',
        response: { 200: BriefResponse, 401: ErrorBody },
      },
    },
    async (request) => dailyBrief(db, requireViewer(request.viewer), today()),
  );
}
