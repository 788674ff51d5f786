import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_IMPORT_PATHS, ApiKeyCreated, ApiKeysList, ImportRunsPage } from '@dossier/shared';
import { ApiError, apiRequest } from '../../../lib/api';
import { readToken } from '../../../lib/session';
import type { QueryConfig } from '../../../lib/query-config';
import { adminKeys } from './keys';

export function importRunsQueryOptions(limit: number, offset: number) {
  return queryOptions({
    queryKey: adminKeys.imports(limit, offset),
    queryFn: ({ signal }) => apiRequest(ADMIN_IMPORT_PATHS.imports, ImportRunsPage, { signal, query: { limit, offset } }),
    placeholderData: keepPreviousData,
  });
}

export function useImportRuns(limit: number, offset: number, queryConfig?: QueryConfig<typeof importRunsQueryOptions>) {
  return useQuery({ ...importRunsQueryOptions(limit, offset), ...queryConfig });
}

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.apiKeys,
    queryFn: ({ signal }) => apiRequest(ADMIN_IMPORT_PATHS.apiKeys, ApiKeysList, { signal }),
  });
}

export function useApiKeys(queryConfig?: QueryConfig<typeof apiKeysQueryOptions>) {
  return useQuery({ ...apiKeysQueryOptions(), ...queryConfig });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest(ADMIN_IMPORT_PATHS.apiKeys, ApiKeyCreated, { method: 'POST', body: { name } }),
    meta: { errorDialog: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest(ADMIN_IMPORT_PATHS.revokeKey(name), ApiKeysList, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.apiKeys }),
  });
}

/** Saves an import's rejected rows (CSV) through the browser. */
export function useRejectedRowsDownload() {
  return useMutation({
    mutationFn: async (id: string) => {
      const token = readToken();
      const response = await fetch(ADMIN_IMPORT_PATHS.rejected(id), {
        headers: token ? { Authorization: `Token ${token}` } : {},
        credentials: 'same-origin',
      });
      if (!response.ok) throw new ApiError(response.status, await response.text());
      const url = URL.createObjectURL(await response.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = `import-${id}-rejected.csv`;
      a.hidden = true;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
}
