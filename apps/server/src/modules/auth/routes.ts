import { LoginRequest, LoginResponse, Me, OkResponse } from '@dossier/shared';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import { toMe, type AuthService } from './service';

export function publicAuthRoutes(app: App, auth: AuthService): void {
  app.post(
    '/accounts/api/v1/login/',
    { schema: { tags: ['auth'], summary: 'Sign in', body: LoginRequest, response: { 200: LoginResponse } } },
    (request) => auth.login(request.body.username, request.body.password, request.ip),
  );
}

export function authRoutes(app: App, auth: AuthService): void {
  app.post(
    '/accounts/api/v1/logout/',
    { schema: { tags: ['auth'], summary: 'Sign out: revokes the presented token', response: { 200: OkResponse } } },
    async (request) => {
      await auth.logout(requireViewer(request.viewer), request.ip);
      return { ok: true as const };
    },
  );
  app.get(
    '/accounts/api/v1/me/',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: Me } } },
    async (request) => toMe(requireViewer(request.viewer)),
  );
}
