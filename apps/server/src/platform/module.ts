import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { SourceConnector } from '../modules/connector/connector';
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
  /** Report queries go here (a read replica when REPORTING_DATABASE_URL is set, else `db`). */
  reportingDb: Db;
  telephony: TelephonyProvider;
  /** The source connector, when SOURCE_DATABASE_URL and SOURCE_CONFIG are set. */
  connector: SourceConnector | undefined;
  /** Today's business date for report periods; tests fix it, otherwise the clock in Asia/Kolkata. */
  today: (() => string) | undefined;
  readiness: Readiness;
  secured: SecuredScope;
}

/**
 * A module: one Fastify plugin registered on the root by `buildApp`. In its own (encapsulated) context it
 * builds its services from its options, registers its public routes on `app` and the rest through
 * `secured`, and declares its background jobs with `app.jobs.push` (`platform/jobs.ts`).
 */
export type Module<K extends keyof ModuleDeps = never> = FastifyPluginAsync<Pick<ModuleDeps, K>, RawServerDefault, ZodTypeProvider>;
