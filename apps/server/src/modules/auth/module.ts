import type { Config } from '../../config';
import type { TokenResolver } from '../../platform/authenticate';
import type { Db } from '../../platform/db';
import type { Module } from '../../platform/module';
import { OidcService } from './oidc';
import { oidcRoutes, publicOidcRoutes } from './oidc-routes';
import { authRoutes, publicAuthRoutes } from './routes';
import { AuthService } from './service';
import { publicPasswordRoutes, sessionRoutes } from './sessions-routes';
import { pruneLoginFailures } from './login-limit';

// What other modules may use (docs/architecture.md, 'A module'): password links for the administration,
// sessions for its Users screen, a subscriber's viewer for the report mails.
export { createPasswordLink } from './password-reset';
export { liveSessions, revokeSessions, sessionStats } from './queries';
export { activeViewerByLogin } from './service';

/**
 * The session-token check every secured scope and the API description use (`platform/authenticate.ts`):
 * exported on purpose, since `buildApp` needs it before any module is registered.
 */
export function sessionTokens(db: Db, config: Config): TokenResolver {
  const auth = new AuthService(db, config);
  return (token) => auth.authenticate(token);
}

/** Sign-in (password and identity provider), sign-out, `me`, sessions and password links (docs/product/security.md). */
export const authModule: Module<'db' | 'config' | 'secured'> = async (app, { db, config, secured }) => {
  const auth = new AuthService(db, config);
  const oidc = new OidcService(db, auth, config);
  publicAuthRoutes(app, auth);
  publicPasswordRoutes(app, db);
  publicOidcRoutes(app, oidc, config.OIDC_REDIRECT_URL);
  await secured(app, (scope) => {
    authRoutes(scope, auth);
    sessionRoutes(scope, db);
    oidcRoutes(scope, oidc);
  });
  // Sign-in failure counters quiet for a day are read by nobody any more.
  app.jobs.push({ name: 'prune_login_failures', intervalMs: 10 * 60_000, run: () => pruneLoginFailures(db) });
};
