import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unauthorized } from './http-errors';
import type { SecuredScope } from './module';
import type { Viewer } from './viewer';

export type TokenResolver = (token: string) => Promise<Viewer | null>;

/** Reads `Authorization: Token <token>` (docs/product/shell.md, 'Session values'). */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Token\s+([A-Za-z0-9_-]{10,200})$/.exec(header.trim());
  return m?.[1] ?? null;
}

/** onRequest hook for every non-public route: resolves the viewer or answers 401. */
export function authenticateHook(resolve: TokenResolver) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = readToken(request);
    if (!token) throw unauthorized('Authentication required: send Authorization: Token <token>');
    const viewer = await resolve(token);
    if (!viewer) throw unauthorized('Your session has expired or was signed out. Please sign in again.');
    request.viewer = viewer;
  };
}

/**
 * The secured scope of a module: every route needs a valid token (401 otherwise, `request.viewer` set) and
 * no answer is cached by a browser or proxy.
 */
export function securedScope(resolve: TokenResolver): SecuredScope {
  const check = authenticateHook(resolve);
  return async (app, routes) => {
    await app.register(async (child) => {
      const scope = child.withTypeProvider<ZodTypeProvider>();
      scope.addHook('onRequest', check);
      // Answers for a signed-in user (phone numbers, customers, figures) never sit in a browser or proxy cache.
      scope.addHook('onSend', async (_request, reply, payload) => {
        if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
        return payload;
      });
      await routes(scope);
    });
  };
}
