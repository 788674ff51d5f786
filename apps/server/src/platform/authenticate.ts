import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from './http-errors';
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
