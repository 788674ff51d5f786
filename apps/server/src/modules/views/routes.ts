import {
  ColleagueList,
  ColleagueQuery,
  CreateViewBody,
  DeleteViewResponse,
  ErrorBody,
  RenameViewBody,
  SavedView,
  SavedViewList,
  ShareViewBody,
  VIEWS_PATHS,
  ViewIdParams,
  ViewShareParams,
} from '@dossier/shared';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import { createView, deleteOwnView, listViews, openView, renameOwnView } from './service';
import { dismissSharedView, findColleagues, listSharedViews, shareView, unshareView } from './sharing';

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
        summary: 'Rename one of your views, and set its description when the body has one',
        params: ViewIdParams,
        body: RenameViewBody,
        response: { 200: SavedView, ...errors },
      },
    },
    (request) => renameOwnView(db, requireViewer(request.viewer), request.params.id, request.body, request.ip),
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
  app.get(
    VIEWS_PATHS.shared,
    {
      schema: {
        tags: ['views'],
        summary: 'Shared with me: the views colleagues shared with the viewer, newest share first',
        response: { 200: SavedViewList },
      },
    },
    (request) => listSharedViews(db, requireViewer(request.viewer)),
  );
  app.get(
    VIEWS_PATHS.colleagues,
    {
      schema: {
        tags: ['views'],
        summary: 'The colleagues a view may be shared with (active, in your team or above you), by name, login or code',
        querystring: ColleagueQuery,
        response: { 200: ColleagueList, 400: ErrorBody },
      },
    },
    (request) => findColleagues(db, requireViewer(request.viewer), request.query.search),
  );
  app.post(
    VIEWS_PATHS.shares(':id'),
    {
      schema: {
        tags: ['views'],
        summary: 'Share one of your views with a colleague of your team or above you',
        params: ViewIdParams,
        body: ShareViewBody,
        response: { 200: SavedView, ...errors },
      },
    },
    (request) => shareView(db, requireViewer(request.viewer), request.params.id, request.body.user_id, request.ip),
  );
  app.post(
    VIEWS_PATHS.unshare(':id', ':userId'),
    {
      schema: {
        tags: ['views'],
        summary: 'Stop sharing one of your views with someone',
        params: ViewShareParams,
        response: { 200: SavedView, ...errors },
      },
    },
    (request) => unshareView(db, requireViewer(request.viewer), request.params.id, request.params.userId, request.ip),
  );
  app.post(
    VIEWS_PATHS.dismiss(':id'),
    {
      schema: {
        tags: ['views'],
        summary: 'Take a view shared with you off your list',
        params: ViewIdParams,
        response: { 200: DeleteViewResponse, ...errors },
      },
    },
    (request) => dismissSharedView(db, requireViewer(request.viewer), request.params.id, request.ip),
  );
}
