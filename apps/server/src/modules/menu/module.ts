import type { Module } from '../../platform/module';
import { createHandoff } from '../handoff/module';
import { menuRoutes } from './routes';

/** The side menu and the header links (docs/product/shell.md). */
export const menuModule: Module<'db' | 'config' | 'secured' | 'reports'> = async (app, { db, config, secured, reports }) => {
  const handoff = createHandoff(db, config);
  await secured(app, (scope) => menuRoutes(scope, reports, handoff));
};
