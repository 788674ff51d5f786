import { useMutation } from '@tanstack/react-query';
import { REPORT_PATHS } from '@dossier/shared';
import { fetchFile, saveFile, type DownloadedFile } from '../../../lib/file-download';
import { openMessageDialog } from '../../../components/message-dialog/open-message-dialog';

export interface DownloadInput {
  reportId: number;
  format: 'csv' | 'xlsx';
  query: Record<string, string | undefined>;
}

/**
 * GET /api/reports/{id}/download/: the server streams every row (not only the page on screen) as CSV
 * or XLSX; 204 means the report has no rows. Returns null then.
 */
export function downloadReport({ reportId, format, query }: DownloadInput): Promise<DownloadedFile | null> {
  return fetchFile(REPORT_PATHS.download(reportId), { ...query, format }, `report-${reportId}.${format}`);
}

/** Saves the file, or shows the 'No Data Found !!' dialog when the report is empty (docs/product/report-screens.md, 'Downloads'). */
export function useDownloadReport() {
  return useMutation({
    mutationFn: downloadReport,
    onSuccess: (file) => {
      if (file) saveFile(file);
      else openMessageDialog({ title: 'No Data Found !!', message: null });
    },
  });
}
