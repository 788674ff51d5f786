import { can, type EtlJob, type EtlRunRequest, type EtlRunResponse } from '@dossier/shared';
import type { Db } from '../../platform/db';
import { requirePermission } from '../../platform/access';
import { importBacklog } from '../../platform/metrics/queries';
import { BUSINESS_ROLLUP_JOB } from './business-etl';
import type { Viewer } from '../../platform/viewer';
import { runEtlCycle, type SourcePull } from './cycle';
import { selectEtlJobs } from './queries';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The ETL panel's jobs (docs/product/etl.md). */
export async function listEtlJobs(db: Db, viewer: Viewer): Promise<EtlJob[]> {
  // The last error can name tables, hosts or data: operations staff only.
  const operator = can(viewer, 'etl-operations');
  const [rows, backlog] = await Promise.all([selectEtlJobs(db), importBacklog(db)]);
  const behind = Math.round(backlog.oldestSeconds ?? 0);
  return rows.map((r) => ({
    name: r.name,
    status: r.status,
    last_successful_run_at: iso(r.last_successful_run_at),
    last_transaction_created_at: iso(r.last_transaction_created_at),
    last_transaction_updated_at: iso(r.last_transaction_updated_at),
    rows_processed: Number(r.rows_processed),
    last_error: operator ? r.last_error : null,
    behind_imports_seconds: r.name === BUSINESS_ROLLUP_JOB ? behind : null,
  }));
}

/** Runs the ETL now: the source connector (when configured), then the roll-ups. */
export async function runEtlNow(
  db: Db,
  connector: SourcePull | undefined,
  viewer: Viewer,
  body: EtlRunRequest | undefined,
  rebuildSessions?: number,
): Promise<EtlRunResponse> {
  requirePermission(viewer, 'etl-operations', 'Only operations staff can run the ETL');
  return runEtlCycle(db, connector, { full: body?.full ?? false, sourceFull: body?.source_full ?? false, rebuildSessions });
}
