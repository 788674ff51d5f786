import type { Module } from '../../platform/module';
import { renewalsRoutes } from './routes';

/** Life Renewals of the team area (docs/product/renewals.md). */
export const renewalsModule: Module<'db' | 'secured'> = async (app, { db, secured }) => {
  await secured(app, (scope) => renewalsRoutes(scope, db));
};
