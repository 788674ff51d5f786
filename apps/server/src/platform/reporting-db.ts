import type { Config } from '../config';
import { createDb, type DbHandle } from './db';

/** PostgreSQL's query_canceled: a statement ran past its statement_timeout. */
export const QUERY_CANCELED = '57014';

/** How long report queries stay on the primary after the replica could not be reached, before it is tried again. */
export const REPLICA_RETRY_MS = 5000;

/** What the reporting database tells of the replica: that reports moved to the primary, or came back. */
export type ReplicaSwitchLog = (toPrimary: boolean, err?: unknown) => void;

/**
 * The database report queries run on: on PostgreSQL a pool of their own (on the read replica when
 * REPORTING_DATABASE_URL is set), without parallel plans, whose every statement is cancelled after
 * REPORT_STATEMENT_TIMEOUT_MS, so one expensive report cannot hold a connection (and the server's memory)
 * for minutes. The timeout is a setting of the connection, not a `set local` in a transaction around each
 * report: that cost three more round trips per report query (a dashboard of nine reports, twenty-seven).
 * While the replica cannot be reached, new report connections go to the primary with the same settings
 * (docs/decisions/075-reports-when-the-replica-is-gone.md).
 * On PGlite, none: it runs in this process on one connection and cannot interrupt itself, so reports share
 * the primary database.
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
      // A report's query reads a few thousand roll-up rows: at 1 crore policies, half of such a query's time
      // went to starting parallel workers, and on a busy server they multiply the processes competing for
      // the cores. (At 10 lakh, with or without them, no difference shows beyond the noise.)
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
