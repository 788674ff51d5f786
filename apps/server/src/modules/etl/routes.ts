import { EtlJob } from '@dossier/shared';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function etlRoutes(app: App, db: Db): void {
  app.get(
    '/api/etl_jobs/',
    { schema: { tags: ['etl'], summary: 'ETL jobs and their watermarks (the ETL panel)', response: { 200: z.array(EtlJob) } } },
    async () => {
      const rows = await db.selectFrom('etl_jobs').selectAll().orderBy('name').execute();
      return rows.map((r) => ({
        name: r.name,
        status: r.status,
        last_successful_run_at: iso(r.last_successful_run_at),
        last_transaction_created_at: iso(r.last_transaction_created_at),
        last_transaction_updated_at: iso(r.last_transaction_updated_at),
        rows_processed: Number(r.rows_processed),
        last_error: r.last_error,
      }));
    },
  );
}
