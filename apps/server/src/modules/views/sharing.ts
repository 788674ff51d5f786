import { COLLEAGUE_SEARCH_LIMIT, MAX_VIEW_RECIPIENTS, VIEW_OUTSIDE_TEAM_MESSAGE, type Colleague, type SavedView } from '@dossier/shared';
import { notAColleague, requireAccess } from '../../platform/access';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { conflict, forbidden, HttpError, notFound } from '../../platform/http-errors';
import type { Viewer } from '../../platform/viewer';
import { activeViewerByLogin } from '../auth/module';
import { loadCatalogue } from '../reports/module';
import { deleteShare, insertShare, lockAndCountRecipients, searchColleagues, viewsSharedWith, type ViewRow } from './queries';
import { existingView, ownView, requireOpenable, toView, viewFor } from './service';

/**
 * Sharing a view (docs/product/views.md, 'Sharing a view'): the owner names colleagues of their team or their
 * line of managers, who find the view under 'Shared with me' and open it as anyone opens a view's link.
 */

/** What taking a view off 'Shared with me' answers when it is not shared with the viewer (their own included). */
export const NOT_SHARED_WITH_YOU = 'This view is not shared with you.';

/** 'Shared with me': the views others shared with the viewer, newest share first, whoever saved them (active or not). */
export async function listSharedViews(db: Db, viewer: Viewer): Promise<SavedView[]> {
  const catalogue = await loadCatalogue(db);
  return (await viewsSharedWith(db, viewer.userId)).map(({ owner_name, owner_code, shared_at, ...row }) =>
    toView(catalogue, row, viewer, { sharedBy: { name: owner_name, code: owner_code, shared_at } }),
  );
}

/** The colleagues the viewer may share with whose name, login or code contains the text (all of them for none), by name. */
export function findColleagues(db: Db, viewer: Viewer, search: string): Promise<Colleague[]> {
  return searchColleagues(db, viewer, search, COLLEAGUE_SEARCH_LIMIT);
}

/**
 * A share the recipient could not use is refused when it is made (409), by the rule that opens a view: its
 * drilled account in their subtree, its page open to their role.
 */
async function requireRecipientCanOpen(db: Db, recipient: Colleague, row: ViewRow): Promise<void> {
  const reader = await activeViewerByLogin(db, recipient.login);
  // Deactivated since the colleague was looked up.
  if (!reader) throw notAColleague(recipient.user_id);
  try {
    await requireOpenable(db, reader, row);
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode !== 403) throw err;
    const why = err.message === VIEW_OUTSIDE_TEAM_MESSAGE ? 'its account is outside their team' : 'its page is not available to their role';
    throw conflict(`${recipient.name} cannot open this view: ${why}.`);
  }
}

/** The owner shares their view with a colleague; sharing with a recipient again changes nothing. */
export async function shareView(db: Db, viewer: Viewer, id: string, userId: number, ip: string): Promise<SavedView> {
  const row = await ownView(db, viewer, id, 'share');
  const recipient = await requireAccess(db, viewer, { kind: 'colleague', userId });
  await requireRecipientCanOpen(db, recipient, row);
  await db.transaction().execute(async (trx) => {
    const count = await lockAndCountRecipients(trx, id);
    if (!(await insertShare(trx, id, userId))) return;
    if (count >= MAX_VIEW_RECIPIENTS) {
      throw conflict(`This view is shared with ${MAX_VIEW_RECIPIENTS} colleagues, the most one view may be. Remove one to add another.`);
    }
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'view_shared',
      entity: 'saved_view',
      entityId: id,
      after: { user_id: userId, login: recipient.login },
      ip,
    });
  });
  return viewFor(db, viewer, row);
}

/** The owner stops sharing their view with someone (active or not, in their team or no longer). */
export async function unshareView(db: Db, viewer: Viewer, id: string, userId: number, ip: string): Promise<SavedView> {
  const row = await ownView(db, viewer, id, 'share');
  await db.transaction().execute(async (trx) => {
    if (!(await deleteShare(trx, id, userId))) throw notFound('This view is not shared with that person.');
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'view_unshared',
      entity: 'saved_view',
      entityId: id,
      before: { user_id: userId },
      ip,
    });
  });
  return viewFor(db, viewer, row);
}

/** A recipient takes a shared view off their list; its owner may share it again. */
export async function dismissSharedView(db: Db, viewer: Viewer, id: string, ip: string): Promise<{ message: string }> {
  const row = await existingView(db, id);
  await db.transaction().execute(async (trx) => {
    if (!(await deleteShare(trx, id, viewer.userId))) throw forbidden(NOT_SHARED_WITH_YOU);
    await audit(trx, { actorUserId: viewer.userId, action: 'view_dismissed', entity: 'saved_view', entityId: id, ip });
  });
  return { message: `View '${row.name}' removed from Shared with me` };
}
