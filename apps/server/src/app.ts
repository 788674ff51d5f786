import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { adminModule } from './modules/admin/module';
import { briefModule } from './modules/brief/module';
import { analyticsModule } from './modules/analytics/module';
import { authModule, sessionTokens } from './modules/auth/module';
import { callCentreModule } from './modules/callcentre/module';
import { etlModule, type SourcePull } from './modules/etl/module';
import { handoffFormOrigins, handoffModule } from './modules/handoff/module';
import { healthModule } from './modules/health/module';
import { importsModule } from './modules/imports/module';
import { mappingModule } from './modules/mapping/module';
import { menuModule } from './modules/menu/module';
import { notifyModule } from './modules/notify/module';
import { partnersModule } from './modules/partners/module';
import { renewalsModule } from './modules/renewals/module';
import { createReportService, reportsModule, type ReportDef } from './modules/reports/module';
import { subscriptionsModule } from './modules/subscriptions/module';
import { teamModule } from './modules/team/module';
import { viewsModule } from './modules/views/module';
import { registerAnonymousLimit } from './platform/anonymous-limit';
import { securedScope } from './platform/authenticate';
import type { Db } from './platform/db';
import { registerErrorHandler } from './platform/error-handler';
import { collectJobs } from './platform/jobs';
import { logSerializers } from './platform/log-redaction';
import { DebugRequestLogs } from './platform/logger';
import { registerMetrics } from './platform/metrics/routes';
import type { PoolReaders } from './platform/metrics/registry';
import type { Module, ModuleDeps } from './platform/module';
import { refuseNulCharacters } from './platform/nul-characters';
import { boundRequestArrival } from './platform/request-arrival';
import { registerOpenApi } from './platform/openapi';
import { gateUntilReady, Readiness } from './platform/readiness';
import { echoRequestId, requestIdOptions } from './platform/request-id';
import { collectRoutes } from './platform/route-list';
import { createTelephony, type TelephonyProvider } from './platform/telephony/index';
import type { App } from './platform/types';
import { defaultWebDist, registerWebApp } from './platform/web-app';

/**
 * Every module of the server, registered in this order, each with the dependencies it names
 * (docs/architecture.md, 'A module'). A new module is one more entry.
 */
const MODULES: readonly Module<keyof ModuleDeps>[] = [
  healthModule,
  authModule,
  handoffModule,
  menuModule,
  etlModule,
  callCentreModule,
  reportsModule,
  subscriptionsModule,
  viewsModule,
  renewalsModule,
  partnersModule,
  teamModule,
  mappingModule,
  analyticsModule,
  notifyModule,
  importsModule,
  adminModule,
  briefModule,
];

export interface AppDeps {
  config: Config;
  db: Db;
  /** Report queries go here when set (a read replica); defaults to db. */
  reportingDb?: Db;
  logger?: FastifyServerOptions['loggerInstance'] | boolean;
  /** Telephony provider; defaults to the one configured (TELEPHONY_PROVIDER). Tests inject their own. */
  telephony?: TelephonyProvider;
  /** pg pools whose connections /metrics reports (DbHandle.poolStats). */
  dbPools?: PoolReaders;
  /** The source connector (SOURCE_DATABASE_URL + SOURCE_CONFIG); POST /api/etl_jobs/run/ runs it before the roll-ups. */
  connector?: SourcePull;
  /** Today's business date for report periods (default: the clock in Asia/Kolkata); tests fix it. */
  today?: () => string;
  /** The fixed reports of the catalogue (default `REPORTS`): a test adds a throw-away entry here. */
  reports?: readonly ReportDef[];
  /** Start-up progress: until ready, API calls answer 503 and /readyz says how far it is. Default: ready. */
  readiness?: Readiness;
}

/**
 * Builds the whole HTTP app, the platform's plugins and hooks then `MODULES`; the process entry and the tests
 * both use this. The jobs the modules declared are in `app.jobs`, for the caller to start (`server.ts`).
 */
export async function buildApp({
  config,
  db,
  reportingDb,
  logger = false,
  telephony,
  dbPools = {},
  readiness = Readiness.ready(),
  connector,
  today,
  reports,
}: AppDeps): Promise<App> {
  const app = Fastify({
    // Request lines go through a serializer that redacts credentials in URLs (callback secret, signatures).
    ...(typeof logger === 'boolean' ? { logger } : { loggerInstance: logger.child({}, { serializers: logSerializers }) }),
    ...requestIdOptions,
    // Bounded input everywhere: large bodies are refused with 413 before any parsing.
    bodyLimit: 1_048_576,
    // The client address is the TCP peer, or behind configured proxies the rightmost X-Forwarded-For entry no
    // trusted proxy wrote: a client can prepend anything to that header.
    trustProxy: config.TRUSTED_PROXIES ?? false,
    // Slow clients cannot hold connections (boundRequestArrival bounds bodies per route). Node's requestTimeout
    // is off: it would also cut a large body still arriving.
    requestTimeout: 0,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(config.REQUEST_TIMEOUT_MS, 20_000),
      // How often Node looks for requests past their time (its default, 30 s, would let them overrun).
      connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.floor(config.REQUEST_TIMEOUT_MS / 4))),
    },
    // Finish in-flight requests on close, but drop idle keep-alive sockets at once.
    forceCloseConnections: 'idle',
    // Requests are logged at debug level, not info.
    logController: new DebugRequestLogs(),
  }).withTypeProvider<ZodTypeProvider>();
  collectRoutes(app);
  collectJobs(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('viewer', null);
  registerErrorHandler(app, db);
  refuseNulCharacters(app);
  boundRequestArrival(app, config.REQUEST_TIMEOUT_MS);
  echoRequestId(app);
  gateUntilReady(app, readiness);
  registerMetrics(app, { db, pools: dbPools, token: config.METRICS_TOKEN });
  // Node keeps a keep-alive socket open after an in-flight response, so close() would wait on it
  // forever: once closing starts, every response asks the client to close its connection.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) void reply.header('connection', 'close');
    return payload;
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables in a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", ...handoffFormOrigins(config)],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
  });
  await app.register(formbody, { bodyLimit: 8_192 });
  await registerAnonymousLimit(app);
  const resolveToken = sessionTokens(db, config);
  await registerOpenApi(app, config.API_DOCS, resolveToken);

  const deps: ModuleDeps = {
    config,
    db,
    reports: createReportService({ db, reportingDb: reportingDb ?? db, config, today, fixed: reports }),
    telephony: telephony ?? createTelephony(config),
    connector,
    readiness,
    secured: securedScope(resolveToken),
  };
  for (const module of MODULES) await app.register(module, deps);

  await registerWebApp(app, config.WEB_DIST ?? defaultWebDist());
  return app;
}
