import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/http-errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { hitRateLimit } from '../../platform/rate-limit';
import type { Viewer } from '../../platform/viewer';
import { loadCatalogue, type ReportService } from '../reports/module';
import { prepare, SUBSCRIPTION_BATCH_SIZE } from './job';
import { findOwn } from './queries';
import { refuseUnsendable, toSubscription } from './service';

/**
 * 'Send now' (docs/product/subscriptions.md): the subscription's mail, composed as scheduled, to the subscriber
 * at once, leaving the row untouched. It counts against `MAIL_RATE_LIMIT` like any report email.
 */
export async function sendSubscriptionNow(
  db: Db,
  reports: ReportService,
  viewer: Viewer,
  id: number,
  { mailPerMinute, portalUrl }: { mailPerMinute: number; portalUrl: string },
  ip: string,
  now = new Date(),
): Promise<{ message: string }> {
  const row = await findOwn(db, viewer.userId, id);
  if (!row) throw notFound(`No subscription ${id}`);
  // The refusals of subscribing (mail access, the report, the account now outside the team), each with its status.
  await refuseUnsendable(db, reports, viewer, row);
  await hitRateLimit(db, [`mail:user:${viewer.userId}`], mailPerMinute, 60, (s) => `Too many report emails. Try again in ${s} seconds.`);
  const outcome = await prepare(db, reports, row, now, { batchSize: SUBSCRIPTION_BATCH_SIZE, portalUrl });
  // What would pause the schedule (a file over the mail limit) refuses the test instead, and pauses nothing.
  if (outcome.kind !== 'mail') throw conflict(outcome.reason);
  const to = outcome.viewer.email;
  await db.transaction().execute(async (trx) => {
    const mailId = await enqueueMail(trx, { kind: 'report_subscription', to: [to], createdBy: viewer.userId, ...outcome.mail });
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'subscription_sent_now',
      entity: 'email_outbox',
      entityId: mailId,
      after: { subscription: row.id, report: row.report_id },
      ip,
    });
  });
  const title = toSubscription(await loadCatalogue(db), row).report_name;
  return { message: `${title} will be sent to ${to} shortly. Its schedule is unchanged.` };
}
