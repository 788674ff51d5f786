import { queryOptions, useQuery } from '@tanstack/react-query';
import { CALLCENTRE_API, PartnerListByRm } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { useLoggedIn } from '../../../lib/session';
import { callCentreKeys } from './keys';

export function fetchPartnersByRm(rmId: string, signal?: AbortSignal): Promise<PartnerListByRm> {
  return apiRequest(`${CALLCENTRE_API}/partner-listing-by-rm/${encodeURIComponent(rmId)}/`, PartnerListByRm, { signal });
}

export function partnersByRmQueryOptions(rmId: string) {
  return queryOptions({ queryKey: callCentreKeys.partnersByRm(rmId), queryFn: ({ signal }) => fetchPartnersByRm(rmId, signal) });
}

export function usePartnersByRm(rmId: string) {
  const loggedIn = useLoggedIn();
  return useQuery({ ...partnersByRmQueryOptions(rmId), enabled: loggedIn && rmId !== '' });
}
