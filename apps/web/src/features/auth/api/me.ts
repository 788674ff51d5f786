import { queryOptions, useQuery } from '@tanstack/react-query';
import { Me } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { useLoggedIn } from '../../../lib/session';

export const ME_PATH = '/accounts/api/v1/me/';

export const meQueryOptions = queryOptions({
  queryKey: ['me'] as const,
  queryFn: ({ signal }) => apiRequest(ME_PATH, Me, { signal }),
  staleTime: 60_000,
});

/** The signed-in user as the server sees them now (the admin flag decides the Administration entry). */
export function useMe() {
  const loggedIn = useLoggedIn();
  return useQuery({ ...meQueryOptions, enabled: loggedIn });
}
