import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AnalyticsRow, TEAM_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { analyticsKeys } from './keys';

/** Dates are dd/MM/yyyy for the analytics call (docs/product/team.md, 'Mapping Dashboard'). */
export function fetchAnalytics(startDate: string, endDate: string, signal?: AbortSignal): Promise<AnalyticsRow[]> {
  return apiRequest(TEAM_PATHS.analytics, z.array(AnalyticsRow), { query: { start_date: startDate, end_date: endDate }, signal });
}

export function analyticsQueryOptions(startDate: string, endDate: string) {
  return queryOptions({
    queryKey: analyticsKeys.analytics(startDate, endDate),
    queryFn: ({ signal }) => fetchAnalytics(startDate, endDate, signal),
  });
}

/** Fetched only when logged in (docs/product/shell.md, 'Session values'). */
export function useAnalytics(startDate: string, endDate: string, queryConfig?: QueryConfig<typeof analyticsQueryOptions>) {
  return useQuery({ ...analyticsQueryOptions(startDate, endDate), ...queryConfig });
}
