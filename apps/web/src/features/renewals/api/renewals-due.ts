import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { RenewalDueRow, TEAM_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/query-config';
import { renewalsKeys } from './keys';

export interface RenewalsRange {
  start_date: string;
  end_date: string;
}

/** The renewals call takes yyyy-MM-dd dates (docs/product/renewals.md, 'Life Renewals Report'). */
export function fetchRenewalsDue(range: RenewalsRange, signal?: AbortSignal): Promise<RenewalDueRow[]> {
  return apiRequest(TEAM_PATHS.renewalsDue, z.array(RenewalDueRow), { query: { ...range }, signal });
}

export function renewalsDueQueryOptions(range: RenewalsRange) {
  return queryOptions({
    queryKey: renewalsKeys.due(range.start_date, range.end_date),
    queryFn: ({ signal }) => fetchRenewalsDue(range, signal),
  });
}

export function useRenewalsDue(range: RenewalsRange, queryConfig?: QueryConfig<typeof renewalsDueQueryOptions>) {
  return useQuery({ ...renewalsDueQueryOptions(range), ...queryConfig });
}
