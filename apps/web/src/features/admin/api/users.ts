import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_PATHS,
  AdminUser,
  PasswordLinkSent,
  RevokedSessions,
  SessionsList,
  UsersList,
  type UserCreate,
  type UserUpdate,
} from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { useLoggedIn } from '../../../lib/session';

export interface UsersFilter {
  q: string;
  status: 'all' | 'active' | 'inactive';
  limit: number;
  offset: number;
}

export function useUsers(filter: UsersFilter) {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: ['admin', 'users', filter] as const,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.users, UsersList, { signal, query: { ...filter, q: filter.q || undefined } }),
    enabled: loggedIn,
    placeholderData: keepPreviousData,
  });
}

export function useUserSessions(id: number | null) {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: ['admin', 'user-sessions', id] as const,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.userSessions(id ?? 0), SessionsList, { signal }),
    enabled: loggedIn && id !== null,
    staleTime: 0,
  });
}

function useUserMutation<V, R>(call: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { errorDialog: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useCreateUser = () =>
  useUserMutation((body: UserCreate) => apiRequest(ADMIN_PATHS.users, AdminUser, { method: 'POST', body }));

export const useUpdateUser = (id: number) =>
  useUserMutation((body: UserUpdate) => apiRequest(ADMIN_PATHS.user(id), AdminUser, { method: 'POST', body }));

export const useSetUserActive = (id: number) =>
  useUserMutation((active: boolean) =>
    apiRequest(active ? ADMIN_PATHS.userActivate(id) : ADMIN_PATHS.userDeactivate(id), AdminUser, { method: 'POST', body: {} }),
  );

export const useSendPasswordLink = (id: number) =>
  useUserMutation(() => apiRequest(ADMIN_PATHS.userResetPassword(id), PasswordLinkSent, { method: 'POST', body: {} }));

export const useRevokeUserSessions = (id: number) =>
  useUserMutation((sessionId: string | undefined) =>
    apiRequest(ADMIN_PATHS.userSessionsRevoke(id), RevokedSessions, {
      method: 'POST',
      body: sessionId === undefined ? {} : { session_id: sessionId },
    }),
  );
