import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { authRoutes, publicAuthRoutes } from './modules/auth/routes';
import { AuthService } from './modules/auth/service';
import { etlRoutes } from './modules/etl/routes';
import { demoPortalRoutes } from './modules/handoff/demo-portal';
import { handoffRoutes, publicHandoffRoutes } from './modules/handoff/routes';
import { HandoffService } from './modules/handoff/service';
import { parseTargets } from './modules/handoff/targets';
import { healthRoutes } from './modules/health/routes';
import { menuRoutes } from './modules/menu/routes';
import { createNotify } from './modules/notify/routes';
import { createCallCentre } from './modules/callcentre/module';
import { createTelephony, type TelephonyProvider } from './platform/telephony/index';
import { reportRoutes } from './modules/reports/routes';
import { ReportDelivery } from './modules/reports/delivery';
import { ReportService } from './modules/reports/service';
import { teamAreaRoutes } from './modules/team/area';
import { authenticateHook } from './platform/authenticate';
import type { Db } from './platform/db';
import { registerErrorHandler } from './platform/error-handler';
import { registerMetrics } from './platform/metrics/routes';
import type { PoolReaders } from './platform/metrics/registry';
import { refuseNulCharacters } from './platform/nul-characters';
import { registerOpenApi } from './platform/openapi';
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
}

/** Builds the whole HTTP app; the process entry and the tests both use this. */
export async function buildApp({ config, db, reportingDb, logger = false, telephony, dbPools = {} }: AppDeps): Promise<App> {
  const app = Fastify({
    ...(typeof logger === 'boolean' ? { logger } : { loggerInstance: logger }),
    ...requestIdOptions,
    // Bounded input everywhere: large bodies are refused with 413 before any parsing.
    bodyLimit: 1_048_576,
    // Behind a load balancer the client address comes from X-Forwarded-For (rate limits, audit).
    trustProxy: true,
    // Finish in-flight requests on close, but drop idle keep-alive sockets at once.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  collectRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('viewer', null);
  registerErrorHandler(app, db);
  refuseNulCharacters(app);
  echoRequestId(app);
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
        formAction: ["'self'", ...targets.map((t) => t.url).filter((u) => /^https?:/.test(u)).map((u) => new URL(u).origin)],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
  });
  await app.register(formbody, { bodyLimit: 8_192 });
  await registerOpenApi(app);

  const auth = new AuthService(db, config);
  const handoff = new HandoffService(db, targets, config.HANDOFF_TTL_SECONDS);
  const callCentre = createCallCentre(db, config, telephony ?? createTelephony(config));
  const reports = new ReportService(db, reportingDb ?? db);
  const delivery = new ReportDelivery(db, reports, config.MAIL_RATE_LIMIT);
  const notify = createNotify(db, config);

  healthRoutes(app, db);
  publicAuthRoutes(app, auth);
  publicHandoffRoutes(app, handoff);
  demoPortalRoutes(app, handoff, targets);
  callCentre.registerPublic(app);
  notify.registerPublic(app);

  // Everything registered in this scope requires a valid token.
  await app.register(async (secured) => {
    const scope = secured.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', authenticateHook((token) => auth.authenticate(token)));
    authRoutes(scope, auth);
    handoffRoutes(scope, handoff);
    menuRoutes(scope, handoff);
    etlRoutes(scope, db);
    callCentre.register(scope);
    reportRoutes(scope, reports, delivery, db);
    teamAreaRoutes(scope, db);
    notify.register(scope);
  });

  await registerWebApp(app, config.WEB_DIST ?? defaultWebDist());
  return app;
}
