import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MappedPartner, TEAM_PATHS } from '@dossier/shared';
import type { ServerQuery } from '../../../components/data-table/DataTable';
import { listParams } from '../../../components/data-table/server-query';
import { apiListPage } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { partnersKeys } from './keys';

/**
 * One page of Mapped Partners, sorted and searched on the server (docs/product/renewals.md, 'Mapped Partners'):
 * the mapping in force at the end of `asOn` (dd/MM/yyyy).
 */
export function mappedPartnersQueryOptions(asOn: string, table: ServerQuery) {
  return queryOptions({
    queryKey: partnersKeys.mappedPartners(asOn, table),
    queryFn: ({ signal }) =>
      apiListPage(TEAM_PATHS.mappedPartners, MappedPartner, {
        query: { as_on: asOn, return_type: 'pos_code', ...listParams(table) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMappedPartners(asOn: string, table: ServerQuery, queryConfig?: QueryConfig<typeof mappedPartnersQueryOptions>) {
  return useQuery({ ...mappedPartnersQueryOptions(asOn, table), ...queryConfig });
}
