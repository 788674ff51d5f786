import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ReportingManager, TEAM_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { partnersKeys } from './keys';

export function fetchReportingManagers(partnerCode: string, signal?: AbortSignal): Promise<ReportingManager[]> {
  return apiRequest(TEAM_PATHS.reportingManagers, z.array(ReportingManager), { query: { user_id: partnerCode }, signal });
}

export function reportingManagersQueryOptions(partnerCode: string) {
  return queryOptions({
    queryKey: partnersKeys.reportingManagers(partnerCode),
    queryFn: ({ signal }) => fetchReportingManagers(partnerCode, signal),
  });
}

/** Check Reporting runs on a click: a fetch through the cache rather than a mounted query. */
export function useFetchReportingManagers(): (partnerCode: string) => Promise<ReportingManager[]> {
  const client = useQueryClient();
  return (partnerCode) => client.fetchQuery(reportingManagersQueryOptions(partnerCode));
}
