import type { Module } from '../../platform/module';
import { viewRoutes } from './routes';

/** Saved views (docs/product/views.md). */
export const viewsModule: Module<'db' | 'secured'> = async (app, { db, secured }) => {
  await secured(app, (scope) => viewRoutes(scope, db));
};
