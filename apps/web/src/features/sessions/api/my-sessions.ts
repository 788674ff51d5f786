import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RevokedSessions, SESSION_PATHS, SessionsList } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { clearSession } from '../../../lib/session';

const KEY = ['my-sessions'] as const;

export function mySessionsQueryOptions() {
  return queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => apiRequest(SESSION_PATHS.mine, SessionsList, { signal }),
    staleTime: 0,
  });
}

export function useMySessions(queryConfig?: QueryConfig<typeof mySessionsQueryOptions>) {
  return useQuery({ ...mySessionsQueryOptions(), ...queryConfig });
}

/** Ends one session, or every one (this one too: then the user is back at sign-in). */
export function useRevokeMySessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string | undefined) =>
      apiRequest(SESSION_PATHS.revoke, RevokedSessions, { method: 'POST', body: sessionId === undefined ? {} : { session_id: sessionId } }),
    onSuccess: (_result, sessionId) => {
      if (sessionId === undefined) clearSession();
      else void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}
