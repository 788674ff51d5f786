import {
  SavedViewFilters,
  MAX_VIEWS_PER_USER,
  VIEW_GONE_MESSAGE,
  VIEW_OUTSIDE_TEAM_MESSAGE,
  type CreateViewBody,
  type SavedView,
} from '@dossier/shared';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/http-errors';
import type { Viewer } from '../../platform/viewer';
import { drilledAccount, loadCatalogue, requireReportAccess, resolveFilters, resolveRange, type Catalogue } from '../reports/module';
import { deleteView, insertView, lockAndCountViews, renameView, viewById, viewsOfUser, type ViewRow } from './queries';

const isUniqueViolation = (err: unknown) => (err as { code?: unknown }).code === '23505';
const duplicateName = (name: string) => conflict(`You already have a view named '${name}'. Choose another name.`);

/** The page a view opens, by name: the Dashboard screen, a dashboard, or a report (undefined for an unknown id). */
function pageName(catalogue: Catalogue, screen: SavedView['screen'], reportId: number): string | undefined {
  if (screen === 'dashboard') return 'Dashboard';
  return catalogue.dashboard(reportId)?.dashboard_name ?? catalogue.report(reportId)?.name;
}

function toView(catalogue: Catalogue, row: ViewRow, viewer: Viewer): SavedView {
  // saved_views.filters holds the period and the lists exactly as they were saved.
  const filters = SavedViewFilters.parse(typeof row.filters === 'string' ? JSON.parse(row.filters) : row.filters);
  return {
    id: row.id,
    name: row.name,
    screen: row.screen,
    report_id: row.report_id,
    report_name: pageName(catalogue, row.screen, row.report_id) ?? `Report ${row.report_id}`,
    account_id: row.account_id,
    ...filters,
    owned: row.user_id === viewer.userId,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * The drilled account must be in the viewer's subtree, by the rule the reports themselves apply (a code with
 * EI is a partner mapped into the subtree, another an employee of it; an unknown code answers the same), so a
 * view never opens what its reader could not drill to (docs/product/views.md, 'Opening a view').
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
async function existingView(db: Db, id: string): Promise<ViewRow> {
  const row = await viewById(db, id);
  if (!row) throw notFound(VIEW_GONE_MESSAGE);
  return row;
}

/** The view of its owner: others may only open it (403), a deleted one is 404. */
async function ownView(db: Db, viewer: Viewer, id: string, action: 'rename' | 'delete'): Promise<ViewRow> {
  const row = await existingView(db, id);
  if (row.user_id !== viewer.userId) throw forbidden(`Only the person who saved this view can ${action} it.`);
  return row;
}

export async function listViews(db: Db, viewer: Viewer): Promise<SavedView[]> {
  const catalogue = await loadCatalogue(db);
  return (await viewsOfUser(db, viewer.userId)).map((row) => toView(catalogue, row, viewer));
}

/** Opening a view (its link): anyone signed in, when its drilled account is in their subtree. */
export async function openView(db: Db, viewer: Viewer, id: string): Promise<SavedView> {
  const row = await existingView(db, id);
  await requireAccountInSubtree(db, viewer, row.account_id);
  // The reader's role decides too: a life-only reader cannot open a business report's view.
  const catalogue = await loadCatalogue(db);
  requireReportAccess(catalogue, viewer, row.report_id);
  return toView(catalogue, row, viewer);
}

export async function createView(db: Db, viewer: Viewer, body: CreateViewBody, ip: string): Promise<SavedView> {
  const catalogue = await loadCatalogue(db);
  if (pageName(catalogue, body.screen, body.report_id) === undefined) throw badRequest(`Unknown report ${body.report_id}`);
  requireReportAccess(catalogue, viewer, body.report_id);
  const { name, screen, report_id, account_id, ...filters } = body;
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
      const row = await insertView(trx, { user_id: viewer.userId, name, screen, report_id, account_id, filters: JSON.stringify(filters) });
      const view = toView(catalogue, row, viewer);
      await audit(trx, {
        actorUserId: viewer.userId,
        action: 'view_saved',
        entity: 'saved_view',
        entityId: view.id,
        after: { name, screen, report_id, account_id, ...filters },
        ip,
      });
      return view;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(name);
    throw err;
  }
}

export async function renameOwnView(db: Db, viewer: Viewer, id: string, name: string, ip: string): Promise<SavedView> {
  const before = await ownView(db, viewer, id, 'rename');
  const catalogue = await loadCatalogue(db);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await renameView(trx, id, name);
      await audit(trx, {
        actorUserId: viewer.userId,
        action: 'view_renamed',
        entity: 'saved_view',
        entityId: id,
        before: { name: before.name },
        after: { name },
        ip,
      });
      return toView(catalogue, row, viewer);
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
    await deleteView(trx, id);
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'view_deleted',
      entity: 'saved_view',
      entityId: id,
      before: toView(catalogue, row, viewer),
      ip,
    });
  });
  return { message: `View '${row.name}' deleted` };
}
