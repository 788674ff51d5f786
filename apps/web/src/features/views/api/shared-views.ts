import { queryOptions, useQuery } from '@tanstack/react-query';
import { SavedViewList, VIEWS_PATHS, type SavedView } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { viewsKeys } from './keys';

/** GET /api/views/shared/: the views colleagues shared with the viewer, newest share first (docs/product/views.md, 'Shared with me'). */
export function fetchSharedViews(signal?: AbortSignal): Promise<SavedView[]> {
  return apiRequest(VIEWS_PATHS.shared, SavedViewList, { signal });
}

export function sharedViewsQueryOptions() {
  return queryOptions({ queryKey: viewsKeys.shared, queryFn: ({ signal }) => fetchSharedViews(signal) });
}

export function useSharedViews(queryConfig?: QueryConfig<typeof sharedViewsQueryOptions>) {
  return useQuery({ ...sharedViewsQueryOptions(), ...queryConfig });
}
