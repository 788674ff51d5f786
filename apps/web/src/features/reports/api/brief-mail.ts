import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BriefMailState, SUBSCRIPTION_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { sharedKeys } from '../../../lib/query-keys';

function fetchBriefMail(signal?: AbortSignal): Promise<BriefMailState> {
  return apiRequest(SUBSCRIPTION_PATHS.brief, BriefMailState, { signal });
}

const briefMailQueryOptions = () => queryOptions({ queryKey: sharedKeys.briefMail, queryFn: ({ signal }) => fetchBriefMail(signal) });

/** GET /api/subscriptions/brief/: whether My day is mailed each morning (docs/product/brief.md, 'By mail'). */
export function useBriefMail() {
  return useQuery(briefMailQueryOptions());
}

/** The switch: on subscribes, off deletes; My subscriptions shows the change. Errors open the error dialog. */
export function useSetBriefMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => apiRequest(SUBSCRIPTION_PATHS.brief, BriefMailState, { method: 'POST', body: { on } }),
    onSuccess: (state) => client.setQueryData(sharedKeys.briefMail, state),
    onSettled: () => client.invalidateQueries({ queryKey: sharedKeys.subscriptions }),
  });
}
