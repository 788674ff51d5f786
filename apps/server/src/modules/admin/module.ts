import type { Module } from '../../platform/module';
import { adminRoutes } from './routes';

/** The administration area (docs/product/administration.md). */
export const adminModule: Module<'db' | 'config' | 'secured'> = async (app, { db, config, secured }) => {
  // Where links in mails point (password links): PUBLIC_BASE_URL, or this server on localhost.
  const publicBaseUrl = config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`;
  await secured(app, (scope) => adminRoutes(scope, db, publicBaseUrl));
};
