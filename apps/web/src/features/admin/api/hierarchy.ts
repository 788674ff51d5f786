import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, HierarchyChildren, HierarchySearchResult } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { adminKeys } from './keys';

export function hierarchyLevelQueryOptions(parent: string | null) {
  return queryOptions({
    queryKey: adminKeys.hierarchy(parent),
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.hierarchy, HierarchyChildren, { signal, query: { parent: parent ?? undefined } }),
    staleTime: 60_000,
  });
}

/** One level of the tree; fetched when a node opens, kept while the screen lives. */
export function useHierarchyLevel(parent: string | null, queryConfig?: QueryConfig<typeof hierarchyLevelQueryOptions>) {
  return useQuery({ ...hierarchyLevelQueryOptions(parent), ...queryConfig });
}

export function hierarchySearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: adminKeys.hierarchySearch(q),
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.hierarchySearch, HierarchySearchResult, { signal, query: { q } }),
  });
}

export function useHierarchySearch(q: string, queryConfig?: QueryConfig<typeof hierarchySearchQueryOptions>) {
  return useQuery({ ...hierarchySearchQueryOptions(q), ...queryConfig });
}
