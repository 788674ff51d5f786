import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ColleagueList, VIEWS_PATHS, type Colleague } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { viewsKeys } from './keys';

/** GET /api/views/colleagues/?search=: whom the viewer may share a view with (docs/product/views.md, 'Sharing a view'). */
export function fetchColleagues(search: string, signal?: AbortSignal): Promise<Colleague[]> {
  return apiRequest(VIEWS_PATHS.colleagues, ColleagueList, { query: { search }, signal });
}

/** The last answer stays while the next search runs, so the choices do not blink at each letter. */
export function colleaguesQueryOptions(search: string) {
  return queryOptions({
    queryKey: viewsKeys.colleagues(search),
    queryFn: ({ signal }) => fetchColleagues(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useColleagues(search: string, queryConfig?: QueryConfig<typeof colleaguesQueryOptions>) {
  return useQuery({ ...colleaguesQueryOptions(search), ...queryConfig });
}
