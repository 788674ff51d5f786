import type { Module } from '../../platform/module';
import { ingestRoutes } from './routes';

// What other modules, the process and the CLI may use (docs/architecture.md, 'A module'): API keys
// (administration, CLI), the import core and its entity specs (source connector, CLI), file readers and user
// set-up (CLI).
// The body reading of the ingestion API, shared with the administration upload.
export { formatOfMediaType, mediaTypeOf, refuseDeclaredTooLarge, rowsOfBody, streamImportBodies } from './body';
export { ApiKeyError, createApiKey, listApiKeys, parseKeyEntities, revokeApiKey } from './api-keys';
export { importRows, type ImportOptions } from './core';
export { ENTITY_SPECS } from './entities';
export { csvRows, formatOfFile, ndjsonRows, xlsxRows, type ImportFormat } from './readers';
export { addUser, UserSetupError } from './users';

/** Imports pushed by other systems (docs/product/imports.md): API keys, not session tokens, with their own check. */
export const importsModule: Module<'db' | 'config'> = async (app, { db, config }) => {
  ingestRoutes(app, db, { maxBytes: config.INGEST_MAX_BYTES, idleMs: config.REQUEST_TIMEOUT_MS });
};
