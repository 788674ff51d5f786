import { queryOptions, useQuery } from '@tanstack/react-query';
import { CALLCENTRE_PATHS, SlotsResponse } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { callCentreKeys } from '../../../lib/callcentre-keys';
import type { QueryConfig } from '../../../lib/query-config';

export interface SlotParams {
  partner_id: number | null;
  date: string | null;
}

export function fetchSlots(p: SlotParams, signal?: AbortSignal): Promise<SlotsResponse> {
  return apiRequest(CALLCENTRE_PATHS.slots, SlotsResponse, { signal, query: { partner_id: p.partner_id, date: p.date } });
}

export function slotsQueryOptions(p: SlotParams) {
  return queryOptions({ queryKey: [...callCentreKeys.slots, p] as const, queryFn: ({ signal }) => fetchSlots(p, signal), staleTime: 0 });
}

export function useSlots(p: SlotParams, queryConfig?: QueryConfig<typeof slotsQueryOptions>) {
  return useQuery({ ...slotsQueryOptions(p), ...queryConfig });
}
