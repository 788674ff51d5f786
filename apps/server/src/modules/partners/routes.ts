import {
  DialerInfoRequest,
  DialerInfoResponse,
  ErrorBody,
  MappedPartner,
  MappedPartnersQuery,
  ReportingManager,
  ReportingManagersQuery,
  TEAM_PATHS,
} from '@dossier/shared';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import { withTotalHeader } from '../../platform/paging';
import { dialerInfo, mappedPartners, reportingManagers } from './service';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export function partnersRoutes(app: App, db: Db): void {
  app.get(
    TEAM_PATHS.mappedPartners,
    {
      schema: {
        tags: ['partners'],
        summary: 'Mapped Partners: partners mapped into your team as on a date (from the mapping history)',
        querystring: MappedPartnersQuery,
        response: { 200: z.array(MappedPartner), 400: ErrorBody },
      },
    },
    async (request, reply) => withTotalHeader(reply, await mappedPartners(db, requireViewer(request.viewer), request.query)),
  );
  app.get(
    TEAM_PATHS.reportingManagers,
    {
      schema: {
        tags: ['partners'],
        summary: "Check Reporting: a partner's current reporting managers with their reporting types",
        querystring: ReportingManagersQuery,
        response: { 200: z.array(ReportingManager), ...errors },
      },
    },
    (request) => reportingManagers(db, requireViewer(request.viewer), request.query.user_id),
  );
  app.post(
    TEAM_PATHS.dialerInfo,
    {
      schema: {
        tags: ['partners'],
        summary: "Dialer info: a team partner's mobile number (audited, rate limited)",
        body: DialerInfoRequest,
        response: { 200: DialerInfoResponse, ...errors, 429: ErrorBody },
      },
    },
    (request) => dialerInfo(db, requireViewer(request.viewer), request.body.reportee, request.ip),
  );
}
