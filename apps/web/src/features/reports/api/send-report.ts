import { useMutation } from '@tanstack/react-query';
import { REPORT_PATHS, type SendReportBody, SendReportResponse } from '@dossier/shared';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api';
import { openMessageDialog } from '../../../components/message-dialog/open-message-dialog';

export type SendReportInput = z.input<typeof SendReportBody>;

/** POST /api/send_report/ (docs/product/report-screens.md, 'Report email'): the server mails the report as XLSX through its outbox. */
export function sendReport(body: SendReportInput): Promise<z.infer<typeof SendReportResponse>> {
  return apiRequest(REPORT_PATHS.sendReport, SendReportResponse, { method: 'POST', body });
}

/** The answer is the 'Info' message, or the server's error text through the error dialog (docs/product/report-screens.md, 'Report email'). */
export function useSendReport() {
  return useMutation({
    mutationFn: sendReport,
    onSuccess: (res) => {
      openMessageDialog({ title: 'Info', message: res.message, defaultKey: 'Info' });
    },
  });
}
