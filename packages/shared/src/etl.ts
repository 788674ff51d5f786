import { z } from 'zod';

/** The header's ETL panel (docs/product/etl.md). */
export const ETL_PATHS = {
  jobs: '/api/etl_jobs/',
  run: '/api/etl_jobs/run/',
} as const;

/** One ETL job as the header's ETL panel lists it (docs/product/etl.md, 'ETL panel'). Timestamps are ISO strings. */
export const EtlJob = z.object({
  name: z.string(),
  status: z.string(),
  last_successful_run_at: z.string().nullable(),
  last_transaction_created_at: z.string().nullable(),
  last_transaction_updated_at: z.string().nullable(),
  rows_processed: z.number(),
  last_error: z.string().nullable(),
  /**
   * The roll-up job only (null for the others): seconds the oldest committed import batch has waited for it, 0 when
   * the reports hold every batch.
   */
  behind_imports_seconds: z.number().nullable(),
});
export type EtlJob = z.infer<typeof EtlJob>;

/** Body of POST /api/etl_jobs/run/: `full` rebuilds the roll-ups; `source_full` re-reads every source row. */
export const EtlRunRequest = z.object({
  full: z.boolean().optional(),
  source_full: z.boolean().optional(),
});
export type EtlRunRequest = z.infer<typeof EtlRunRequest>;

/** What the source connector did for one entity in a run (the counts of its import report). */
export const SourceEntityRun = z.object({
  entity: z.string(),
  job: z.string(),
  received: z.number(),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  rejected: z.number(),
  /** Why nothing (or not everything) was applied; null when every row was. */
  error: z.string().nullable(),
});
export type SourceEntityRun = z.infer<typeof SourceEntityRun>;

export const EtlRunResponse = z.object({
  /** False when a roll-up run was already in progress elsewhere. */
  ran: z.boolean(),
  rows_processed: z.number(),
  /** The source connector's pass before the roll-up; null when no connector is configured. */
  source: z.object({ ran: z.boolean(), entities: z.array(SourceEntityRun) }).nullable(),
});
export type EtlRunResponse = z.infer<typeof EtlRunResponse>;
