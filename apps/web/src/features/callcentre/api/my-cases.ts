import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BookableCaseListing, CALLCENTRE_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { callCentreKeys } from '../../../lib/callcentre-keys';
import type { QueryConfig } from '../../../lib/query-config';

export function fetchBookableCases(p: { search: string; current_page: number }, signal?: AbortSignal): Promise<BookableCaseListing> {
  return apiRequest(CALLCENTRE_PATHS.myCases, BookableCaseListing, {
    signal,
    query: { search: p.search || null, current_page: p.current_page },
  });
}

export function bookableCasesQueryOptions(p: { search: string; current_page: number }) {
  return queryOptions({
    queryKey: [...callCentreKeys.bookableCases, p] as const,
    queryFn: ({ signal }) => fetchBookableCases(p, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBookableCases(p: { search: string; current_page: number }, queryConfig?: QueryConfig<typeof bookableCasesQueryOptions>) {
  return useQuery({ ...bookableCasesQueryOptions(p), ...queryConfig });
}
