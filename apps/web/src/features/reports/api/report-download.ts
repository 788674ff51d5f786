import { useMutation } from '@tanstack/react-query';
import { REPORT_PATHS, reportQueryParams, type ReportQuery } from '@dossier/shared';
import { fetchFile, saveFile, type DownloadedFile } from '../../../lib/file-download';
import { openMessageDialog } from '../../../components/message-dialog/open-message-dialog';

export interface DownloadInput {
  reportId: number;
  format: 'csv' | 'xlsx';
  /** The table's filters and search; the file carries every page, in the report's own order. */
  query: Omit<ReportQuery, 'page' | 'page_size' | 'sort' | 'order' | 'screen'>;
}

/**
 * GET /api/reports/{id}/download/: the server streams every row (not only the page on screen) as CSV
 * or XLSX; 204 means the report has no rows. Returns null then.
 */
export function downloadReport({ reportId, format, query }: DownloadInput): Promise<DownloadedFile | null> {
  return fetchFile(REPORT_PATHS.download(reportId), { ...reportQueryParams(query), format }, `report-${reportId}.${format}`);
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
