import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ANALYTICS_COLUMNS, AnalyticsRow, TEAM_PATHS } from '@dossier/shared';
import type { ServerQuery } from '../../../components/data-table/DataTable';
import { listParams } from '../../../components/data-table/server-query';
import { apiListPage } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { analyticsKeys } from './keys';

/** The table's page, sort and search as the call's parameters: a column is sorted by its `sort` value. */
function analyticsParams(table: ServerQuery) {
  const { sort, ...params } = listParams(table);
  const column = ANALYTICS_COLUMNS.find((c) => c.label === sort);
  return { ...params, ...(column ? { sort: column.sort } : {}) };
}

/**
 * One page of the Mapping Dashboard, sorted and searched on the server (docs/product/team.md, 'Mapping
 * Dashboard'): a national head's team is more than a thousand managers. Dates are dd/MM/yyyy.
 */
export function analyticsQueryOptions(startDate: string, endDate: string, table: ServerQuery) {
  return queryOptions({
    queryKey: analyticsKeys.analytics(startDate, endDate, table),
    queryFn: ({ signal }) =>
      apiListPage(TEAM_PATHS.analytics, AnalyticsRow, {
        query: { start_date: startDate, end_date: endDate, ...analyticsParams(table) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Fetched only when logged in (docs/product/shell.md, 'Session values'). */
export function useAnalytics(
  startDate: string,
  endDate: string,
  table: ServerQuery,
  queryConfig?: QueryConfig<typeof analyticsQueryOptions>,
) {
  return useQuery({ ...analyticsQueryOptions(startDate, endDate, table), ...queryConfig });
}
