import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, AdminOptions, PeopleList, PersonDetail, type PersonCreate, type PersonUpdate } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { adminKeys } from './keys';

export interface PeopleFilter {
  q: string;
  status: 'all' | 'active' | 'inactive';
  limit: number;
  offset: number;
}

export function peopleQueryOptions(filter: PeopleFilter) {
  return queryOptions({
    queryKey: adminKeys.people(filter),
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.people, PeopleList, { signal, query: { ...filter, q: filter.q || undefined } }),
    placeholderData: keepPreviousData,
  });
}

export function usePeople(filter: PeopleFilter, queryConfig?: QueryConfig<typeof peopleQueryOptions>) {
  return useQuery({ ...peopleQueryOptions(filter), ...queryConfig });
}

export function personQueryOptions(code: string) {
  return queryOptions({
    queryKey: adminKeys.person(code),
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.person(code), PersonDetail, { signal }),
  });
}

export function usePerson(code: string, queryConfig?: QueryConfig<typeof personQueryOptions>) {
  return useQuery({ ...personQueryOptions(code), ...queryConfig });
}

export function adminOptionsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.options,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.options, AdminOptions, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useAdminOptions(queryConfig?: QueryConfig<typeof adminOptionsQueryOptions>) {
  return useQuery({ ...adminOptionsQueryOptions(), ...queryConfig });
}

/** Every admin change may touch any admin list: they all refetch. */
function useAdminMutation<V>(call: (v: V) => Promise<PersonDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // The dialog that sent it shows the server's message itself.
    meta: { errorDialog: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
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
