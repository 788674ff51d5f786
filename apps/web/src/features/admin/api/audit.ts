import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, AuditPage } from '@dossier/shared';
import { ApiError, apiRequest, withQuery } from '../../../lib/api';
import { readToken } from '../../../lib/session';
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
      const token = readToken();
      const response = await fetch(withQuery(ADMIN_PATHS.auditDownload, toQuery(filter)), {
        headers: token ? { Authorization: `Token ${token}` } : {},
        credentials: 'same-origin',
      });
      if (!response.ok) {
        const text = await response.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          // keep the text
        }
        throw new ApiError(response.status, body);
      }
      const url = URL.createObjectURL(await response.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = 'audit-trail.csv';
      a.hidden = true;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
}
