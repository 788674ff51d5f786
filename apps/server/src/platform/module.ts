import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { SourcePull } from '../modules/etl/module';
import type { ReportService } from '../modules/reports/module';
import type { Db } from './db';
import type { Readiness } from './readiness';
import type { TelephonyProvider } from './telephony/types';
import type { App } from './types';

/** Registers routes in a child scope of `app` whose every request needs a valid session token (`platform/authenticate.ts`). */
export type SecuredScope = (app: App, routes: (scope: App) => void | Promise<void>) => Promise<void>;

/**
 * Everything a module may be given, built once by `buildApp`. Each module takes the part it needs as its
 * plugin options (`Module<'db' | 'secured'>`), so what a module depends on reads from its type.
 */
export interface ModuleDeps {
  config: Config;
  db: Db;
  /** The app's one report service and its cache (`createReportService`): report pages and report mails. */
  reports: ReportService;
  telephony: TelephonyProvider;
  /** The source connector (`modules/connector`), when SOURCE_DATABASE_URL and SOURCE_CONFIG are set. */
  connector: SourcePull | undefined;
  readiness: Readiness;
  secured: SecuredScope;
}

/**
 * A module: one encapsulated Fastify plugin registered by `buildApp`; it registers public routes on `app`,
 * the rest through `secured`, and declares its jobs with `app.jobs.push`.
 */
export type Module<K extends keyof ModuleDeps = never> = FastifyPluginAsync<Pick<ModuleDeps, K>, RawServerDefault, ZodTypeProvider>;
