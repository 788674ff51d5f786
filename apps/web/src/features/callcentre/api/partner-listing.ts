import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVE_CALL_STATUSES, CALLCENTRE_PATHS, LeadListing, type CallStatusView } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { callCentreKeys, LIVE_POLL_MS } from '../../../lib/callcentre-keys';
import type { QueryConfig } from '../../../lib/query-config';

export interface LeadParams {
  date: string | null;
  partner_id: number | null;
  /** The chosen lead category; 0 = all. */
  call_status: number;
  current_page: number;
}

export function fetchLeads(rmId: string, p: LeadParams, signal?: AbortSignal): Promise<LeadListing> {
  return apiRequest(CALLCENTRE_PATHS.partnerListing(rmId), LeadListing, {
    signal,
    query: { date: p.date, partner_id: p.partner_id, call_status: p.call_status || null, current_page: p.current_page },
  });
}

const live = (s: CallStatusView | null) => s !== null && (ACTIVE_CALL_STATUSES as readonly string[]).includes(s);

export function leadsQueryOptions(rmId: string, p: LeadParams) {
  return queryOptions({
    queryKey: [...callCentreKeys.leads(rmId), p] as const,
    queryFn: ({ signal }) => fetchLeads(rmId, p, signal),
    placeholderData: keepPreviousData,
    // Every filter change re-fetches (docs/product/callcentre.md, 'Advisor Connect Leads'), even back to a combination seen before.
    staleTime: 0,
    // A call still ringing on this page is followed until it ends.
    refetchInterval: (q) => (q.state.data?.data.some((r) => live(r.last_call_status)) ? LIVE_POLL_MS : false),
  });
}

export function useLeads(rmId: string, p: LeadParams, queryConfig?: QueryConfig<typeof leadsQueryOptions>) {
  return useQuery({ ...leadsQueryOptions(rmId, p), ...queryConfig });
}
