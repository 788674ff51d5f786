import { useMutation } from '@tanstack/react-query';
import { REPORT_PATHS } from '@dossier/shared';
import { ApiError, withQuery } from '../../../lib/api';
import { readToken } from '../../../lib/session';
import { openMessageDialog } from '../../../components/message-dialog/open-message-dialog';

export interface DownloadInput {
  reportId: number;
  format: 'csv' | 'xlsx';
  query: Record<string, string | undefined>;
}

/** `filename="x.csv"` (or RFC 5987 `filename*=`) from Content-Disposition. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * GET /api/reports/{id}/download/: the server streams every row (not only the page on screen) as CSV
 * or XLSX; 204 means the report has no rows. Returns null then.
 */
export async function downloadReport({ reportId, format, query }: DownloadInput): Promise<{ blob: Blob; fileName: string } | null> {
  const token = readToken();
  const response = await fetch(withQuery(REPORT_PATHS.download(reportId), { ...query, format }), {
    headers: token ? { Authorization: `Token ${token}` } : {},
    credentials: 'same-origin',
  });
  if (response.status === 204) return null;
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
  return {
    blob: await response.blob(),
    fileName: fileNameFrom(response.headers.get('content-disposition'), `report-${reportId}.${format}`),
  };
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves the file, or shows the 'No Data Found !!' dialog when the report is empty (docs/product/report-screens.md, 'Downloads'). */
export function useDownloadReport() {
  return useMutation({
    mutationFn: downloadReport,
    onSuccess: (file) => {
      if (file) saveBlob(file.blob, file.fileName);
      else openMessageDialog({ title: 'No Data Found !!', message: null });
    },
  });
}
