import {
  LogoutResponse,
  OidcCallbackQuery,
  OidcExchangeBody,
  OidcExchangeResponse,
  OidcStartQuery,
  SIGN_IN_PATHS,
  SignInOptions,
} from '@dossier/shared';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import type { OidcService } from './oidc';

/**
 * The sign-in state cookie the callback must bring back (docs/product/sign-in.md): HttpOnly, SameSite=Lax so the
 * provider's top-level redirect carries it, limited to the sign-in paths and 10 minutes.
 */
const OIDC_COOKIE = 'dossier_oidc';
const OIDC_COOKIE_SECONDS = 600;
const OIDC_COOKIE_PATH = '/accounts/oidc/';

function bindingCookie(value: string, secure: boolean, maxAge = OIDC_COOKIE_SECONDS): string {
  return `${OIDC_COOKIE}=${value}; Path=${OIDC_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** One cookie's value from a Cookie header (states are base64url: no decoding needed). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Sign-in page options and the company sign-in round trip (no session needed). */
export function publicOidcRoutes(app: App, oidc: OidcService, redirectUrl: string | undefined): void {
  // Marked Secure when Dossier is reached over https (the provider's redirect to it says so).
  const secure = redirectUrl?.startsWith('https:') ?? false;
  app.get(
    SIGN_IN_PATHS.options,
    { schema: { tags: ['auth'], summary: 'What the sign-in page offers', response: { 200: SignInOptions } } },
    () => oidc.options(),
  );
  app.get(
    SIGN_IN_PATHS.oidcStart,
    { schema: { tags: ['auth'], summary: 'Redirects to the identity provider (code flow with PKCE)', querystring: OidcStartQuery } },
    async (request, reply) => {
      if (!oidc.options().oidc) return reply.redirect('/login/refused?reason=not_configured');
      const { location, state } = await oidc.start(request.query.next);
      return reply.header('cache-control', 'no-store').header('set-cookie', bindingCookie(state, secure)).redirect(location);
    },
  );
  app.get(
    SIGN_IN_PATHS.oidcCallback,
    { schema: { tags: ['auth'], summary: "The identity provider's redirect back (single-use)", querystring: OidcCallbackQuery } },
    async (request, reply) => {
      const outcome = await oidc.callback(request.query, request.ip, cookieValue(request.headers.cookie, OIDC_COOKIE));
      if (outcome.kind === 'refused') request.log.warn({ reason: outcome.reason }, 'company sign-in refused');
      // The cookie served its one callback.
      return reply
        .header('cache-control', 'no-store')
        .header('set-cookie', bindingCookie('', secure, 0))
        .redirect(outcome.location);
    },
  );
  app.post(
    SIGN_IN_PATHS.oidcExchange,
    {
      schema: {
        tags: ['auth'],
        summary: 'Trades the one-time code of a company sign-in for a session',
        body: OidcExchangeBody,
        response: { 200: OidcExchangeResponse },
      },
    },
    // The answer carries a session token: no cache may keep it, as for the password sign-in.
    (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return oidc.exchange(request.body.code, request.ip, request.headers['user-agent']);
    },
  );
}

export function oidcRoutes(app: App, oidc: OidcService): void {
  app.post(
    SIGN_IN_PATHS.logout,
    {
      schema: {
        tags: ['auth'],
        summary: "Sign out; answers the provider's end-session URL for a company sign-in",
        response: { 200: LogoutResponse },
      },
    },
    (request) => oidc.logout(requireViewer(request.viewer), request.ip),
  );
}
