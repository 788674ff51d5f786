import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api';
import { useLoggedIn } from '../../../lib/session';

export const ETL_JOBS_PATH = '/api/etl_jobs/';

// Not in packages/shared yet; the server's contract is this list (timestamps ISO or null).
export const EtlJob = z.object({
  name: z.string(),
  status: z.string().nullable().optional(),
  last_successful_run_at: z.string().nullable(),
  last_transaction_created_at: z.string().nullable(),
  last_transaction_updated_at: z.string().nullable(),
  // bigint counters may arrive as text from PostgreSQL drivers.
  rows_processed: z.union([z.number(), z.string()]).nullable().optional(),
  last_error: z.string().nullable().optional(),
});
export type EtlJob = z.infer<typeof EtlJob>;
export const EtlJobsResponse = z.array(EtlJob);

export function fetchEtlJobs(signal?: AbortSignal): Promise<EtlJob[]> {
  return apiRequest(ETL_JOBS_PATH, EtlJobsResponse, { signal });
}

/**
 * Spec 000 §2/§4: the panel fetches each time it opens. Every mount of the panel refetches
 * (`refetchOnMount: 'always'`) and nothing is kept once it is closed.
 */
export function etlJobsQueryOptions() {
  return queryOptions({
    queryKey: ['etl-jobs'] as const,
    queryFn: ({ signal }) => fetchEtlJobs(signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });
}

export function useEtlJobs() {
  const loggedIn = useLoggedIn();
  return useQuery({ ...etlJobsQueryOptions(), enabled: loggedIn });
}
