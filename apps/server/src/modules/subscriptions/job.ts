import { can, nextRunAfter, ReportFilterBody } from '@dossier/shared';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { HttpError } from '../../platform/http-errors';
import { enqueueMail } from '../../platform/mail/outbox';
import type { Viewer } from '../../platform/viewer';
import { activeViewerByLogin } from '../auth/module';
import { briefMail } from '../brief/module';
import { aboutRows, loadCatalogue, paramsOfBody, reportPath, reportWorkbook, type ReportService } from '../reports/module';
import { MAIL_BODY_ROWS, subscriptionMail, type MailTable, type SubscriptionMail } from './mail';
import { activeLogin, claimDue, lockForSend, recordRun, scheduleOf, type SubscriptionRow } from './queries';
import { subscribedReports } from './service';

/** How often each instance looks for due subscriptions. */
export const SUBSCRIPTION_JOB_INTERVAL_MS = 60_000;

export interface SubscriptionJobOptions {
  /** The clock (tests move it). */
  now?: () => Date;
  /** Subscriptions one pass takes on. */
  limit?: number;
  /** How long a claim keeps other instances off a row while its report is computed. */
  leaseMs?: number;
  /** Rows read from the database at a time for policy lists. */
  batchSize?: number;
  /** A pass takes further batches of due rows until this long has passed. */
  budgetMs?: number;
  logger?: Pick<FastifyBaseLogger, 'error'>;
  /** Where the portal is reached (publicBaseUrl), for the mail's links; the default configuration's by default. */
  portalUrl?: string;
}

export interface SubscriptionPass {
  sent: number;
  skipped: number;
  paused: number;
  /** Claimed here but sent, rescheduled, paused or deleted elsewhere meanwhile: nothing done. */
  lost: number;
}

type Outcome =
  { kind: 'mail'; mail: SubscriptionMail; viewer: Viewer } | { kind: 'skip'; reason: string } | { kind: 'pause'; reason: string };

/** The subscriber as they are now: deactivated users get nothing (docs/product/subscriptions.md, 'When it does not send'). */
async function subscriber(db: Db, userId: number): Promise<Viewer | undefined> {
  const login = await activeLogin(db, userId);
  return login ? activeViewerByLogin(db, login) : undefined;
}

/** Rows read from the database at a time for policy lists, unless the options say otherwise. */
export const SUBSCRIPTION_BATCH_SIZE = 2000;

/** The report(s) computed now, for the subscriber's subtree as it is now; 'Send now' composes its mail here too. */
export async function prepare(
  db: Db,
  reports: ReportService,
  row: SubscriptionRow,
  at: Date,
  { batchSize, portalUrl }: { batchSize: number; portalUrl: string },
): Promise<Outcome> {
  const viewer = await subscriber(db, row.user_id);
  if (!viewer) return { kind: 'skip', reason: 'Skipped: the user is deactivated' };
  if (!can(viewer, 'report-email')) return { kind: 'pause', reason: 'You no longer have access to email reports' };
  // The daily brief (kind 'brief', no report) is composed by its own module.
  if (row.report_id === null) {
    const schedule = scheduleOf(row);
    return { kind: 'mail', viewer, mail: await briefMail(reports, viewer, { at, schedule, portal: portalUrl }) };
  }
  const target = subscribedReports(await loadCatalogue(db), row.report_id);
  if (!target || target.reportIds.length === 0) return { kind: 'pause', reason: 'This report can no longer be emailed' };
  const params = paramsOfBody(ReportFilterBody.parse(row.filters));
  const tables: MailTable[] = [];
  try {
    for (const reportId of target.reportIds) {
      const report = await reports.export(viewer, reportId, params, batchSize);
      const workbook = await reportWorkbook(report, aboutRows(report, portalUrl, at), MAIL_BODY_ROWS);
      tables.push({
        name: report.name,
        start: report.start,
        end: report.end,
        comparison: report.comparison,
        account: report.account,
        columns: report.columns,
        head: workbook?.head ?? [],
        count: workbook?.count ?? 0,
        file: workbook ? { fileName: workbook.fileName, content: workbook.content } : null,
      });
    }
  } catch (err) {
    // The report's own refusals (the drilled account left the subtree, the role lost the report, the
    // period grew too long, the file too large) pause it with the reason; anything else is retried.
    if (err instanceof HttpError && err.statusCode >= 400 && err.statusCode < 500 && err.statusCode !== 429) {
      return { kind: 'pause', reason: err.message };
    }
    throw err;
  }
  return {
    kind: 'mail',
    viewer,
    mail: subscriptionMail({
      title: target.title,
      userName: viewer.name,
      schedule: scheduleOf(row),
      at,
      tables,
      link: `${portalUrl}${reportPath(row.report_id, params)}`,
    }),
  };
}

/** Each claimed row: its report computed, then sent (or skipped or paused) in its own row-locked transaction. */
async function sendClaimed(
  db: Db,
  reports: ReportService,
  claimed: readonly SubscriptionRow[],
  now: () => Date,
  options: SubscriptionJobOptions,
  pass: SubscriptionPass,
): Promise<void> {
  for (const row of claimed) {
    let outcome: Outcome;
    try {
      outcome = await prepare(db, reports, row, now(), {
        batchSize: options.batchSize ?? SUBSCRIPTION_BATCH_SIZE,
        portalUrl: options.portalUrl ?? 'http://localhost:3000',
      });
    } catch (err) {
      // The claim lapses after the lease and another pass tries again.
      options.logger?.error({ err, subscription: row.id }, 'scheduled report failed');
      continue;
    }
    const done = await db.transaction().execute(async (trx) => {
      const locked = await lockForSend(trx, row);
      if (!locked) return false;
      const at = now();
      let result: string;
      if (outcome.kind === 'mail') {
        const mailId = await enqueueMail(trx, {
          kind: 'report_subscription',
          to: [outcome.viewer.email],
          createdBy: locked.user_id,
          ...outcome.mail,
        });
        await audit(trx, {
          actorUserId: locked.user_id,
          action: 'subscription_sent',
          entity: 'email_outbox',
          entityId: mailId,
          after: { subscription: locked.id, report: locked.report_id, slot: new Date(locked.next_run_at).toISOString() },
        });
        result = 'Sent';
      } else {
        result = outcome.kind === 'pause' ? `Paused: ${outcome.reason}` : outcome.reason;
      }
      await recordRun(trx, locked.id, {
        next_run_at: nextRunAfter(scheduleOf(locked), at),
        claimed_until: null,
        last_run_at: at,
        last_result: result,
        ...(outcome.kind === 'pause' ? { paused: true, paused_reason: outcome.reason } : {}),
      });
      return true;
    });
    if (!done) pass.lost++;
    else if (outcome.kind === 'mail') pass.sent++;
    else if (outcome.kind === 'pause') pass.paused++;
    else pass.skipped++;
  }
}

/**
 * One pass of the scheduled mails (docs/product/subscriptions.md, 'Delivery'): claimed rows' reports are
 * computed, then each row is locked only if it still holds the slot, queued and moved on, so a slot mails once
 * across instances. Reports run outside that transaction: PGlite has one connection, and locks stay short.
 */
export async function runDueSubscriptions(db: Db, reports: ReportService, options: SubscriptionJobOptions = {}): Promise<SubscriptionPass> {
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const pass: SubscriptionPass = { sent: 0, skipped: 0, paused: 0, lost: 0 };
  const budgetMs = options.budgetMs ?? 50_000;
  const begun = Date.now();
  // Batches until nothing is due (a busy 09:00 is worked through in one pass) or the pass has run long enough;
  // a row is tried once per pass (one whose report failed keeps its claim until the lease ends).
  const seen = new Set<number>();
  for (;;) {
    const started = now();
    const claimed = await claimDue(db, started, new Date(started.getTime() + leaseMs), options.limit ?? 20);
    const fresh = claimed.filter((r) => !seen.has(r.id));
    if (fresh.length === 0) break;
    for (const r of fresh) seen.add(r.id);
    await sendClaimed(db, reports, fresh, now, options, pass);
    if (Date.now() - begun > budgetMs) break;
  }
  return pass;
}
