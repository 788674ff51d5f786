import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Subscription, SUBSCRIPTION_PATHS, type CreateSubscriptionBody } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { sharedKeys } from '../../../lib/query-keys';

/** POST /api/subscriptions/ (docs/product/subscriptions.md, 'Schedule dialog'): the report's filter body and a schedule. */
export function postSubscription(body: CreateSubscriptionBody): Promise<Subscription> {
  return apiRequest(SUBSCRIPTION_PATHS.list, Subscription, { method: 'POST', body });
}

/** Errors show in the dialog itself (it stays open to fix the input). */
export function useCreateSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postSubscription,
    meta: { errorDialog: false },
    // The list screen's query key (features/subscriptions).
    onSettled: () => client.invalidateQueries({ queryKey: sharedKeys.subscriptions }),
  });
}
