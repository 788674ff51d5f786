import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CALLCENTRE_PATHS, PartnerListByRm } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { callCentreKeys } from '../../../lib/callcentre-keys';
import type { QueryConfig } from '../../../lib/query-config';

/** The partners and the lead-category boxes; the counts are of `date` (the listing's date filter). */
export function fetchPartnersByRm(rmId: string, date: string | null, signal?: AbortSignal): Promise<PartnerListByRm> {
  return apiRequest(CALLCENTRE_PATHS.partnerListingByRm(rmId), PartnerListByRm, {
    signal,
    query: { date },
  });
}

export function partnersByRmQueryOptions(rmId: string, date: string | null) {
  return queryOptions({
    queryKey: [...callCentreKeys.partnersByRm(rmId), date] as const,
    queryFn: ({ signal }) => fetchPartnersByRm(rmId, date, signal),
    // The previous counts stay while another date's load, so the boxes do not flicker.
    placeholderData: keepPreviousData,
  });
}

export function usePartnersByRm(rmId: string, date: string | null, queryConfig?: QueryConfig<typeof partnersByRmQueryOptions>) {
  return useQuery({ ...partnersByRmQueryOptions(rmId, date), ...queryConfig });
}
