import { queryOptions, useQuery } from '@tanstack/react-query';
import { SavedViewList, VIEWS_PATHS, type SavedView } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { viewsKeys } from './keys';

/** GET /api/views/: the views the viewer saved, newest first (docs/product/views.md, 'My views'). */
export function fetchMyViews(signal?: AbortSignal): Promise<SavedView[]> {
  return apiRequest(VIEWS_PATHS.list, SavedViewList, { signal });
}

export function myViewsQueryOptions() {
  return queryOptions({ queryKey: viewsKeys.all, queryFn: ({ signal }) => fetchMyViews(signal) });
}

export function useMyViews(queryConfig?: QueryConfig<typeof myViewsQueryOptions>) {
  return useQuery({ ...myViewsQueryOptions(), ...queryConfig });
}
