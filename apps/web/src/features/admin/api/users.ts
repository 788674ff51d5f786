import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import type { QueryConfig } from '../../../lib/query-config';
import { adminKeys } from './keys';

export interface UsersFilter {
  q: string;
  status: 'all' | 'active' | 'inactive';
  limit: number;
  offset: number;
}

export function usersQueryOptions(filter: UsersFilter) {
  return queryOptions({
    queryKey: adminKeys.users(filter),
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.users, UsersList, { signal, query: { ...filter, q: filter.q || undefined } }),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(filter: UsersFilter, queryConfig?: QueryConfig<typeof usersQueryOptions>) {
  return useQuery({ ...usersQueryOptions(filter), ...queryConfig });
}

export function userSessionsQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminKeys.userSessions(id),
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.userSessions(id), SessionsList, { signal }),
    staleTime: 0,
  });
}

export function useUserSessions(id: number, queryConfig?: QueryConfig<typeof userSessionsQueryOptions>) {
  return useQuery({ ...userSessionsQueryOptions(id), ...queryConfig });
}

function useUserMutation<V, R>(call: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { errorDialog: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
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
