import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, AdminOptions, PeopleList, PersonDetail, type PersonCreate, type PersonUpdate } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { useLoggedIn } from '../../../lib/session';

export interface PeopleFilter {
  q: string;
  status: 'all' | 'active' | 'inactive';
  limit: number;
  offset: number;
}

export function usePeople(filter: PeopleFilter) {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: ['admin', 'people', filter] as const,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.people, PeopleList, { signal, query: { ...filter, q: filter.q || undefined } }),
    enabled: loggedIn,
    placeholderData: keepPreviousData,
  });
}

export function usePerson(code: string) {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: ['admin', 'person', code] as const,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.person(code), PersonDetail, { signal }),
    enabled: loggedIn && code !== '',
  });
}

export function useAdminOptions() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: ['admin', 'options'] as const,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.options, AdminOptions, { signal }),
    enabled: loggedIn,
    staleTime: 5 * 60_000,
  });
}

/** Every admin change may touch any admin list: they all refetch. */
function useAdminMutation<V>(call: (v: V) => Promise<PersonDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The dialog that sent it shows the server's message itself.
    meta: { errorDialog: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export const useCreatePerson = () =>
  useAdminMutation((body: PersonCreate) => apiRequest(ADMIN_PATHS.people, PersonDetail, { method: 'POST', body }));

export const useUpdatePerson = (code: string) =>
  useAdminMutation((body: PersonUpdate) => apiRequest(ADMIN_PATHS.person(code), PersonDetail, { method: 'POST', body }));

export const useSetPersonActive = (code: string) =>
  useAdminMutation((active: boolean) =>
    apiRequest(active ? ADMIN_PATHS.personActivate(code) : ADMIN_PATHS.personDeactivate(code), PersonDetail, { method: 'POST', body: {} }),
  );
