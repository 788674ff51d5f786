import { z } from 'zod';

/** One ETL job as the header's ETL panel lists it (spec 000 §3). Timestamps are ISO strings. */
export const EtlJob = z.object({
  name: z.string(),
  status: z.string(),
  last_successful_run_at: z.string().nullable(),
  last_transaction_created_at: z.string().nullable(),
  last_transaction_updated_at: z.string().nullable(),
  rows_processed: z.number(),
  last_error: z.string().nullable(),
});
export type EtlJob = z.infer<typeof EtlJob>;
