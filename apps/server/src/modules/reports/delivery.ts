import { REPORT_MAIL_MESSAGE, toDayMonthYear } from '@dossier/shared';
import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { requirePermission } from '../../platform/access';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { csvStream } from '../../platform/files/csv';
import type { Row } from '../../platform/files/escape';
import { writeXlsx, xlsxBuffer, XlsxTooLargeError, type XlsxOptions } from '../../platform/files/xlsx';
import { badRequest, forbidden, notFound } from '../../platform/http-errors';
import { enqueueMail, MAIL_ATTACHMENTS_MAX_BYTES, XLSX_CONTENT_TYPE } from '../../platform/mail/outbox';
import { hitRateLimit } from '../../platform/rate-limit';
import type { Viewer } from '../../platform/viewer';
import { aboutRows, exportFileName, periodStatement, type ReportExport } from './export';
import type { RawReportParams } from './params';
import type { ReportService } from './service';

export interface ReportFile {
  fileName: string;
  contentType: string;
  /** null when the report has no rows: the UI shows 'No Data Found !!'. */
  body: Readable | null;
}

export interface DeliveryOptions {
  /** Rows read from the database at a time for policy lists (tests make it small to cross batch borders). */
  batchSize?: number;
}

// A batch of policy rows is a few hundred kB: large enough that round trips do not dominate, small enough
// that a download's memory does not grow with the report.
const DEFAULT_BATCH_SIZE = 2000;

/**
 * The rows of a report, or null when none: a download must know first (204 or a file), so the first batch is
 * read here. The caller must end the returned iterator to release the query.
 */
async function peekRows(batches: ReportExport['batches']): Promise<AsyncIterableIterator<Row> | null> {
  async function* rows(): AsyncGenerator<Row> {
    for await (const batch of batches) for (const row of batch) yield row;
  }
  const all = rows();
  const first = await all.next();
  if (first.done) return null;
  let head: Row | null = first.value;
  // Not a generator: a generator that was never started ignores return() and would leave the query open.
  const iterator: AsyncIterableIterator<Row> = {
    [Symbol.asyncIterator]: () => iterator,
    next: () => {
      if (head === null) return all.next();
      const value = head;
      head = null;
      return Promise.resolve({ value, done: false });
    },
    return: async () => {
      head = null;
      await all.return(undefined);
      return { value: undefined, done: true };
    },
  };
  return iterator;
}

export interface ReportWorkbook {
  fileName: string;
  content: Buffer;
  /** Rows in the file. */
  count: number;
  /** The first rows (as many as asked for), for a summary in a mail's body. */
  head: Row[];
}

/**
 * A report as the XLSX a mail attaches, or null when it has no rows. Built in memory from batches and refused
 * with 400 once past MAIL_ATTACHMENTS_MAX_BYTES, so memory stays about that plus one batch.
 */
export async function reportWorkbook(report: ReportExport, about: XlsxOptions['about'], keepRows = 0): Promise<ReportWorkbook | null> {
  const rows = await peekRows(report.batches);
  if (!rows) return null;
  let count = 0;
  const head: Row[] = [];
  async function* counted(source: AsyncIterable<Row>): AsyncGenerator<Row> {
    for await (const row of source) {
      count++;
      if (head.length < keepRows) head.push(row);
      yield row;
    }
  }
  try {
    const content = await xlsxBuffer(report.columns, counted(rows), {
      sheetName: report.name,
      about,
      maxBytes: MAIL_ATTACHMENTS_MAX_BYTES,
    });
    return { fileName: exportFileName(report, 'xlsx'), content, count, head };
  } catch (err) {
    if (err instanceof XlsxTooLargeError) {
      throw badRequest(
        `${report.name} is too large to email (over ${Math.floor(err.maxBytes / 2 ** 20)} MB as XLSX). Download it instead, or narrow the range.`,
      );
    }
    throw err;
  } finally {
    await rows.return?.();
  }
}

/** Downloads and mails of reports: the report's flag and the user's permission (`report-download`, `report-email`) are both required. */
export class ReportDelivery {
  private readonly batchSize: number;

  /** @param portalUrl where the portal is reached (publicBaseUrl), for links in files and mails */
  constructor(
    private readonly db: Db,
    private readonly reports: ReportService,
    private readonly mailPerMinute: number,
    private readonly portalUrl: string,
    options: DeliveryOptions = {},
  ) {
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  }

  /**
   * The file streams: rows are read as the client takes the bytes (back-pressure), and destroying the body
   * (the client went away) stops the query and frees its connection.
   */
  async download(viewer: Viewer, id: number, params: RawReportParams, format: 'csv' | 'xlsx', ip: string): Promise<ReportFile> {
    const def = (await this.reports.catalogue()).report(id);
    if (!def) throw notFound(`No report ${id}`);
    if (!def.download) throw forbidden(`${def.name} cannot be downloaded`);
    requirePermission(viewer, 'report-download', 'You do not have access to download reports');
    const report = await this.reports.export(viewer, id, params, this.batchSize);
    const rows = await peekRows(report.batches);
    try {
      await audit(this.db, {
        actorUserId: viewer.userId,
        action: 'report_downloaded',
        entity: 'report',
        entityId: id,
        after: { format, account: report.account.code, start: report.start, end: report.end },
        ip,
      });
    } catch (err) {
      await rows?.return?.();
      throw err;
    }
    if (!rows) return { fileName: exportFileName(report, format), contentType: 'text/plain', body: null };
    if (format === 'csv')
      return { fileName: exportFileName(report, 'csv'), contentType: 'text/csv; charset=utf-8', body: csvStream(report.columns, rows) };
    const out = new PassThrough();
    writeXlsx(out, report.columns, rows, { sheetName: report.name, about: aboutRows(report, this.portalUrl, new Date()) })
      .catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))))
      // Whatever happened, the query ends with the file (a no-op when every row was read).
      .finally(() => rows.return?.());
    return { fileName: exportFileName(report, 'xlsx'), contentType: XLSX_CONTENT_TYPE, body: out };
  }

  /** Queues the report as an XLSX attachment (reportWorkbook) to the viewer's own address; the outbox sends it. */
  async mail(viewer: Viewer, id: number, params: RawReportParams, ip: string): Promise<{ message: string }> {
    const def = (await this.reports.catalogue()).report(id);
    if (!def) throw notFound(`No report ${id}`);
    if (!def.email) throw forbidden(`${def.name} cannot be emailed`);
    requirePermission(viewer, 'report-email', 'You do not have access to email reports');
    await hitRateLimit(
      this.db,
      [`mail:user:${viewer.userId}`],
      this.mailPerMinute,
      60,
      (s) => `Too many report emails. Try again in ${s} seconds.`,
    );
    const report = await this.reports.export(viewer, id, params, this.batchSize);
    const link = `${this.portalUrl}${report.path}`;
    const workbook = await reportWorkbook(report, aboutRows(report, this.portalUrl, new Date()));
    if (!workbook) throw badRequest('No Data Found !! There is nothing to email for this report and range.');
    const { content, count } = workbook;
    await this.db.transaction().execute(async (trx) => {
      const mailId = await enqueueMail(trx, {
        kind: 'report',
        to: [viewer.email],
        subject: `${report.name} (${toDayMonthYear(report.start)} to ${toDayMonthYear(report.end)})`,
        text: `Hello ${viewer.name},\n\nAttached is ${report.name} for ${report.account.name} (${report.account.code}): ${count} rows.\n${periodStatement(report)}\nOpen it on Dossier: ${link}\n\nDossier`,
        attachments: [{ filename: workbook.fileName, contentType: XLSX_CONTENT_TYPE, content }],
        createdBy: viewer.userId,
      });
      await audit(trx, {
        actorUserId: viewer.userId,
        action: 'report_mailed',
        entity: 'email_outbox',
        entityId: mailId,
        after: { report: id, account: report.account.code },
        ip,
      });
    });
    return { message: REPORT_MAIL_MESSAGE };
  }
}
