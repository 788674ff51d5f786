import type { Module } from '../../platform/module';
import { ingestRoutes } from './routes';

/** Imports pushed by other systems (docs/product/imports.md): API keys, not session tokens, with their own check. */
export const importsModule: Module<'db' | 'config'> = async (app, { db, config }) => {
  ingestRoutes(app, db, config.INGEST_MAX_BYTES);
};
