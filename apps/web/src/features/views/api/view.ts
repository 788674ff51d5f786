import { queryOptions, useQuery } from '@tanstack/react-query';
import { SavedView, VIEWS_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { viewsKeys } from './keys';

/** GET /api/views/{id}/: one view by its link, for anyone whose team holds its account (docs/product/views.md, 'Opening a view'). */
export function fetchView(id: string, signal?: AbortSignal): Promise<SavedView> {
  return apiRequest(VIEWS_PATHS.one(id), SavedView, { signal });
}

/** Never from the cache: a link opened again must meet a rename, a deletion or a move out of the team at once. */
export function viewQueryOptions(id: string) {
  return queryOptions({ queryKey: viewsKeys.view(id), queryFn: ({ signal }) => fetchView(id, signal), staleTime: 0, gcTime: 0 });
}

/** The opener shows a refusal (another team's account, a deleted view) on its own page, not in the error dialog. */
export function useView(id: string, queryConfig?: QueryConfig<typeof viewQueryOptions>) {
  return useQuery({ ...viewQueryOptions(id), meta: { errorDialog: false }, ...queryConfig });
}
