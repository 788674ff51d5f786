import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RenewalDueRow, TEAM_PATHS } from '@dossier/shared';
import type { ServerQuery } from '../../../components/data-table/DataTable';
import { listParams } from '../../../components/data-table/server-query';
import { apiListPage } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { renewalsKeys } from './keys';

export interface RenewalsRange {
  start_date: string;
  end_date: string;
}

/**
 * One page of the Life Renewals Report, sorted and searched on the server (docs/product/renewals.md, 'Life
 * Renewals Report'): an organisation's dues are too many partners to send at once. Dates are yyyy-MM-dd.
 */
export function renewalsDueQueryOptions(range: RenewalsRange, table: ServerQuery) {
  return queryOptions({
    queryKey: renewalsKeys.due(range.start_date, range.end_date, table),
    queryFn: ({ signal }) => apiListPage(TEAM_PATHS.renewalsDue, RenewalDueRow, { query: { ...range, ...listParams(table) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRenewalsDue(range: RenewalsRange, table: ServerQuery, queryConfig?: QueryConfig<typeof renewalsDueQueryOptions>) {
  return useQuery({ ...renewalsDueQueryOptions(range, table), ...queryConfig });
}
