import { ErrorBody, ImportEntity, ImportReport } from '@dossier/shared';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { forbidden, HttpError, unauthorized } from '../../platform/http-errors';
import type { App } from '../../platform/types';
import { liveApiKey, type LiveApiKey } from './api-keys';
import { formatOfMediaType, IMPORT_MEDIA_TYPES, mediaTypeOf, refuseDeclaredTooLarge, rowsOfBody, streamImportBodies } from './body';
import { importRows } from './core';

const CSV = IMPORT_MEDIA_TYPES.csv;
const NDJSON = IMPORT_MEDIA_TYPES.ndjson;
/** What other systems push: rows as text, never a workbook. */
const PUSHED = ['csv', 'ndjson'] as const;

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** Reads `Authorization: Bearer <api key>`; session tokens (scheme Token) are not accepted here. */
function readApiKey(request: FastifyRequest): string | null {
  const m = /^Bearer\s+(\S{10,200})$/.exec((request.headers.authorization ?? '').trim());
  return m?.[1] ?? null;
}

/** A push of an entity outside the key's scope (docs/product/security.md, 'Ingestion keys'). */
export function outsideKeyScope(key: LiveApiKey, entity: string): string {
  return `The API key "${key.name}" may push ${key.entities.join(', ')} only, not ${entity}: an administrator can make a key that includes it`;
}

/**
 * The ingestion API: the distributor's systems push rows of one entity as CSV or NDJSON, authenticated by
 * an API key (`dossier api-keys create`). The body is read as a stream into the import core; the answer
 * is the import report (docs/data-contract.md).
 */
export function ingestRoutes(app: App, db: Db, limits: { maxBytes: number; idleMs: number }): void {
  const { maxBytes, idleMs } = limits;
  void app.register((scope, _opts, done) => {
    streamImportBodies(scope, PUSHED);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/ingest/:entity',
      {
        bodyLimit: maxBytes,
        // However large, a body is read as long as it keeps arriving (request-arrival.ts).
        config: { streamedBody: true },
        schema: {
          tags: ['ingest'],
          summary: 'Push rows of one entity (CSV with a header line, or NDJSON) with an API key',
          description:
            'Authorization: Bearer <api key>. Content-Type text/csv or application/x-ndjson. A batch with a rejected row changes nothing unless partial=true.',
          params: z.object({ entity: ImportEntity }),
          querystring: z.object({ partial: bool, dry_run: bool }),
          response: { 200: ImportReport, 422: ImportReport, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody, 415: ErrorBody },
        },
        onRequest: async (request) => {
          const key = readApiKey(request);
          if (!key) throw unauthorized('Ingestion needs an API key: send Authorization: Bearer <api key>');
          const live = await liveApiKey(db, key);
          if (!live) throw unauthorized('This API key is not valid or has been revoked');
          request.apiKey = live;
          const format = formatOfMediaType(mediaTypeOf(request));
          if (format !== 'csv' && format !== 'ndjson') {
            throw new HttpError(415, `Send the rows as ${CSV} (with a header line) or ${NDJSON} (one JSON object per line)`);
          }
          refuseDeclaredTooLarge(request, maxBytes);
        },
      },
      async (request, reply) => {
        const key = request.apiKey;
        if (!key) throw unauthorized('Ingestion needs an API key: send Authorization: Bearer <api key>');
        // Checked before a byte of the body is read: a key writes only the entities it was made for.
        if (!key.entities.includes(request.params.entity)) {
          // Audited: a key sent where it may not write is either a misconfigured system or an attempt.
          await audit(db, {
            actorUserId: null,
            action: 'ingest.outside_key_scope',
            entity: request.params.entity,
            after: { api_key: key.name, entities: key.entities },
            ip: request.ip,
          });
          throw forbidden(outsideKeyScope(key, request.params.entity));
        }
        const rows = rowsOfBody(request, mediaTypeOf(request) === NDJSON ? 'ndjson' : 'csv', { maxBytes, idleMs });
        const report = await importRows(db, request.params.entity, rows, {
          partial: request.query.partial ?? false,
          dryRun: request.query.dry_run ?? false,
          source: 'api',
          actor: key.name,
        });
        return reply.code(report.applied || (report.dryRun && report.errors.length === 0) ? 200 : 422).send(report);
      },
    );
    done();
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: LiveApiKey;
  }
}
