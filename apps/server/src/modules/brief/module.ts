import type { Module } from '../../platform/module';
import { briefRoutes } from './routes';

// The report mails send the brief each morning to those who turned its mail on (subscriptions' job).
export { briefMail } from './mail';

/** The daily brief (docs/product/brief.md): reads the roll-ups on the reporting database, counts days as the reports do. */
export const briefModule: Module<'reports' | 'secured'> = async (app, { reports, secured }) => {
  await secured(app, (scope) => briefRoutes(scope, reports.database(), () => reports.businessDay()));
};
