import {
  BRIEF_TITLE,
  MAX_SUBSCRIPTIONS_PER_USER,
  nextRunAfter,
  ReportFilterBody,
  scheduleText,
  type CreateSubscriptionBody,
  type Subscription,
  type UpdateSubscriptionBody,
} from '@dossier/shared';
import { requirePermission } from '../../platform/access';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http-errors';
import type { Viewer } from '../../platform/viewer';
import { loadCatalogue, paramsOfBody, type Catalogue, type ReportService } from '../reports/module';
import {
  countOfUser,
  deleteOwnSubscription,
  findOwn,
  insertSubscription,
  listOfUser,
  scheduleColumns,
  scheduleOf,
  updateOwnSubscription,
  type SubscriptionRow,
} from './queries';

/** The refusal of a user who may not email reports, for any kind of subscription. */
export const NO_MAIL_ACCESS = 'You do not have access to email reports';
/** The daily brief's mail keeps its time (docs/product/brief.md, 'By mail'). */
export const BRIEF_SCHEDULE_FIXED = "My day's mail goes daily at 08:30; its schedule cannot be changed";

/** What a subscription mails: one report, or every mailable report of a dashboard. */
export function subscribedReports(
  catalogue: Catalogue,
  reportId: number,
): { title: string; kind: 'report' | 'dashboard'; reportIds: number[] } | undefined {
  const dashboard = catalogue.dashboard(reportId);
  if (dashboard) {
    const reportIds = dashboard.report_ids.filter((id) => catalogue.report(id)?.email === true);
    return { title: dashboard.dashboard_name, kind: 'dashboard', reportIds };
  }
  const def = catalogue.report(reportId);
  return def ? { title: def.name, kind: 'report', reportIds: def.email ? [def.id] : [] } : undefined;
}

/**
 * Whether the viewer may have this report mailed with these filters (docs/product/subscriptions.md): it exists
 * (404), can be mailed by this user (403), and passes the report's own checks without running.
 */
export async function refuseUnmailable(
  db: Db,
  reports: ReportService,
  viewer: Viewer,
  reportId: number,
  filters: ReportFilterBody,
): Promise<void> {
  const target = subscribedReports(await loadCatalogue(db), reportId);
  if (!target) throw notFound(`No report ${reportId}`);
  requirePermission(viewer, 'report-email', NO_MAIL_ACCESS);
  if (target.reportIds.length === 0) throw forbidden(`${target.title} cannot be emailed`);
  await reports.check(viewer, reportId, paramsOfBody(filters));
}

/** Whether a subscription may run for the viewer now: the daily brief (no report) needs mail access alone. */
export async function refuseUnsendable(db: Db, reports: ReportService, viewer: Viewer, row: SubscriptionRow): Promise<void> {
  if (row.report_id === null) requirePermission(viewer, 'report-email', NO_MAIL_ACCESS);
  else await refuseUnmailable(db, reports, viewer, row.report_id, ReportFilterBody.parse(row.filters));
}

export function toSubscription(catalogue: Catalogue, row: SubscriptionRow): Subscription {
  const schedule = scheduleOf(row);
  const target = row.report_id === null ? { title: BRIEF_TITLE, kind: 'brief' as const } : subscribedReports(catalogue, row.report_id);
  // Stored by this module from a parsed body; parsing again gives the shared type without a cast.
  const filters = ReportFilterBody.parse(row.filters);
  return {
    id: row.id,
    report_id: row.report_id,
    report_name: target?.title ?? `Report ${row.report_id}`,
    kind: target?.kind ?? 'report',
    filters,
    schedule,
    schedule_text: scheduleText(schedule),
    paused: row.paused,
    paused_reason: row.paused_reason,
    next_run_at: new Date(row.next_run_at).toISOString(),
    last_run_at: row.last_run_at ? new Date(row.last_run_at).toISOString() : null,
    last_result: row.last_result,
  };
}

export async function listSubscriptions(db: Db, viewer: Viewer): Promise<{ subscriptions: Subscription[] }> {
  const catalogue = await loadCatalogue(db);
  return { subscriptions: (await listOfUser(db, viewer.userId)).map((row) => toSubscription(catalogue, row)) };
}

export async function createSubscription(
  db: Db,
  reports: ReportService,
  viewer: Viewer,
  body: CreateSubscriptionBody,
  ip: string,
  now = new Date(),
): Promise<Subscription> {
  await refuseUnmailable(db, reports, viewer, body.report_id, body.filters);
  if ((await countOfUser(db, viewer.userId)) >= MAX_SUBSCRIPTIONS_PER_USER)
    throw conflict(`You can have at most ${MAX_SUBSCRIPTIONS_PER_USER} subscriptions: delete one first`);
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await insertSubscription(trx, {
      user_id: viewer.userId,
      report_id: body.report_id,
      filters: JSON.stringify(body.filters),
      ...scheduleColumns(body.schedule),
      next_run_at: nextRunAfter(body.schedule, now),
    });
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'subscription_created',
      entity: 'report_subscription',
      entityId: inserted.id,
      after: { report: body.report_id, filters: body.filters, schedule: body.schedule },
      ip,
    });
    return inserted;
  });
  return toSubscription(await loadCatalogue(db), row);
}

const NOT_FOUND = (id: number) => notFound(`No subscription ${id}`);

export async function updateSubscription(
  db: Db,
  reports: ReportService,
  viewer: Viewer,
  id: number,
  body: UpdateSubscriptionBody,
  ip: string,
  now = new Date(),
): Promise<Subscription> {
  const before = await findOwn(db, viewer.userId, id);
  if (!before) throw NOT_FOUND(id);
  if (body.schedule && before.kind === 'brief') throw badRequest(BRIEF_SCHEDULE_FIXED);
  const schedule = body.schedule ?? scheduleOf(before);
  const paused = body.paused ?? before.paused;
  // Resuming one the server paused checks again that it may run (the account is back in the team, mail access restored).
  if (!paused && before.paused) await refuseUnsendable(db, reports, viewer, before);
  const row = await db.transaction().execute(async (trx) => {
    const updated = await updateOwnSubscription(trx, viewer.userId, id, {
      ...scheduleColumns(schedule),
      paused,
      paused_reason: paused ? (body.paused === true ? null : before.paused_reason) : null,
      // A new schedule or a resume counts from now: slots missed while paused are not sent.
      next_run_at: body.schedule || (before.paused && !paused) ? nextRunAfter(schedule, now) : before.next_run_at,
      updated_at: now,
    });
    if (!updated) throw NOT_FOUND(id);
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'subscription_updated',
      entity: 'report_subscription',
      entityId: id,
      before: { schedule: scheduleOf(before), paused: before.paused },
      after: { schedule, paused },
      ip,
    });
    return updated;
  });
  return toSubscription(await loadCatalogue(db), row);
}

export async function deleteSubscription(db: Db, viewer: Viewer, id: number, ip: string): Promise<{ message: string }> {
  await db.transaction().execute(async (trx) => {
    const deleted = await deleteOwnSubscription(trx, viewer.userId, id);
    if (!deleted) throw NOT_FOUND(id);
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'subscription_deleted',
      entity: 'report_subscription',
      entityId: id,
      before: { report: deleted.report_id },
      ip,
    });
  });
  return { message: 'Subscription deleted' };
}
