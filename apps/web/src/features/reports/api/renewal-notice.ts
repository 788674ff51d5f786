import { useMutation } from '@tanstack/react-query';
import { NOTIFY_PATHS, RenewalNoticeResponse, type PolicyActionBody } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { PendingTab } from '../lib/new-tab';

/** Renewal notice document (docs/product/renewals.md, 'Renewal row actions'): a short-lived link to the PDF the server generates. */
export function postRenewalNotice(body: PolicyActionBody): Promise<RenewalNoticeResponse> {
  return apiRequest(NOTIFY_PATHS.renewalNotice, RenewalNoticeResponse, { method: 'POST', body });
}

/** Opens the PDF in the tab opened at the click; a failure closes it and shows the error dialog. */
export function useRenewalNotice() {
  return useMutation({
    mutationFn: ({ body }: { body: PolicyActionBody; tab: PendingTab }) => postRenewalNotice(body),
    onSuccess: (res, { tab }) => tab.go(res.link),
    onError: (_error, { tab }) => tab.close(),
  });
}
