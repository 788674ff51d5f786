import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUTH_PATHS, Me } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { sharedKeys } from '../../../lib/query-keys';

export function adminMeQueryOptions() {
  return queryOptions({
    queryKey: sharedKeys.me,
    queryFn: ({ signal }) => apiRequest(AUTH_PATHS.me, Me, { signal }),
    staleTime: 60_000,
  });
}

/** The signed-in user, for the admin flag (the same query key as the shell's). */
export function useAdminMe(queryConfig?: QueryConfig<typeof adminMeQueryOptions>) {
  return useQuery({ ...adminMeQueryOptions(), ...queryConfig });
}
