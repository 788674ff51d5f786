import {
  ADMIN_IMPORT_PATHS,
  ADMIN_PATHS,
  AdminOptions,
  ApiKeyCreate,
  ApiKeyCreated,
  ApiKeyParams,
  ApiKeysList,
  ImportRunParams,
  ImportRunsPage,
  ImportsQuery,
  AdminUser,
  AuditDownloadQuery,
  AuditPage,
  AuditQuery,
  CodeParams,
  HierarchyChildren,
  HierarchyQuery,
  HierarchySearchQuery,
  HierarchySearchResult,
  PasswordLinkSent,
  PeopleList,
  PeopleQuery,
  PersonCreate,
  PersonDetail,
  PersonUpdate,
  RevokedSessions,
  RevokeSessions,
  SessionsList,
  UserCreate,
  UserIdParams,
  UsersList,
  UsersQuery,
  UserUpdate,
} from '@dossier/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';
import * as trail from './audit-service';
import * as hierarchy from './hierarchy-service';
import * as imports from './imports-service';
import * as people from './people-service';
import { adminOnlyHook, requireAdmin } from './actor';
import * as users from './users-service';

const tags = ['admin'];
const Empty = z.object({}).strict();

/** The administration area: every route answers 403 to anyone without the admin flag. */
export async function adminRoutes(app: App, db: Db, publicBaseUrl: string): Promise<void> {
  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', adminOnlyHook);

    admin.get(
      ADMIN_PATHS.options,
      { schema: { tags, summary: 'Zones, roles and designations for the people forms', response: { 200: AdminOptions } } },
      (request) => people.options(db, requireAdmin(request)),
    );

    // ---- people ----
    admin.get(
      ADMIN_PATHS.people,
      { schema: { tags, summary: 'Search employees', querystring: PeopleQuery, response: { 200: PeopleList } } },
      (request) => people.list(db, requireAdmin(request), request.query),
    );
    admin.post(
      ADMIN_PATHS.people,
      { schema: { tags, summary: 'Create an employee', body: PersonCreate, response: { 200: PersonDetail } } },
      (request) => people.create(db, requireAdmin(request), request.body),
    );
    admin.get(
      ADMIN_PATHS.person(':code'),
      {
        schema: {
          tags,
          summary: 'One employee: manager chain, direct reports, partners mapped, user',
          params: CodeParams,
          response: { 200: PersonDetail },
        },
      },
      (request) => people.detail(db, requireAdmin(request), request.params.code),
    );
    admin.post(
      ADMIN_PATHS.person(':code'),
      {
        schema: {
          tags,
          summary: 'Edit an employee; a new manager_code moves them with their whole team',
          params: CodeParams,
          body: PersonUpdate,
          response: { 200: PersonDetail },
        },
      },
      (request) => people.update(db, requireAdmin(request), request.params.code, request.body),
    );
    admin.post(
      ADMIN_PATHS.personDeactivate(':code'),
      {
        schema: {
          tags,
          summary: 'Deactivate an employee (ends their sessions)',
          params: CodeParams,
          body: Empty,
          response: { 200: PersonDetail },
        },
      },
      (request) => people.setActive(db, requireAdmin(request), request.params.code, false),
    );
    admin.post(
      ADMIN_PATHS.personActivate(':code'),
      { schema: { tags, summary: 'Activate an employee again', params: CodeParams, body: Empty, response: { 200: PersonDetail } } },
      (request) => people.setActive(db, requireAdmin(request), request.params.code, true),
    );

    // ---- users ----
    admin.get(
      ADMIN_PATHS.users,
      { schema: { tags, summary: 'Search users', querystring: UsersQuery, response: { 200: UsersList } } },
      (request) => users.list(db, requireAdmin(request), request.query),
    );
    admin.post(
      ADMIN_PATHS.users,
      { schema: { tags, summary: 'Create a user for an employee', body: UserCreate, response: { 200: AdminUser } } },
      (request) => users.create(db, requireAdmin(request), request.body, publicBaseUrl),
    );
    admin.post(
      ADMIN_PATHS.user(':id'),
      {
        schema: {
          tags,
          summary: 'Set access flags and the admin flag',
          params: UserIdParams,
          body: UserUpdate,
          response: { 200: AdminUser },
        },
      },
      (request) => users.update(db, requireAdmin(request), request.params.id, request.body),
    );
    admin.post(
      ADMIN_PATHS.userDeactivate(':id'),
      {
        schema: {
          tags,
          summary: 'Deactivate a user: every session ends at once',
          params: UserIdParams,
          body: Empty,
          response: { 200: AdminUser },
        },
      },
      (request) => users.setActive(db, requireAdmin(request), request.params.id, false),
    );
    admin.post(
      ADMIN_PATHS.userActivate(':id'),
      { schema: { tags, summary: 'Activate a user again', params: UserIdParams, body: Empty, response: { 200: AdminUser } } },
      (request) => users.setActive(db, requireAdmin(request), request.params.id, true),
    );
    admin.post(
      ADMIN_PATHS.userResetPassword(':id'),
      {
        schema: {
          tags,
          summary: 'Mail the user a one-time link to set a local password',
          params: UserIdParams,
          body: Empty,
          response: { 200: PasswordLinkSent },
        },
      },
      (request) => users.sendPasswordLink(db, requireAdmin(request), request.params.id, publicBaseUrl),
    );
    admin.get(
      ADMIN_PATHS.userSessions(':id'),
      { schema: { tags, summary: "A user's live sessions", params: UserIdParams, response: { 200: SessionsList } } },
      (request) => users.sessions(db, requireAdmin(request), request.params.id),
    );
    admin.post(
      ADMIN_PATHS.userSessionsRevoke(':id'),
      {
        schema: {
          tags,
          summary: "End one of a user's sessions, or all without session_id",
          params: UserIdParams,
          body: RevokeSessions,
          response: { 200: RevokedSessions },
        },
      },
      (request) => users.revoke(db, requireAdmin(request), request.params.id, request.body.session_id),
    );

    // ---- hierarchy ----
    admin.get(
      ADMIN_PATHS.hierarchy,
      {
        schema: {
          tags,
          summary: 'One level of the organisation with head and partner counts',
          querystring: HierarchyQuery,
          response: { 200: HierarchyChildren },
        },
      },
      (request) => hierarchy.children(db, requireAdmin(request), request.query.parent),
    );
    admin.get(
      ADMIN_PATHS.hierarchySearch,
      {
        schema: {
          tags,
          summary: 'Find people in the tree (with their path from the top)',
          querystring: HierarchySearchQuery,
          response: { 200: HierarchySearchResult },
        },
      },
      (request) => hierarchy.search(db, requireAdmin(request), request.query.q),
    );

    // ---- imports and ingestion API keys ----
    admin.get(
      ADMIN_IMPORT_PATHS.imports,
      { schema: { tags, summary: 'The history of imports, newest first', querystring: ImportsQuery, response: { 200: ImportRunsPage } } },
      (request) => imports.runs(db, requireAdmin(request), request.query.limit, request.query.offset),
    );
    admin.get(
      ADMIN_IMPORT_PATHS.rejected(':id'),
      { schema: { tags, summary: "An import's rejected rows as CSV", params: ImportRunParams } },
      async (request, reply) => {
        const file = await imports.rejected(db, requireAdmin(request), request.params.id);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
    admin.get(
      ADMIN_IMPORT_PATHS.apiKeys,
      { schema: { tags, summary: 'Ingestion API keys (never the keys themselves)', response: { 200: ApiKeysList } } },
      (request) => imports.keys(db, requireAdmin(request)),
    );
    admin.post(
      ADMIN_IMPORT_PATHS.apiKeys,
      {
        schema: {
          tags,
          summary: 'Create an ingestion API key: the answer is the only time it is shown',
          body: ApiKeyCreate,
          response: { 200: ApiKeyCreated },
        },
      },
      (request) => imports.createKey(db, requireAdmin(request), request.body),
    );
    admin.post(
      ADMIN_IMPORT_PATHS.revokeKey(':name'),
      {
        schema: { tags, summary: 'Revoke an ingestion API key at once', params: ApiKeyParams, body: Empty, response: { 200: ApiKeysList } },
      },
      (request) => imports.revokeKey(db, requireAdmin(request), request.params.name),
    );

    // ---- audit trail ----
    admin.get(
      ADMIN_PATHS.audit,
      { schema: { tags, summary: 'The audit trail, newest first, paged', querystring: AuditQuery, response: { 200: AuditPage } } },
      (request) => trail.page(db, requireAdmin(request), request.query),
    );
    admin.get(
      ADMIN_PATHS.auditDownload,
      { schema: { tags, summary: 'The filtered audit trail as CSV', querystring: AuditDownloadQuery } },
      async (request, reply) => {
        const body = await trail.csv(db, requireAdmin(request), request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="audit-trail.csv"')
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  });
}
