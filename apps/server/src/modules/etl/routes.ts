import { EtlJob } from '@dossier/shared';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import { forbidden } from '../../platform/http-errors';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import { runBusinessEtl } from './business-etl';

// Refreshing the warehouse on demand is an operations action: the national head and supervisors.
const ETL_OPERATORS = new Set(['head', 'supervisor']);

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

  app.post(
    '/api/etl_jobs/run/',
    {
      schema: {
        tags: ['etl'],
        summary: 'Run the roll-up ETL now (once across all instances)',
        body: z.object({ full: z.boolean().optional() }).optional(),
        response: { 200: z.object({ ran: z.boolean(), rows_processed: z.number() }) },
      },
    },
    async (request) => {
      if (!ETL_OPERATORS.has(requireViewer(request.viewer).empRole)) throw forbidden('Only operations staff can run the ETL');
      const result = await runBusinessEtl(db, { full: request.body?.full ?? false });
      return { ran: result.ran, rows_processed: result.rowsProcessed };
    },
  );
}
