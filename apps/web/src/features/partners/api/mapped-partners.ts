import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { MappedPartner, TEAM_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { partnersKeys } from './keys';

/** `asOn` is dd/MM/yyyy (docs/product/renewals.md, 'Mapped Partners'); the list is the mapping in force at the end of that day. */
export function fetchMappedPartners(asOn: string, signal?: AbortSignal): Promise<MappedPartner[]> {
  return apiRequest(TEAM_PATHS.mappedPartners, z.array(MappedPartner), { query: { as_on: asOn, return_type: 'pos_code' }, signal });
}

export function mappedPartnersQueryOptions(asOn: string) {
  return queryOptions({
    queryKey: partnersKeys.mappedPartners(asOn),
    queryFn: ({ signal }) => fetchMappedPartners(asOn, signal),
  });
}

export function useMappedPartners(asOn: string, queryConfig?: QueryConfig<typeof mappedPartnersQueryOptions>) {
  return useQuery({ ...mappedPartnersQueryOptions(asOn), ...queryConfig });
}
