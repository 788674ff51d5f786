import {
  CancelMappingRequest,
  CancelMappingResponse,
  ErrorBody,
  SubmitMappingRequest,
  SubmitMappingResponse,
  TEAM_PATHS,
  UnmappedPartnersResponse,
} from '@dossier/shared';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import { cancelMapping, submitMapping, unmappedLists } from './service';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export function mappingRoutes(app: App, db: Db): void {
  app.get(
    TEAM_PATHS.unmappedPartners,
    {
      schema: {
        tags: ['mapping'],
        summary: 'Requester view: unmapped partners and the managers of your team (per product line for designation asm)',
        response: { 200: UnmappedPartnersResponse, 403: ErrorBody },
      },
    },
    (request) => unmappedLists(db, requireViewer(request.viewer)),
  );
  app.post(
    TEAM_PATHS.submitMapping,
    {
      schema: {
        tags: ['mapping'],
        summary: 'Raise a mapping request: partners (unmapped or of your team) to a manager of your team',
        body: SubmitMappingRequest,
        response: { 200: SubmitMappingResponse, ...errors },
      },
    },
    (request) => submitMapping(db, requireViewer(request.viewer), request.body, request.ip),
  );
  app.post(
    TEAM_PATHS.cancelMapping,
    {
      schema: {
        tags: ['mapping'],
        summary: "Withdraw a partner's pending mapping request (its requester or their managers)",
        body: CancelMappingRequest,
        response: { 200: CancelMappingResponse, ...errors },
      },
    },
    (request) => cancelMapping(db, requireViewer(request.viewer), request.body.partner_unique_code, request.ip),
  );
}
