import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { authenticateHook, type TokenResolver } from './authenticate';
import type { App } from './types';

/**
 * OpenAPI from the routes' zod schemas at /api/docs. `signed-in` (default) needs a session token, since the
 * description lists every call an attacker could try; `public` opens it, `off` drops it.
 */
export async function registerOpenApi(app: App, mode: 'signed-in' | 'public' | 'off', resolve: TokenResolver): Promise<void> {
  if (mode === 'off') return;
  await app.register(swagger, {
    openapi: {
      info: { title: 'Dossier API', description: 'Sales and partner portal of an insurance distributor', version: '1.0.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <token>' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Its own scope, so the sign-in check and no-store apply to the description's routes only.
  await app.register(async (scope) => {
    if (mode === 'signed-in') {
      scope.addHook('onRequest', authenticateHook(resolve));
      // Like every answer to a signed-in caller, never kept in a browser or proxy cache.
      scope.addHook('onSend', async (_request, reply, payload) => {
        void reply.header('cache-control', 'no-store');
        return payload;
      });
    }
    await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
}
