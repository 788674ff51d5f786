import type { Module } from '../../platform/module';
import { teamRoutes } from './routes';

/** Manage Team: raised mapping requests, their reportee lists and decisions (docs/product/team.md). */
export const teamModule: Module<'db' | 'secured'> = async (app, { db, secured }) => {
  await secured(app, (scope) => teamRoutes(scope, db));
};
