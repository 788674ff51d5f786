import { queryOptions, useQuery } from '@tanstack/react-query';
import { SavedViewList, VIEWS_PATHS, type SavedView } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { useLoggedIn } from '../../../lib/session';

/** GET /api/views/: the views the viewer saved, newest first (docs/product/views.md, 'My views'). */
export function fetchMyViews(signal?: AbortSignal): Promise<SavedView[]> {
  return apiRequest(VIEWS_PATHS.list, SavedViewList, { signal });
}

export function myViewsQueryOptions() {
  return queryOptions({ queryKey: ['views'] as const, queryFn: ({ signal }) => fetchMyViews(signal) });
}

export function useMyViews() {
  const loggedIn = useLoggedIn();
  return useQuery({ ...myViewsQueryOptions(), enabled: loggedIn });
}
