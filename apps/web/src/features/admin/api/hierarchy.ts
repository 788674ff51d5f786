import { useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, HierarchyChildren, HierarchySearchResult } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { useLoggedIn } from '../../../lib/session';

/** One level of the tree; fetched when a node opens, kept while the screen lives. */
export function useHierarchyLevel(parent: string | null, enabled = true) {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: ['admin', 'hierarchy', parent] as const,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.hierarchy, HierarchyChildren, { signal, query: { parent: parent ?? undefined } }),
    enabled: loggedIn && enabled,
    staleTime: 60_000,
  });
}

export function useHierarchySearch(q: string) {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: ['admin', 'hierarchy-search', q] as const,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.hierarchySearch, HierarchySearchResult, { signal, query: { q } }),
    enabled: loggedIn && q.trim() !== '',
  });
}
