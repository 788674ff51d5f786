import { useQuery } from '@tanstack/react-query';
import { Me } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { useLoggedIn } from '../../../lib/session';

/** The signed-in user, for the admin flag (the same query key as the shell's). */
export function useAdminMe() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: ['me'] as const,
    queryFn: ({ signal }) => apiRequest('/accounts/api/v1/me/', Me, { signal }),
    enabled: loggedIn,
    staleTime: 60_000,
  });
}
