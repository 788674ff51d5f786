import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { adminRoutes } from './modules/admin/routes';
import { authRoutes, publicAuthRoutes } from './modules/auth/routes';
import { publicPasswordRoutes, sessionRoutes } from './modules/auth/sessions-routes';
import { OidcService } from './modules/auth/oidc';
import { oidcRoutes, publicOidcRoutes } from './modules/auth/oidc-routes';
import { AuthService } from './modules/auth/service';
import type { SourceConnector } from './modules/connector/connector';
import { etlRoutes } from './modules/etl/routes';
import { DEMO_PORTAL_PREFIX, demoPortalRoutes } from './modules/handoff/demo-portal';
import { handoffRoutes, publicHandoffRoutes } from './modules/handoff/routes';
import { HandoffService } from './modules/handoff/service';
import { parseTargets } from './modules/handoff/targets';
import { healthRoutes } from './modules/health/routes';
import { ingestRoutes } from './modules/imports/routes';
import { menuRoutes } from './modules/menu/routes';
import { createNotify } from './modules/notify/routes';
import { createCallCentre } from './modules/callcentre/module';
import { createTelephony, type TelephonyProvider } from './platform/telephony/index';
import { reportRoutes } from './modules/reports/routes';
import { ReportDelivery } from './modules/reports/delivery';
import { ReportService } from './modules/reports/service';
import { findReport } from './modules/reports/catalogue';
import { guardHeavyReports, HeavyReportGate } from './modules/reports/heavy-gate';
import { subscriptionRoutes } from './modules/subscriptions/routes';
import { viewRoutes } from './modules/views/routes';
import { teamAreaRoutes } from './modules/team/area';
import { registerAnonymousLimit } from './platform/anonymous-limit';
import { logSerializers } from './platform/log-redaction';
import { authenticateHook } from './platform/authenticate';
import type { Db } from './platform/db';
import { registerErrorHandler } from './platform/error-handler';
import { registerMetrics } from './platform/metrics/routes';
import type { PoolReaders } from './platform/metrics/registry';
import { refuseNulCharacters } from './platform/nul-characters';
import { registerOpenApi } from './platform/openapi';
import { DebugRequestLogs } from './platform/logger';
import { gateUntilReady, Readiness } from './platform/readiness';
import { echoRequestId, requestIdOptions } from './platform/request-id';
import { collectRoutes } from './platform/route-list';
import type { App } from './platform/types';
import { defaultWebDist, registerWebApp } from './platform/web-app';

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
  connector?: SourceConnector;
  /** Today's business date for report periods (default: the clock in Asia/Kolkata); tests fix it. */
  today?: () => string;
  /** Start-up progress: until ready, API calls answer 503 and /readyz says how far it is. Default: ready. */
  readiness?: Readiness;
}

/** Where links in mails point (password links): PUBLIC_BASE_URL, or this server on localhost. */
const publicBaseUrl = (config: Config) => config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`;

/** Builds the whole HTTP app; the process entry and the tests both use this. */
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
}: AppDeps): Promise<App> {
  const app = Fastify({
    // Request lines go through a serializer that redacts credentials in URLs (callback secret, signatures).
    ...(typeof logger === 'boolean' ? { logger } : { loggerInstance: logger.child({}, { serializers: logSerializers }) }),
    ...requestIdOptions,
    // Bounded input everywhere: large bodies are refused with 413 before any parsing.
    bodyLimit: 1_048_576,
    // The client address (sign-in limits, audit, logs) is the TCP peer, unless that peer is one of the
    // configured proxies: then the rightmost X-Forwarded-For entry no trusted proxy wrote. A client
    // can prepend anything to that header, so only the hops of our own proxies are believed.
    trustProxy: config.TRUSTED_PROXIES ?? false,
    // Slow clients cannot hold connections: the whole request (headers and body) must arrive within
    // REQUEST_TIMEOUT_MS, and a silent connection is closed after CONNECTION_TIMEOUT_MS.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
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
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('viewer', null);
  registerErrorHandler(app, db);
  refuseNulCharacters(app);
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

  const targets = parseTargets(config.PORTAL_TARGETS);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables in a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: [
          "'self'",
          ...targets
            .map((t) => t.url)
            .filter((u) => /^https?:/.test(u))
            .map((u) => new URL(u).origin),
        ],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
  });
  await app.register(formbody, { bodyLimit: 8_192 });
  await registerAnonymousLimit(app);
  const auth = new AuthService(db, config);
  await registerOpenApi(app, config.API_DOCS, (token) => auth.authenticate(token));

  const oidc = new OidcService(db, auth, config);
  const handoff = new HandoffService(db, targets, config.HANDOFF_TTL_SECONDS, config.TOKEN_IDLE_MINUTES);
  const callCentre = createCallCentre(db, config, telephony ?? createTelephony(config));
  const reports = new ReportService(db, reportingDb ?? db, {
    statementTimeoutMs: config.REPORT_STATEMENT_TIMEOUT_MS,
    etlIntervalSeconds: config.ETL_INTERVAL_SECONDS,
    ...(today ? { today } : {}),
  });
  // Registered on the root, so it runs before the sign-in check of the secured scope.
  guardHeavyReports(
    app,
    new HeavyReportGate(config.REPORT_CONCURRENCY_PER_USER, config.REPORT_CONCURRENCY),
    (id) => findReport(id)?.source === 'source',
  );
  const delivery = new ReportDelivery(db, reports, config.MAIL_RATE_LIMIT);
  const notify = createNotify(db, config);

  healthRoutes(app, db, readiness);
  publicAuthRoutes(app, auth);
  publicPasswordRoutes(app, db);
  publicOidcRoutes(app, oidc);
  publicHandoffRoutes(app, handoff);
  // The stand-in portal exists only while a hand-off target points at it (the default targets do).
  if (targets.some((t) => t.url.startsWith(DEMO_PORTAL_PREFIX))) demoPortalRoutes(app, handoff, targets);
  callCentre.registerPublic(app);
  notify.registerPublic(app);
  // API keys, not session tokens: outside the secured scope, with its own check.
  ingestRoutes(app, db, config.INGEST_MAX_BYTES);

  // Everything registered in this scope requires a valid token.
  await app.register(async (secured) => {
    const scope = secured.withTypeProvider<ZodTypeProvider>();
    scope.addHook(
      'onRequest',
      authenticateHook((token) => auth.authenticate(token)),
    );
    // Answers for a signed-in user (phone numbers, customers, figures) never sit in a browser or proxy cache.
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
      return payload;
    });
    authRoutes(scope, auth);
    handoffRoutes(scope, handoff);
    menuRoutes(scope, handoff);
    etlRoutes(scope, db, connector);
    callCentre.register(scope);
    reportRoutes(scope, reports, delivery, db);
    subscriptionRoutes(scope, db, reports);
    viewRoutes(scope, db);
    teamAreaRoutes(scope, db);
    notify.register(scope);
    sessionRoutes(scope, db);
    oidcRoutes(scope, oidc);
    await adminRoutes(scope, db, publicBaseUrl(config));
  });

  await registerWebApp(app, config.WEB_DIST ?? defaultWebDist());
  return app;
}
