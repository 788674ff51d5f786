import { useMutation } from '@tanstack/react-query';
import { NOTIFY_PATHS, RenewalLinkResponse, type PolicyActionBody } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { whatsAppShareUrl, type PendingTab } from '../lib/new-tab';

/**
 * Renewal link message (docs/product/renewals.md, 'Renewal row actions'): `url` and `msg`. A policy without a link
 * answers 404 with 'renewal link not exists in system !!', which the error dialog shows.
 */
export function postRenewalLink(body: PolicyActionBody): Promise<RenewalLinkResponse> {
  return apiRequest(NOTIFY_PATHS.renewalLink, RenewalLinkResponse, { method: 'POST', body });
}

export function useRenewalLink() {
  return useMutation({
    mutationFn: ({ body }: { body: PolicyActionBody; tab: PendingTab }) => postRenewalLink(body),
    onSuccess: (res, { tab }) => tab.go(whatsAppShareUrl(res.msg.includes(res.url) ? res.msg : `${res.msg} ${res.url}`)),
    onError: (_error, { tab }) => tab.close(),
  });
}
