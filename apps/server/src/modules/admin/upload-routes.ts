import { ADMIN_IMPORT_PATHS, ErrorBody, ImportReport, ImportUploadParams, ImportUploadQuery } from '@dossier/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db';
import { HttpError } from '../../platform/http-errors';
import type { App } from '../../platform/types';
import { formatOfMediaType, importRows, mediaTypeOf, refuseDeclaredTooLarge, rowsOfBody, streamImportBodies } from '../imports/module';
import { adminOnlyHook, requireAdmin } from './actor';

const UNSUPPORTED_UPLOAD = 'Upload a .csv (with a header line), .xlsx (column names in row 1 of the first sheet) or .ndjson file';

/**
 * A file uploaded on /admin → Imports goes through the same import core, body reading and limits as the
 * ingestion API, and is recorded under the administrator's login.
 */
export async function uploadRoutes(app: App, db: Db, limits: { maxBytes: number; idleMs: number }): Promise<void> {
  await app.register(async (scope) => {
    streamImportBodies(scope, ['csv', 'ndjson', 'xlsx']);
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', adminOnlyHook);
    admin.post(
      ADMIN_IMPORT_PATHS.upload(':entity'),
      {
        bodyLimit: limits.maxBytes,
        // However large, a file is read as long as it keeps arriving.
        config: { streamedBody: true },
        schema: {
          tags: ['admin'],
          summary: 'Import an uploaded file (CSV, XLSX or NDJSON) of one entity',
          params: ImportUploadParams,
          querystring: ImportUploadQuery,
          response: { 200: ImportReport, 422: ImportReport, 400: ErrorBody, 403: ErrorBody, 413: ErrorBody, 415: ErrorBody },
        },
        onRequest: async (request) => {
          if (formatOfMediaType(mediaTypeOf(request)) === null) throw new HttpError(415, UNSUPPORTED_UPLOAD);
          refuseDeclaredTooLarge(request, limits.maxBytes);
        },
      },
      async (request, reply) => {
        const actor = requireAdmin(request);
        const format = formatOfMediaType(mediaTypeOf(request));
        if (format === null) throw new HttpError(415, UNSUPPORTED_UPLOAD);
        // Recorded under the login, which the history shows with the employee's name.
        const user = await db.selectFrom('users').select('login').where('id', '=', actor.viewer.userId).executeTakeFirstOrThrow();
        const report = await importRows(db, request.params.entity, rowsOfBody(request, format, limits), {
          partial: request.query.partial ?? false,
          dryRun: request.query.dry_run ?? false,
          source: 'upload',
          actor: user.login,
        });
        return reply.code(report.applied || (report.dryRun && report.errors.length === 0) ? 200 : 422).send(report);
      },
    );
  });
}
