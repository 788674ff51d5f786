import { EtlJob, EtlRunRequest, EtlRunResponse } from '@dossier/shared';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import { can, requirePermission } from '../../platform/permissions';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import type { SourceConnector } from '../connector/connector';
import { runEtlCycle } from './cycle';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function etlRoutes(app: App, db: Db, connector?: SourceConnector): void {
  app.get(
    '/api/etl_jobs/',
    { schema: { tags: ['etl'], summary: 'ETL jobs and their watermarks (the ETL panel)', response: { 200: z.array(EtlJob) } } },
    async (request) => {
      // The last error can name tables, hosts or data: operations staff only.
      const operator = can(requireViewer(request.viewer), 'etl-operations');
      const rows = await db.selectFrom('etl_jobs').selectAll().orderBy('name').execute();
      return rows.map((r) => ({
        name: r.name,
        status: r.status,
        last_successful_run_at: iso(r.last_successful_run_at),
        last_transaction_created_at: iso(r.last_transaction_created_at),
        last_transaction_updated_at: iso(r.last_transaction_updated_at),
        rows_processed: Number(r.rows_processed),
        last_error: operator ? r.last_error : null,
      }));
    },
  );

  app.post(
    '/api/etl_jobs/run/',
    {
      schema: {
        tags: ['etl'],
        summary: 'Run the ETL now: the source connector (when configured), then the roll-ups (each once across all instances)',
        body: EtlRunRequest.optional(),
        response: { 200: EtlRunResponse },
      },
    },
    async (request) => {
      requirePermission(requireViewer(request.viewer), 'etl-operations', 'Only operations staff can run the ETL');
      return runEtlCycle(db, connector, { full: request.body?.full ?? false, sourceFull: request.body?.source_full ?? false });
    },
  );
}
