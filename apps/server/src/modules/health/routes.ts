import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';

export function healthRoutes(app: App, db: Db): void {
  app.get('/healthz', { schema: { tags: ['health'], summary: 'Process is up', response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Database answers',
        response: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ error: z.string() }) },
      },
    },
    async (_request, reply) => {
      try {
        await Promise.race([
          sql`select 1`.execute(db),
          new Promise((_, reject) => setTimeout(() => reject(new Error('database did not answer in 2 s')), 2000).unref()),
        ]);
        return { status: 'ready' as const };
      } catch {
        return reply.code(503).send({ error: 'Database unavailable' });
      }
    },
  );
}
