import type { Module } from '../../platform/module';
import { mappingRoutes } from './routes';

/** The Requester View: raising and withdrawing mapping requests (docs/product/team.md). */
export const mappingModule: Module<'db' | 'secured'> = async (app, { db, secured }) => {
  await secured(app, (scope) => mappingRoutes(scope, db));
};
