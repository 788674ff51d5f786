import { ApiError, withQuery, type QueryValue } from './api';
import { readToken } from './session';

/**
 * Files the server streams (report downloads, the audit trail, an import's rejected rows): fetched with the
 * session's token and saved through the browser under the name the server gives them.
 */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
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
 * GETs a file: null when the server answers 204 (nothing to download); a failed answer is thrown as ApiError with
 * its body (JSON when it is JSON), as every other call's.
 */
export async function fetchFile(
  path: string,
  query: Record<string, QueryValue> | undefined,
  fallbackName: string,
): Promise<DownloadedFile | null> {
  const token = readToken();
  const response = await fetch(withQuery(path, query), {
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
    throw new ApiError(response.status, body, undefined, path);
  }
  return { blob: await response.blob(), fileName: fileNameFrom(response.headers.get('content-disposition'), fallbackName) };
}

/** Saves a file through the browser: a hidden link to it, clicked. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked once the browser has surely read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
