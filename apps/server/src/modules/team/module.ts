import type { Module } from '../../platform/module';
import { teamRoutes } from './routes';

// What other modules may use (docs/architecture.md, 'A module'): the Requester View (mapping) withdraws
// request items and offers managers by their specialty as this module decides them.
export { decideItems } from './queries';
export { linesOf, primaryLine, specialties } from './specialty';

/** Manage Team: raised mapping requests, their reportee lists and decisions (docs/product/team.md). */
export const teamModule: Module<'db' | 'secured'> = async (app, { db, secured }) => {
  await secured(app, (scope) => teamRoutes(scope, db));
};
