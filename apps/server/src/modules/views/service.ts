import {
  SavedViewFilters,
  MAX_VIEWS_PER_USER,
  VIEW_GONE_MESSAGE,
  VIEW_OUTSIDE_TEAM_MESSAGE,
  type CreateViewBody,
  type RenameViewBody,
  type SavedView,
} from '@dossier/shared';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/http-errors';
import type { Viewer } from '../../platform/viewer';
import { drilledAccount, loadCatalogue, requireReportAccess, resolveFilters, resolveRange, type Catalogue } from '../reports/module';
import {
  deleteView,
  insertView,
  lockAndCountViews,
  recipientsOf,
  renameView,
  shareOf,
  viewById,
  viewsOfUser,
  type RecipientRow,
  type ViewRow,
} from './queries';

const isUniqueViolation = (err: unknown) => (err as { code?: unknown }).code === '23505';
const duplicateName = (name: string) => conflict(`You already have a view named '${name}'. Choose another name.`);

/** The page a view opens, by name: the Dashboard screen, a dashboard, or a report (undefined for an unknown id). */
function pageName(catalogue: Catalogue, screen: SavedView['screen'], reportId: number): string | undefined {
  if (screen === 'dashboard') return 'Dashboard';
  return catalogue.dashboard(reportId)?.dashboard_name ?? catalogue.report(reportId)?.name;
}

/** Who shared a view with the viewer, and when. */
export interface SharedBy {
  name: string;
  code: string;
  shared_at: Date;
}

/**
 * The view as the viewer may see it: its owner gets the recipients (`recipients`, the view's own and maybe
 * others'), a recipient who shared it with them (`sharedBy`), anyone else neither.
 */
export function toView(
  catalogue: Catalogue,
  row: ViewRow,
  viewer: Viewer,
  { recipients = [], sharedBy }: { recipients?: readonly RecipientRow[]; sharedBy?: SharedBy } = {},
): SavedView {
  // saved_views.filters holds the period and the lists exactly as they were saved.
  const filters = SavedViewFilters.parse(typeof row.filters === 'string' ? JSON.parse(row.filters) : row.filters);
  const owned = row.user_id === viewer.userId;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    screen: row.screen,
    report_id: row.report_id,
    report_name: pageName(catalogue, row.screen, row.report_id) ?? `Report ${row.report_id}`,
    account_id: row.account_id,
    ...filters,
    owned,
    shared_with: owned
      ? recipients
          .filter((r) => r.view_id === row.id)
          .map((r) => ({
            user_id: r.user_id,
            name: r.name,
            login: r.login,
            code: r.code,
            active: r.active,
            shared_at: r.shared_at.toISOString(),
          }))
      : [],
    shared_by: !owned && sharedBy ? { name: sharedBy.name, code: sharedBy.code, shared_at: sharedBy.shared_at.toISOString() } : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** One view as the viewer sees it, its recipients or its sharer looked up. */
export async function viewFor(db: Db, viewer: Viewer, row: ViewRow): Promise<SavedView> {
  const catalogue = await loadCatalogue(db);
  if (row.user_id === viewer.userId) return toView(catalogue, row, viewer, { recipients: await recipientsOf(db, [row.id]) });
  return toView(catalogue, row, viewer, { sharedBy: await shareOf(db, row.id, viewer.userId) });
}

/**
 * The drilled account must be in the viewer's subtree by the reports' own rule, so a view never opens what its
 * reader could not drill to (docs/product/views.md, 'Opening a view').
 */
async function requireAccountInSubtree(db: Db, viewer: Viewer, accountId: string | null): Promise<void> {
  if (accountId === null) return;
  try {
    await drilledAccount(db, viewer, accountId);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 403) throw forbidden(VIEW_OUTSIDE_TEAM_MESSAGE);
    throw err;
  }
}

/** The view, or 404 when it was deleted (or never existed). */
export async function existingView(db: Db, id: string): Promise<ViewRow> {
  const row = await viewById(db, id);
  if (!row) throw notFound(VIEW_GONE_MESSAGE);
  return row;
}

/** The view of its owner: others may only open it (403), a deleted one is 404. */
export async function ownView(db: Db, viewer: Viewer, id: string, action: 'rename' | 'delete' | 'share'): Promise<ViewRow> {
  const row = await existingView(db, id);
  if (row.user_id !== viewer.userId) throw forbidden(`Only the person who saved this view can ${action} it.`);
  return row;
}

export async function listViews(db: Db, viewer: Viewer): Promise<SavedView[]> {
  const rows = await viewsOfUser(db, viewer.userId);
  const recipients = await recipientsOf(
    db,
    rows.map((r) => r.id),
  );
  const catalogue = await loadCatalogue(db);
  return rows.map((row) => toView(catalogue, row, viewer, { recipients }));
}

/**
 * Whether the reader may open the view: its drilled account is in their subtree (403 with the views' message)
 * and their role may read its page (the reports' own 403).
 */
export async function requireOpenable(db: Db, reader: Viewer, row: Pick<ViewRow, 'account_id' | 'report_id'>): Promise<void> {
  await requireAccountInSubtree(db, reader, row.account_id);
  // The reader's role decides too: a life-only reader cannot open a business report's view.
  requireReportAccess(await loadCatalogue(db), reader, row.report_id);
}

/** Opening a view (its link): anyone signed in, when its drilled account is in their subtree. */
export async function openView(db: Db, viewer: Viewer, id: string): Promise<SavedView> {
  const row = await existingView(db, id);
  await requireOpenable(db, viewer, row);
  return viewFor(db, viewer, row);
}

export async function createView(db: Db, viewer: Viewer, body: CreateViewBody, ip: string): Promise<SavedView> {
  const catalogue = await loadCatalogue(db);
  if (pageName(catalogue, body.screen, body.report_id) === undefined) throw badRequest(`Unknown report ${body.report_id}`);
  requireReportAccess(catalogue, viewer, body.report_id);
  const { name, description, screen, report_id, account_id, ...filters } = body;
  // The reports' own checks, so a saved view never opens onto a refusal: the range's length and known
  // products, insurers and states (the same messages as GET /api/reports/{id}/).
  if (filters.start_date !== null && filters.end_date !== null)
    resolveRange({ start_date: filters.start_date, end_date: filters.end_date }, 'range', 0);
  await resolveFilters(db, {
    product_type_id: filters.product_type_id,
    insurers: filters.insurers,
    states: filters.states,
    business_type: filters.business_type,
  });
  await requireAccountInSubtree(db, viewer, account_id);
  try {
    return await db.transaction().execute(async (trx) => {
      if ((await lockAndCountViews(trx, viewer.userId)) >= MAX_VIEWS_PER_USER) {
        throw conflict(`You already have ${MAX_VIEWS_PER_USER} saved views, the most one person may keep. Delete one to save another.`);
      }
      const row = await insertView(trx, {
        user_id: viewer.userId,
        name,
        description,
        screen,
        report_id,
        account_id,
        filters: JSON.stringify(filters),
      });
      const view = toView(catalogue, row, viewer);
      await audit(trx, {
        actorUserId: viewer.userId,
        action: 'view_saved',
        entity: 'saved_view',
        entityId: view.id,
        after: { name, description, screen, report_id, account_id, ...filters },
        ip,
      });
      return view;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(name);
    throw err;
  }
}

/** Renames the owner's view and, when the body has one, sets its description (null: none). */
export async function renameOwnView(db: Db, viewer: Viewer, id: string, body: RenameViewBody, ip: string): Promise<SavedView> {
  const before = await ownView(db, viewer, id, 'rename');
  const { name } = body;
  const description = body.description === undefined ? before.description : body.description;
  const catalogue = await loadCatalogue(db);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await renameView(trx, id, name, description);
      await audit(trx, {
        actorUserId: viewer.userId,
        action: 'view_renamed',
        entity: 'saved_view',
        entityId: id,
        before: { name: before.name, description: before.description },
        after: { name, description },
        ip,
      });
      return toView(catalogue, row, viewer, { recipients: await recipientsOf(trx, [id]) });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(name);
    throw err;
  }
}

export async function deleteOwnView(db: Db, viewer: Viewer, id: string, ip: string): Promise<{ message: string }> {
  const row = await ownView(db, viewer, id, 'delete');
  const catalogue = await loadCatalogue(db);
  await db.transaction().execute(async (trx) => {
    // Its shares go with it; the audit keeps whom it was shared with.
    const before = toView(catalogue, row, viewer, { recipients: await recipientsOf(trx, [id]) });
    await deleteView(trx, id);
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'view_deleted',
      entity: 'saved_view',
      entityId: id,
      before,
      ip,
    });
  });
  return { message: `View '${row.name}' deleted` };
}
