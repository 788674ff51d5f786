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

/** Sign-in page options and the company sign-in round trip (no session needed). */
export function publicOidcRoutes(app: App, oidc: OidcService): void {
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
      return reply.header('cache-control', 'no-store').redirect(await oidc.start(request.query.next));
    },
  );
  app.get(
    SIGN_IN_PATHS.oidcCallback,
    { schema: { tags: ['auth'], summary: "The identity provider's redirect back (single-use)", querystring: OidcCallbackQuery } },
    async (request, reply) => {
      const outcome = await oidc.callback(request.query, request.ip);
      if (outcome.kind === 'refused') request.log.warn({ reason: outcome.reason }, 'company sign-in refused');
      return reply.header('cache-control', 'no-store').redirect(outcome.location);
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
    (request) => oidc.exchange(request.body.code, request.ip, request.headers['user-agent']),
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
