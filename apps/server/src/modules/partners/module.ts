import type { Module } from '../../platform/module';
import { partnersRoutes } from './routes';

/** Mapped Partners, Check Reporting and the dialer lookup of the team area (docs/product/team.md). */
export const partnersModule: Module<'db' | 'secured'> = async (app, { db, secured }) => {
  await secured(app, (scope) => partnersRoutes(scope, db));
};
