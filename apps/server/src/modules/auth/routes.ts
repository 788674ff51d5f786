import { AUTH_PATHS, LoginRequest, LoginResponse, Me, OkResponse } from '@dossier/shared';
import { HttpError } from '../../platform/http-errors';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import { toMe, type AuthService } from './service';

export function publicAuthRoutes(app: App, auth: AuthService): void {
  app.post(
    AUTH_PATHS.login,
    { schema: { tags: ['auth'], summary: 'Sign in', body: LoginRequest, response: { 200: LoginResponse } } },
    async (request, reply) => {
      // The answer carries a session token: no cache (browser, proxy) may keep it (docs/product/security.md).
      void reply.header('cache-control', 'no-store');
      try {
        return await auth.login(request.body.username, request.body.password, request.ip, request.headers['user-agent']);
      } catch (err) {
        // Operations watch refused sign-ins (password guessing). The login is a field of the entry:
        // pino escapes it, so no input can start a log line of its own.
        if (err instanceof HttpError && (err.statusCode === 401 || err.statusCode === 429)) {
          request.log.warn({ login: request.body.username, status: err.statusCode }, 'sign-in refused');
        }
        throw err;
      }
    },
  );
}

export function authRoutes(app: App, auth: AuthService): void {
  app.post(
    AUTH_PATHS.logout,
    { schema: { tags: ['auth'], summary: 'Sign out: revokes the presented token', response: { 200: OkResponse } } },
    async (request) => {
      await auth.logout(requireViewer(request.viewer), request.ip);
      return { ok: true as const };
    },
  );
  app.get(AUTH_PATHS.me, { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: Me } } }, async (request) =>
    toMe(requireViewer(request.viewer)),
  );
}
