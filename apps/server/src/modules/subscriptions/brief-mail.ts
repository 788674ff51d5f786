import { BRIEF_MAIL_SCHEDULE, can, MAX_SUBSCRIPTIONS_PER_USER, nextRunAfter, type BriefMailState } from '@dossier/shared';
import { requirePermission } from '../../platform/access';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { conflict } from '../../platform/http-errors';
import type { Viewer } from '../../platform/viewer';
import { loadCatalogue } from '../reports/module';
import { findBriefOf, insertBriefOf } from './brief-queries';
import { countOfUser, deleteOwnSubscription, scheduleColumns, updateOwnSubscription, type SubscriptionRow } from './queries';
import { NO_MAIL_ACCESS, toSubscription } from './service';

async function stateOf(db: Db, viewer: Viewer, row: SubscriptionRow | undefined): Promise<BriefMailState> {
  const subscription = row ? toSubscription(await loadCatalogue(db), row) : null;
  return { on: row !== undefined && !row.paused, may_mail: can(viewer, 'report-email'), subscription };
}

/** GET /api/subscriptions/brief/: whether the user's brief is mailed each morning (docs/product/brief.md, 'By mail'). */
export async function briefMailState(db: Db, viewer: Viewer): Promise<BriefMailState> {
  return stateOf(db, viewer, await findBriefOf(db, viewer.userId));
}

/**
 * POST /api/subscriptions/brief/: the My day switch. On subscribes (or resumes) the user's brief daily at 08:30
 * India time under the report-mail checks; off deletes it. A no-op when already so.
 */
export async function setBriefMail(db: Db, viewer: Viewer, on: boolean, ip: string, now = new Date()): Promise<BriefMailState> {
  const before = await findBriefOf(db, viewer.userId);
  if (!on) {
    if (before) {
      await db.transaction().execute(async (trx) => {
        if (!(await deleteOwnSubscription(trx, viewer.userId, before.id))) return;
        await audit(trx, {
          actorUserId: viewer.userId,
          action: 'subscription_deleted',
          entity: 'report_subscription',
          entityId: before.id,
          before: { kind: 'brief' },
          ip,
        });
      });
    }
    return briefMailState(db, viewer);
  }
  requirePermission(viewer, 'report-email', NO_MAIL_ACCESS);
  if (before && !before.paused) return stateOf(db, viewer, before);
  const next_run_at = nextRunAfter(BRIEF_MAIL_SCHEDULE, now);
  if (before) {
    await db.transaction().execute(async (trx) => {
      const resumed = await updateOwnSubscription(trx, viewer.userId, before.id, {
        paused: false,
        paused_reason: null,
        next_run_at,
        updated_at: now,
      });
      if (!resumed) return;
      await audit(trx, {
        actorUserId: viewer.userId,
        action: 'subscription_updated',
        entity: 'report_subscription',
        entityId: before.id,
        before: { paused: true },
        after: { paused: false },
        ip,
      });
    });
    return briefMailState(db, viewer);
  }
  if ((await countOfUser(db, viewer.userId)) >= MAX_SUBSCRIPTIONS_PER_USER)
    throw conflict(`You can have at most ${MAX_SUBSCRIPTIONS_PER_USER} subscriptions: delete one first`);
  await db.transaction().execute(async (trx) => {
    const inserted = await insertBriefOf(trx, { user_id: viewer.userId, ...scheduleColumns(BRIEF_MAIL_SCHEDULE), next_run_at });
    if (!inserted) return;
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'subscription_created',
      entity: 'report_subscription',
      entityId: inserted.id,
      after: { kind: 'brief', schedule: BRIEF_MAIL_SCHEDULE },
      ip,
    });
  });
  return briefMailState(db, viewer);
}
