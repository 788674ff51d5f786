import { anonymousLimit } from '../../platform/anonymous-limit';
import { HANDOFF_PATHS, HandoffRequest, HandoffResponse, HandoffVerifyRequest, HandoffVerifyResponse } from '@dossier/shared';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import type { HandoffService } from './service';

export function handoffRoutes(app: App, handoff: HandoffService): void {
  app.post(
    HANDOFF_PATHS.handoff,
    {
      schema: {
        tags: ['auth'],
        summary: 'Mint a single-use hand-off token for a configured portal',
        body: HandoffRequest,
        response: { 200: HandoffResponse },
      },
    },
    (request) => handoff.start(requireViewer(request.viewer), request.body.target, request.ip),
  );
}

export function publicHandoffRoutes(app: App, handoff: HandoffService): void {
  app.post(
    HANDOFF_PATHS.verify,
    {
      config: anonymousLimit(),
      schema: {
        tags: ['auth'],
        summary: 'For target portals: verify and consume a hand-off token',
        body: HandoffVerifyRequest,
        response: { 200: HandoffVerifyResponse },
      },
    },
    (request) => handoff.verify(request.body.token, request.body.target, request.ip),
  );
}
