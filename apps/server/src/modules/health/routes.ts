import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import type { Readiness } from '../../platform/readiness';
import type { App } from '../../platform/types';

export function healthRoutes(app: App, db: Db, readiness: Readiness): void {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'Process is up', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({
      status: 'ok' as const,
    }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Start-up finished and the database answers',
        description: "While the process starts, 503 with the progress: `{ error: 'Preparing demo data… 42 %', progress: 42 }`.",
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ error: z.string(), progress: z.number().int().min(0).max(100).optional() }),
        },
      },
    },
    async (_request, reply) => {
      // Until start-up is done the database may be busy loading (one queue on PGlite): answer at once.
      if (!readiness.ready) return reply.code(503).send({ error: readiness.message, progress: readiness.progressPercent });
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
