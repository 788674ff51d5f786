import type { Module } from '../../platform/module';
import { ingestRoutes } from './routes';

// What other modules, the process and the CLI may use (docs/architecture.md, 'A module'): API keys
// (administration, CLI), the import core and its entity specs (source connector, CLI), file readers and user
// set-up (CLI).
export { ApiKeyError, createApiKey, listApiKeys, revokeApiKey } from './api-keys';
export { importRows, type ImportOptions } from './core';
export { ENTITY_SPECS } from './entities';
export { csvRows, formatOfFile, ndjsonRows, xlsxRows, type ImportFormat } from './readers';
export { addUser, UserSetupError } from './users';

/** Imports pushed by other systems (docs/product/imports.md): API keys, not session tokens, with their own check. */
export const importsModule: Module<'db' | 'config'> = async (app, { db, config }) => {
  ingestRoutes(app, db, config.INGEST_MAX_BYTES);
};
