import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ETL_PATHS, EtlJob } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { etlKeys } from './keys';

export const EtlJobsResponse = z.array(EtlJob);

export function fetchEtlJobs(signal?: AbortSignal): Promise<EtlJob[]> {
  return apiRequest(ETL_PATHS.jobs, EtlJobsResponse, { signal });
}

/**
 * The panel fetches each time it opens (docs/product/etl.md, 'ETL panel'). Every mount of the panel refetches
 * (`refetchOnMount: 'always'`) and nothing is kept once it is closed.
 */
export function etlJobsQueryOptions() {
  return queryOptions({
    queryKey: etlKeys.jobs,
    queryFn: ({ signal }) => fetchEtlJobs(signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });
}

export function useEtlJobs(queryConfig?: QueryConfig<typeof etlJobsQueryOptions>) {
  return useQuery({ ...etlJobsQueryOptions(), ...queryConfig });
}
