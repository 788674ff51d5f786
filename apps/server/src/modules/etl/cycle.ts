import type { EtlRunResponse, ImportReport, SourceEntityRun } from '@dossier/shared';
import type { Db } from '../../platform/db';
import { runBusinessEtl } from './business-etl';

/**
 * What a pass asks of the source connector: pull the source's changes and report per entity. Declared here by
 * its user so the ETL does not depend on the connector, which depends on the ETL through the import core.
 */
export interface SourcePull {
  run(
    db: Db,
    options: { full?: boolean },
  ): Promise<{
    ran: boolean;
    entities: readonly { entity: SourceEntityRun['entity']; job: string; report: ImportReport | null; error: string | null }[];
  }>;
}

export interface EtlCycleOptions {
  /** Rebuild the roll-ups from every policy. */
  full?: boolean;
  /** Re-read every source row, whatever the connector's watermarks say. */
  sourceFull?: boolean;
  /** Sessions a rebuild spreads over (`EtlRunOptions.rebuildSessions`). */
  rebuildSessions?: number;
}

/**
 * One ETL pass: the source connector (when configured) pulls the distributor's changes first, so the
 * roll-up that follows folds them into the reports in the same pass.
 */
export async function runEtlCycle(db: Db, connector: SourcePull | undefined, options: EtlCycleOptions = {}): Promise<EtlRunResponse> {
  const source = connector ? await connector.run(db, { full: options.sourceFull ?? false }) : null;
  const rollup = await runBusinessEtl(db, { full: options.full ?? false, rebuildSessions: options.rebuildSessions });
  return {
    ran: rollup.ran,
    rows_processed: rollup.rowsProcessed,
    source: source && {
      ran: source.ran,
      entities: source.entities.map((e) => ({
        entity: e.entity,
        job: e.job,
        received: e.report?.received ?? 0,
        inserted: e.report?.inserted ?? 0,
        updated: e.report?.updated ?? 0,
        unchanged: e.report?.unchanged ?? 0,
        rejected: e.report?.rejected ?? 0,
        error: e.error,
      })),
    },
  };
}
