import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DeleteSubscriptionResponse,
  SendSubscriptionNowResponse,
  Subscription,
  SubscriptionList,
  SUBSCRIPTION_PATHS,
  type UpdateSubscriptionBody,
} from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { sharedKeys } from '../../../lib/query-keys';

// The Schedule dialog of the report panel invalidates this key too (features/reports/api/create-subscription.ts).
const KEY = sharedKeys.subscriptions;

export function fetchSubscriptions(signal?: AbortSignal): Promise<SubscriptionList> {
  return apiRequest(SUBSCRIPTION_PATHS.list, SubscriptionList, { signal });
}

export const subscriptionsQueryOptions = () =>
  queryOptions({ queryKey: KEY, queryFn: ({ signal }) => fetchSubscriptions(signal), staleTime: 0 });

/** GET /api/subscriptions/: the signed-in user's own (docs/product/subscriptions.md, 'My subscriptions'). */
export function useSubscriptions(queryConfig?: QueryConfig<typeof subscriptionsQueryOptions>) {
  return useQuery({ ...subscriptionsQueryOptions(), ...queryConfig });
}

/** Pause, resume or reschedule one; errors open the error dialog unless the caller shows them (`errorDialog: false`). */
export function useUpdateSubscription(meta: { errorDialog: boolean } = { errorDialog: true }) {
  const client = useQueryClient();
  return useMutation({
    meta,
    mutationFn: ({ id, body }: { id: number; body: UpdateSubscriptionBody }) =>
      apiRequest(SUBSCRIPTION_PATHS.one(id), Subscription, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(SUBSCRIPTION_PATHS.remove(id), DeleteSubscriptionResponse, { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** 'Send now': the subscription's mail to the user at once; the schedule (and so the list) is unchanged. Errors open the error dialog. */
export function useSendSubscriptionNow() {
  return useMutation({
    mutationFn: (id: number) => apiRequest(SUBSCRIPTION_PATHS.sendNow(id), SendSubscriptionNowResponse, { method: 'POST', body: {} }),
  });
}
