import { REPORT_MAIL_MESSAGE } from '@dossier/shared';
import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { csvStream } from '../../platform/files/csv';
import { writeXlsx, xlsxBuffer } from '../../platform/files/xlsx';
import { badRequest, forbidden, notFound } from '../../platform/http-errors';
import { enqueueMail, XLSX_CONTENT_TYPE } from '../../platform/mail/outbox';
import { hitRateLimit } from '../../platform/rate-limit';
import type { Viewer } from '../../platform/viewer';
import { findReport } from './catalogue';
import { exportColumns, exportFileName, exportRows } from './export';
import type { RawReportParams } from './params';
import type { ReportService } from './service';

export interface ReportFile {
  fileName: string;
  contentType: string;
  /** null when the report has no rows: the UI shows 'No Data Found !!'. */
  body: Readable | null;
}

/** Downloads and mails of reports: the report's flag and the user's access flag are both required. */
export class ReportDelivery {
  constructor(
    private readonly db: Db,
    private readonly reports: ReportService,
    private readonly mailPerMinute: number,
  ) {}

  async download(viewer: Viewer, id: number, params: RawReportParams, format: 'csv' | 'xlsx', ip: string): Promise<ReportFile> {
    const def = findReport(id);
    if (!def) throw notFound(`No report ${id}`);
    if (!def.download) throw forbidden(`${def.name} cannot be downloaded`);
    if (!viewer.downloadReportAccess) throw forbidden('You do not have access to download reports');
    const report = await this.reports.report(viewer, id, params);
    await audit(this.db, { actorUserId: viewer.userId, action: 'report_downloaded', entity: 'report', entityId: id, after: { format, account: report.account.account_id, start: report.start_date, end: report.end_date }, ip });
    const columns = exportColumns(report);
    const rows = exportRows(report);
    if (rows.length === 0) return { fileName: exportFileName(report, format), contentType: 'text/plain', body: null };
    if (format === 'csv') return { fileName: exportFileName(report, 'csv'), contentType: 'text/csv; charset=utf-8', body: csvStream(columns, rows) };
    const out = new PassThrough();
    writeXlsx(out, columns, rows, { sheetName: report.report_name }).catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
    return { fileName: exportFileName(report, 'xlsx'), contentType: XLSX_CONTENT_TYPE, body: out };
  }

  /** Queues the report as an XLSX attachment to the viewer's own address; the outbox sends it. */
  async mail(viewer: Viewer, id: number, params: RawReportParams, ip: string): Promise<{ message: string }> {
    const def = findReport(id);
    if (!def) throw notFound(`No report ${id}`);
    if (!def.email) throw forbidden(`${def.name} cannot be emailed`);
    if (!viewer.emailReportAccess) throw forbidden('You do not have access to email reports');
    await hitRateLimit(this.db, [`mail:user:${viewer.userId}`], this.mailPerMinute, 60, (s) => `Too many report emails. Try again in ${s} seconds.`);
    const report = await this.reports.report(viewer, id, params);
    const rows = exportRows(report);
    if (rows.length === 0) throw badRequest('No Data Found !! There is nothing to email for this report and range.');
    const content = await xlsxBuffer(exportColumns(report), rows, { sheetName: report.report_name });
    await this.db.transaction().execute(async (trx) => {
      const mailId = await enqueueMail(trx, {
        kind: 'report',
        to: [viewer.email],
        subject: `${report.report_name} (${report.start_date} to ${report.end_date})`,
        text: `Hello ${viewer.name},\n\nAttached is ${report.report_name} for ${report.account.user_name} (${report.account.account_id}), ${report.start_date} to ${report.end_date}: ${rows.length} rows.\n\nDossier`,
        attachments: [{ filename: exportFileName(report, 'xlsx'), contentType: XLSX_CONTENT_TYPE, content }],
        createdBy: viewer.userId,
      });
      await audit(trx, { actorUserId: viewer.userId, action: 'report_mailed', entity: 'email_outbox', entityId: mailId, after: { report: id, account: report.account.account_id }, ip });
    });
    return { message: REPORT_MAIL_MESSAGE };
  }
}
