import { ErrorBody, ImportEntity, ImportReport } from '@dossier/shared';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import { HttpError, unauthorized } from '../../platform/http-errors';
import type { App } from '../../platform/types';
import { apiKeyName } from './api-keys';
import { importRows } from './core';
import { csvRows, ndjsonRows } from './readers';

const CSV = 'text/csv';
const NDJSON = 'application/x-ndjson';

const TYPES = new Set([CSV, NDJSON]);
const mediaType = (request: FastifyRequest): string => (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** Reads `Authorization: Bearer <api key>`; session tokens (scheme Token) are not accepted here. */
function readApiKey(request: FastifyRequest): string | null {
  const m = /^Bearer\s+(\S{10,200})$/.exec((request.headers.authorization ?? '').trim());
  return m?.[1] ?? null;
}

/** The request body as it arrives, stopped with 413 past the limit (nothing of it is applied then). */
async function* limited(body: Readable, maxBytes: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    total += buf.length;
    if (total > maxBytes) {
      body.destroy();
      throw new HttpError(
        413,
        `The body is larger than the ingestion limit of ${Math.floor(maxBytes / 1_048_576)} MB: nothing was imported; send the rows in smaller batches`,
      );
    }
    yield buf;
  }
}

/**
 * The ingestion API: the distributor's systems push rows of one entity as CSV or NDJSON, authenticated by
 * an API key (`dossier api-keys create`). The body is read as a stream into the import core; the answer
 * is the import report (docs/data-contract.md).
 */
export function ingestRoutes(app: App, db: Db, maxBytes: number): void {
  void app.register((scope, _opts, done) => {
    // Bodies stay streams: the import core reads them row by row.
    scope.addContentTypeParser([CSV, NDJSON], (_request, payload, parsed) => parsed(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/ingest/:entity',
      {
        bodyLimit: maxBytes,
        schema: {
          tags: ['ingest'],
          summary: 'Push rows of one entity (CSV with a header line, or NDJSON) with an API key',
          description:
            'Authorization: Bearer <api key>. Content-Type text/csv or application/x-ndjson. A batch with a rejected row changes nothing unless partial=true.',
          params: z.object({ entity: ImportEntity }),
          querystring: z.object({ partial: bool, dry_run: bool }),
          response: { 200: ImportReport, 422: ImportReport, 401: ErrorBody, 413: ErrorBody, 415: ErrorBody },
        },
        onRequest: async (request) => {
          const key = readApiKey(request);
          if (!key) throw unauthorized('Ingestion needs an API key: send Authorization: Bearer <api key>');
          const name = await apiKeyName(db, key);
          if (!name) throw unauthorized('This API key is not valid or has been revoked');
          request.apiKeyName = name;
          if (!TYPES.has(mediaType(request))) {
            throw new HttpError(415, `Send the rows as ${CSV} (with a header line) or ${NDJSON} (one JSON object per line)`);
          }
        },
      },
      async (request, reply) => {
        const body = limited(request.body as Readable, maxBytes);
        const rows = mediaType(request) === NDJSON ? ndjsonRows(body) : csvRows(body);
        const report = await importRows(db, request.params.entity, rows, {
          partial: request.query.partial ?? false,
          dryRun: request.query.dry_run ?? false,
          source: 'api',
          actor: request.apiKeyName ?? undefined,
        });
        return reply.code(report.applied || (report.dryRun && report.errors.length === 0) ? 200 : 422).send(report);
      },
    );
    done();
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKeyName?: string;
  }
}
