import type { Module } from '../../platform/module';
import { analyticsRoutes } from './routes';

/** The Mapping Dashboard of the team area (docs/product/team.md). */
export const analyticsModule: Module<'db' | 'secured'> = async (app, { db, secured }) => {
  await secured(app, (scope) => analyticsRoutes(scope, db));
};
