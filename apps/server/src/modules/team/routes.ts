import {
  AcceptMemberListRequest,
  DecisionResponse,
  ErrorBody,
  ReporteeDetailQuery,
  ReporteeRow,
  TEAM_PATHS,
  TeamListQuery,
  TeamRow,
} from '@dossier/shared';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import { withTotalHeader } from '../../platform/paging';
import { decide, reporteeDetail, teamList } from './service';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export function teamRoutes(app: App, db: Db): void {
  app.get(
    TEAM_PATHS.teamList,
    {
      schema: {
        tags: ['team'],
        summary: 'Manage Team: raised mapping requests you may decide, one row per manager and request',
        querystring: TeamListQuery,
        response: { 200: z.array(TeamRow), ...errors },
      },
    },
    async (request, reply) => withTotalHeader(reply, await teamList(db, requireViewer(request.viewer), request.query)),
  );
  app.get(
    TEAM_PATHS.reporteeDetail,
    {
      schema: {
        tags: ['team'],
        summary: 'Reportee list: the pending partners of one manager (and request)',
        querystring: ReporteeDetailQuery,
        response: { 200: z.array(ReporteeRow), ...errors },
      },
    },
    (request) => reporteeDetail(db, requireViewer(request.viewer), request.query),
  );
  app.post(
    TEAM_PATHS.acceptMemberList,
    {
      schema: {
        tags: ['team'],
        summary: 'Accept or reject reportees in one audited transaction; 409 when an item was already decided',
        body: AcceptMemberListRequest,
        response: { 200: DecisionResponse, ...errors, 409: ErrorBody },
      },
    },
    (request) => decide(db, requireViewer(request.viewer), request.body, request.ip),
  );
}
