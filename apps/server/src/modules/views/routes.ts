import {
  CreateViewBody,
  DeleteViewResponse,
  ErrorBody,
  RenameViewBody,
  SavedView,
  SavedViewList,
  VIEWS_PATHS,
  ViewIdParams,
} from '@dossier/shared';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import { createView, deleteOwnView, listViews, openView, renameOwnView } from './service';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const ONE = VIEWS_PATHS.one(':id');

/** Saved views (docs/product/views.md). */
export function viewRoutes(app: App, db: Db): void {
  app.get(
    VIEWS_PATHS.list,
    { schema: { tags: ['views'], summary: 'My views: the views the viewer saved, newest first', response: { 200: SavedViewList } } },
    (request) => listViews(db, requireViewer(request.viewer)),
  );
  app.post(
    VIEWS_PATHS.list,
    {
      schema: {
        tags: ['views'],
        summary: 'Save the current report view under a name (unique per user; at most 100 views)',
        body: CreateViewBody,
        response: { 200: SavedView, ...errors },
      },
    },
    (request) => createView(db, requireViewer(request.viewer), request.body, request.ip),
  );
  app.get(
    ONE,
    {
      schema: {
        tags: ['views'],
        summary: "Open a view by its link (anyone signed in, when the view's drilled account is in their subtree)",
        params: ViewIdParams,
        response: { 200: SavedView, ...errors },
      },
    },
    (request) => openView(db, requireViewer(request.viewer), request.params.id),
  );
  app.post(
    VIEWS_PATHS.rename(':id'),
    {
      schema: {
        tags: ['views'],
        summary: 'Rename one of your views',
        params: ViewIdParams,
        body: RenameViewBody,
        response: { 200: SavedView, ...errors },
      },
    },
    (request) => renameOwnView(db, requireViewer(request.viewer), request.params.id, request.body.name, request.ip),
  );
  app.post(
    VIEWS_PATHS.remove(':id'),
    {
      schema: {
        tags: ['views'],
        summary: 'Delete one of your views',
        params: ViewIdParams,
        response: { 200: DeleteViewResponse, ...errors },
      },
    },
    (request) => deleteOwnView(db, requireViewer(request.viewer), request.params.id, request.ip),
  );
}
