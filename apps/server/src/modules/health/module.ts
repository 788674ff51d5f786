import type { Module } from '../../platform/module';
import { healthRoutes } from './routes';

/** Liveness and readiness: public, answered even while start-up work is still running. */
export const healthModule: Module<'db' | 'readiness'> = async (app, { db, readiness }) => {
  healthRoutes(app, db, readiness);
};
