import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ReporteeRow, TEAM_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { teamKeys } from './keys';

/** `requestRaised` is a request code or the text 'null' (every pending request to the manager). */
export function fetchReporteeDetail(managerCode: string, requestRaised: string, signal?: AbortSignal): Promise<ReporteeRow[]> {
  return apiRequest(TEAM_PATHS.reporteeDetail, z.array(ReporteeRow), {
    query: { unique_code: managerCode, request_raised: requestRaised },
    signal,
  });
}

export function reporteeDetailQueryOptions(managerCode: string, requestRaised: string) {
  return queryOptions({
    queryKey: teamKeys.reporteeDetail(managerCode, requestRaised),
    queryFn: ({ signal }) => fetchReporteeDetail(managerCode, requestRaised, signal),
    staleTime: 0,
  });
}

export function useReporteeDetail(
  managerCode: string,
  requestRaised: string,
  queryConfig?: QueryConfig<typeof reporteeDetailQueryOptions>,
) {
  return useQuery({ ...reporteeDetailQueryOptions(managerCode, requestRaised), ...queryConfig });
}
