import { anonymousLimit } from '../../platform/anonymous-limit';
import {
  ErrorBody,
  NoticeEmailBody,
  NoticeEmailResponse,
  NOTIFY_PATHS,
  PolicyActionBody,
  RenewalLinkResponse,
  RenewalNoticeFileQuery,
  RenewalNoticeResponse,
} from '@dossier/shared';
import { z } from 'zod';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import type { NotifyService } from './service';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The signed renewal-notice PDF address, opened in a new tab without the session header. */
export function publicNotifyRoutes(app: App, service: NotifyService): void {
  app.get(
    `${NOTIFY_PATHS.renewalNotice}:policyId/document/`,
    {
      config: anonymousLimit(),
      schema: {
        tags: ['notify'],
        summary: 'The renewal notice PDF behind a signed, short-lived address (opened in a new tab)',
        params: z.object({ policyId: z.string().regex(/^\d{1,18}$/) }),
        querystring: RenewalNoticeFileQuery,
      },
    },
    async (request, reply) => {
      const doc = await service.noticeDocument(request.params.policyId, request.query.expires, request.query.signature);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${doc.fileName}"`)
        .header('cache-control', 'no-store')
        .send(doc.content);
    },
  );
}

/** The renewal row actions of a signed-in user. */
export function notifyRoutes(scope: App, service: NotifyService): void {
  scope.post(
    NOTIFY_PATHS.renewalNotice,
    {
      schema: {
        tags: ['notify'],
        summary: 'Renewal notice document: a short-lived link to the PDF (policy, customer, premium, due date, payment link)',
        body: PolicyActionBody,
        response: { 200: RenewalNoticeResponse, ...errors },
      },
    },
    (request) => service.noticeLink(requireViewer(request.viewer), request.body, request.ip),
  );
  scope.post(
    NOTIFY_PATHS.renewalLink,
    {
      schema: {
        tags: ['notify'],
        summary: "Renewal link and a message for a messaging app; 404 'renewal link not exists in system !!' when there is none",
        body: PolicyActionBody,
        response: { 200: RenewalLinkResponse, ...errors },
      },
    },
    (request) => service.renewalLink(requireViewer(request.viewer), request.body, request.ip),
  );
  scope.post(
    NOTIFY_PATHS.noticeEmail,
    {
      schema: {
        tags: ['notify'],
        summary:
          "Notice email to partner and customer through the outbox; 404 'renewal payment not exists in system !!' when there is no renewal awaiting payment",
        body: NoticeEmailBody,
        response: { 200: NoticeEmailResponse, ...errors, 429: ErrorBody },
      },
    },
    (request) => service.noticeEmail(requireViewer(request.viewer), request.body, request.ip),
  );
}
