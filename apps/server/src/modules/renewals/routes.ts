import { ErrorBody, RenewalDueRow, RenewalsDueQuery, TEAM_PATHS } from '@dossier/shared';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import { withTotalHeader } from '../../platform/paging';
import { lifeRenewalsDue } from './service';

export function renewalsRoutes(app: App, db: Db): void {
  app.get(
    TEAM_PATHS.renewalsDue,
    {
      schema: {
        tags: ['renewals'],
        summary: 'Life Renewals Report: life instalments due in the range per partner of your team, most dues first',
        querystring: RenewalsDueQuery,
        response: { 200: z.array(RenewalDueRow), 400: ErrorBody },
      },
    },
    async (request, reply) => withTotalHeader(reply, await lifeRenewalsDue(db, requireViewer(request.viewer), request.query)),
  );
}
