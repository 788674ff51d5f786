import type { Config } from '../config';
import { createDb, type DbHandle } from './db';

/** PostgreSQL's query_canceled: a statement ran past its statement_timeout. */
export const QUERY_CANCELED = '57014';

/** How long report queries stay on the primary after the replica could not be reached, before it is tried again. */
export const REPLICA_RETRY_MS = 5000;

/** What the reporting database tells of the replica: that reports moved to the primary, or came back. */
export type ReplicaSwitchLog = (toPrimary: boolean, err?: unknown) => void;

/**
 * The database report queries run on: on PostgreSQL a pool of their own (the replica when configured, the
 * primary while it is gone, decision 075) without parallel plans and with a per-connection statement timeout,
 * so one expensive report cannot hold a connection for minutes. On PGlite, the primary database.
 */
export async function openReportingDb(
  config: Pick<Config, 'DATABASE_URL' | 'REPORTING_DATABASE_URL' | 'REPORT_STATEMENT_TIMEOUT_MS'>,
  options: { retryMs?: number; onSwitch?: ReplicaSwitchLog } = {},
): Promise<DbHandle | undefined> {
  const url = config.REPORTING_DATABASE_URL ?? config.DATABASE_URL;
  if (!url) return undefined;
  const primary = config.DATABASE_URL;
  return createDb({
    databaseUrl: url,
    pgliteDir: '',
    settings: {
      statement_timeout: config.REPORT_STATEMENT_TIMEOUT_MS,
      // Report queries read a few thousand roll-up rows: starting parallel workers costs more than it saves.
      max_parallel_workers_per_gather: 0,
    },
    ...(config.REPORTING_DATABASE_URL && primary
      ? {
          fallback: {
            databaseUrl: primary,
            retryMs: options.retryMs ?? REPLICA_RETRY_MS,
            onSwitch: options.onSwitch ?? (() => undefined),
          },
        }
      : {}),
  });
}
