import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUTH_PATHS, Me } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { sharedKeys } from '../../../lib/query-keys';

export function meQueryOptions() {
  return queryOptions({
    queryKey: sharedKeys.me,
    queryFn: ({ signal }) => apiRequest(AUTH_PATHS.me, Me, { signal }),
    staleTime: 60_000,
  });
}

/** The signed-in user as the server sees them now (the admin flag decides the Administration entry). */
export function useMe(queryConfig?: QueryConfig<typeof meQueryOptions>) {
  return useQuery({ ...meQueryOptions(), ...queryConfig });
}
