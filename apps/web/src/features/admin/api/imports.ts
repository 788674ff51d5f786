import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ADMIN_IMPORT_PATHS,
  ApiKeyCreated,
  ApiKeysList,
  ImportReport,
  ImportRunsPage,
  type ApiKeyCreate,
  type ImportEntity,
} from '@dossier/shared';
import { ApiError, apiRequest, withQuery } from '../../../lib/api';
import { readToken } from '../../../lib/session';
import { fetchFile, saveFile } from '../../../lib/file-download';
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
    mutationFn: (body: ApiKeyCreate) => apiRequest(ADMIN_IMPORT_PATHS.apiKeys, ApiKeyCreated, { method: 'POST', body }),
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
      const file = await fetchFile(ADMIN_IMPORT_PATHS.rejected(id), undefined, `import-${id}-rejected.csv`);
      if (file) saveFile(file);
    },
  });
}

/** The Content-Type the server reads a file by, from its name; null for a file that is none of the three. */
export function uploadMediaType(fileName: string): string | null {
  const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'csv') return 'text/csv';
  if (ext === 'ndjson' || ext === 'jsonl') return 'application/x-ndjson';
  if (ext === 'xlsx') return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return null;
}

export interface UploadInput {
  entity: ImportEntity;
  file: File;
  dryRun: boolean;
  partial: boolean;
}

/**
 * Sends a file to the import core. XMLHttpRequest rather than fetch: only it reports how much of the body
 * has been sent, which the form shows as progress; the answer is the import report (200 or 422).
 */
function sendUpload({ entity, file, dryRun, partial }: UploadInput, onProgress: (sent: number) => void): Promise<ImportReport> {
  const path = withQuery(ADMIN_IMPORT_PATHS.upload(entity), { dry_run: dryRun, partial });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Token ${token}`);
    xhr.setRequestHeader('Content-Type', uploadMediaType(file.name) ?? 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, null, 'Network error', path));
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // Not JSON: kept as text for the message.
      }
      const report = ImportReport.safeParse(body);
      if ((xhr.status === 200 || xhr.status === 422) && report.success) resolve(report.data);
      else reject(new ApiError(xhr.status, body, undefined, path));
    };
    xhr.send(file);
  });
}

/** Uploads a file and refreshes the import history; `progress` is the share of the file sent (0–1). */
export function useImportUpload() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (input: UploadInput) => {
      setProgress(0);
      return sendUpload(input, setProgress);
    },
    meta: { errorDialog: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
  return { ...mutation, progress };
}
