import type { Db } from '../../platform/db';
import type { Job } from '../../platform/jobs';
import { importBacklog, type ImportBacklog } from '../../platform/metrics/queries';
import { runBusinessEtl } from './business-etl';

/** How often each instance looks for committed import batches the roll-ups do not hold yet. */
const POLL_MS = 1_000;
/** A run starts once no batch has committed for this long (a client pushing batch after batch gets one run)… */
export const QUIET_SECONDS = 2;
/** …or once the oldest waiting batch has waited this long, whatever keeps arriving. */
export const MAX_WAIT_SECONDS = 8;

/** Whether the waiting batches call for a run now (debounced: quiet for a moment, or waited long enough). */
export const runDue = (backlog: ImportBacklog): boolean =>
  backlog.oldestSeconds !== null &&
  backlog.newestSeconds !== null &&
  (backlog.newestSeconds >= QUIET_SECONDS || backlog.oldestSeconds >= MAX_WAIT_SECONDS);

/**
 * Folds committed import batches into the reports within seconds instead of at the next scheduled run. Every
 * instance polls; the ETL's advisory lock lets one run, and the others leave the batches for the next poll.
 */
export function runAfterImportsJob(db: Db, rebuildSessions: number): Job {
  return {
    name: 'etl-after-imports',
    intervalMs: POLL_MS,
    run: async () => {
      if (runDue(await importBacklog(db))) await runBusinessEtl(db, { rebuildSessions });
    },
  };
}
