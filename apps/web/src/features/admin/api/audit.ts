import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, AuditPage } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { fetchFile, saveFile } from '../../../lib/file-download';
import type { QueryConfig } from '../../../lib/query-config';
import { adminKeys } from './keys';

export interface AuditFilterState {
  person: string;
  action: string;
  entity: string;
  entity_id: string;
  from: string;
  to: string;
}

const toQuery = (f: AuditFilterState) =>
  Object.fromEntries((Object.entries(f) as [string, string][]).map(([k, v]) => [k, v.trim() === '' ? undefined : v.trim()])) as Record<
    string,
    string | undefined
  >;

export function auditTrailQueryOptions(filter: AuditFilterState, limit: number, offset: number) {
  return queryOptions({
    queryKey: adminKeys.audit(filter, limit, offset),
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.audit, AuditPage, { signal, query: { ...toQuery(filter), limit, offset } }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditTrail(
  filter: AuditFilterState,
  limit: number,
  offset: number,
  queryConfig?: QueryConfig<typeof auditTrailQueryOptions>,
) {
  return useQuery({ ...auditTrailQueryOptions(filter, limit, offset), ...queryConfig });
}

/** The whole filtered trail as a CSV file (the server streams it; the browser saves it). */
export function useAuditDownload() {
  return useMutation({
    mutationFn: async (filter: AuditFilterState) => {
      const file = await fetchFile(ADMIN_PATHS.auditDownload, toQuery(filter), 'audit-trail.csv');
      if (file) saveFile(file);
    },
  });
}
