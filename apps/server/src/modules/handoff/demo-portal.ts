import { anonymousLimit } from '../../platform/anonymous-limit';
import { escapeHtml } from '../../platform/html';
import { z } from 'zod';
import type { App } from '../../platform/types';
import type { HandoffService } from './service';
import type { PortalTarget } from './targets';

/** Where the stand-in portal answers; the default hand-off targets point here. */
export const DEMO_PORTAL_PREFIX = '/demo-portal/';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1>${body}</body></html>`;

/**
 * Stand-in for the external portals in the default configuration: it receives the hand-off form post
 * and verifies the token exactly as a real portal would, so the whole hand-off is exercised locally.
 */
export function demoPortalRoutes(app: App, handoff: HandoffService, targets: readonly PortalTarget[]): void {
  const Params = z.object({ key: z.string().max(64) });
  const nameOf = (key: string) => targets.find((t) => t.key === key)?.name ?? key;

  app.get(`${DEMO_PORTAL_PREFIX}:key`, { schema: { hide: true, params: Params } }, async (request, reply) =>
    reply.type('text/html').send(page(`${nameOf(request.params.key)} (demo portal)`, '<p>This page stands in for an external portal.</p>')),
  );

  app.post(
    `${DEMO_PORTAL_PREFIX}:key`,
    {
      config: anonymousLimit(),
      schema: {
        hide: true,
        params: Params,
        body: z.object({ token: z.string().max(200), user_id: z.string().max(64), dossier_redirection: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      try {
        const who = await handoff.verify(request.body.token, key, request.ip);
        return reply
          .type('text/html')
          .send(
            page(
              `${nameOf(key)} (demo portal)`,
              `<p>Signed in as <strong>${escapeHtml(who.name)}</strong> (${escapeHtml(who.user_id)}) by hand-off.</p><p>Area: ${escapeHtml(request.body.dossier_redirection)}</p>`,
            ),
          );
      } catch {
        return reply
          .code(401)
          .type('text/html')
          .send(page('Hand-off refused', '<p>The hand-off token is invalid, expired or already used.</p>'));
      }
    },
  );
}
