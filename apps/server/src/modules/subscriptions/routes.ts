import {
  CreateSubscriptionBody,
  DeleteSubscriptionResponse,
  ErrorBody,
  SendSubscriptionNowResponse,
  Subscription,
  SubscriptionIdParams,
  SubscriptionList,
  SUBSCRIPTION_PATHS,
  UpdateSubscriptionBody,
} from '@dossier/shared';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import type { ReportService } from '../reports/module';
import { sendSubscriptionNow } from './send-now';
import { createSubscription, deleteSubscription, listSubscriptions, updateSubscription } from './service';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Scheduled report mails (docs/product/subscriptions.md): each user sees and changes only their own. */
/** @param mail the report emails' limit a minute (MAIL_RATE_LIMIT) and where the portal is reached, for 'Send now' */
export function subscriptionRoutes(app: App, db: Db, reports: ReportService, mail: { mailPerMinute: number; portalUrl: string }): void {
  app.get(
    SUBSCRIPTION_PATHS.list,
    { schema: { tags: ['subscriptions'], summary: "The signed-in user's scheduled report mails", response: { 200: SubscriptionList } } },
    (request) => listSubscriptions(db, requireViewer(request.viewer)),
  );

  app.post(
    SUBSCRIPTION_PATHS.list,
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Schedule a report or dashboard, with its filter body, to be mailed daily, weekly or monthly (India time)',
        body: CreateSubscriptionBody,
        response: { 200: Subscription, ...errors, 409: ErrorBody },
      },
    },
    (request) => createSubscription(db, reports, requireViewer(request.viewer), request.body, request.ip),
  );

  app.post(
    SUBSCRIPTION_PATHS.one(':id'),
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Change the schedule of one of your subscriptions, pause or resume it',
        params: SubscriptionIdParams,
        body: UpdateSubscriptionBody,
        response: { 200: Subscription, ...errors },
      },
    },
    (request) => updateSubscription(db, reports, requireViewer(request.viewer), request.params.id, request.body, request.ip),
  );

  app.post(
    SUBSCRIPTION_PATHS.remove(':id'),
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Delete one of your subscriptions',
        params: SubscriptionIdParams,
        response: { 200: DeleteSubscriptionResponse, 404: ErrorBody },
      },
    },
    (request) => deleteSubscription(db, requireViewer(request.viewer), request.params.id, request.ip),
  );

  app.post(
    SUBSCRIPTION_PATHS.sendNow(':id'),
    {
      schema: {
        tags: ['subscriptions'],
        summary: "Send one of your subscriptions' mail to yourself now, its schedule unchanged (counts as a report email)",
        params: SubscriptionIdParams,
        response: { 200: SendSubscriptionNowResponse, ...errors, 409: ErrorBody, 429: ErrorBody },
      },
    },
    (request) => sendSubscriptionNow(db, reports, requireViewer(request.viewer), request.params.id, mail, request.ip),
  );
}
