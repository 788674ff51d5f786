import type { ImportRow } from '@dossier/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { HttpError } from '../../platform/http-errors';
import { idleBody } from '../../platform/request-arrival';
import { csvRows, ndjsonRows, xlsxRows, type ImportFormat } from './readers';

/** The media types an import body may have, by the reader that reads it. */
export const IMPORT_MEDIA_TYPES: Record<ImportFormat, string> = {
  csv: 'text/csv',
  ndjson: 'application/x-ndjson',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

interface BodyLimits {
  maxBytes: number;
  idleMs: number;
}

export function mediaTypeOf(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export function formatOfMediaType(type: string): ImportFormat | null {
  const found = Object.entries(IMPORT_MEDIA_TYPES).find(([, t]) => t === type);
  return found ? (found[0] as ImportFormat) : null;
}

function tooLargeMessage(maxBytes: number): string {
  const limit = maxBytes >= 1_048_576 ? `${Math.floor(maxBytes / 1_048_576)} MB` : `${Math.floor(maxBytes / 1024)} KB`;
  return `The body is larger than the ingestion limit of ${limit}: nothing was imported; send the rows in smaller batches`;
}

/** Bodies of these types stay streams in this scope: the import core reads them row by row. */
export function streamImportBodies(scope: FastifyInstance, formats: readonly ImportFormat[]): void {
  scope.addContentTypeParser(
    formats.map((f) => IMPORT_MEDIA_TYPES[f]),
    (_request, payload, parsed) => parsed(null, payload),
  );
}

/** A declared length past the limit is refused before any row is read. */
export function refuseDeclaredTooLarge(request: FastifyRequest, maxBytes: number): void {
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw new HttpError(413, tooLargeMessage(maxBytes));
}

/**
 * The rows of a streamed request body, read by the reader of its media type, bounded in size and in silence
 * (`idleBody`). The ingestion API and the administration upload read bodies through this one function.
 */
export function rowsOfBody(request: FastifyRequest, format: ImportFormat, { maxBytes, idleMs }: BodyLimits): AsyncIterable<ImportRow> {
  const body = idleBody(request.body as Readable, {
    maxBytes,
    idleMs,
    tooLarge: tooLargeMessage(maxBytes),
    silent: `No data arrived for ${Math.round(idleMs / 1000)} s: nothing was imported; send the rows again`,
  });
  if (format === 'ndjson') return ndjsonRows(body);
  if (format === 'xlsx') return xlsxRows(Readable.from(body));
  return csvRows(body);
}
