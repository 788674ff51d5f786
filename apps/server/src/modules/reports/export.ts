import { kolkataDateTime, toDayMonthYear, type ReportColumnDef, type ReportColumnKind } from '@dossier/shared';
import type { Row } from '../../platform/files/escape';
import type { DateRange } from './context';
import { shownColumns } from './columns';
import type { RawReportParams } from './params';

/** What a download or a mail needs of a report. */
export interface ReportExport {
  name: string;
  /** The days the figures cover (coveredRange): what files and mails state as the period. */
  start: string;
  end: string;
  /** What the growth columns compare with; null when the file has none. */
  comparison: DateRange | null;
  /** The report on the portal with the same filters (reportPath), for links in mails. */
  path: string;
  account: { code: string; name: string };
  /** The file's columns: the table's, less those it never shows, under the table's titles. */
  columns: ExportColumn[];
  /** The table's rows in its order, in batches; policy lists read each batch from the database when it is needed. */
  batches: Iterable<Row[]> | AsyncIterable<Row[]>;
}

/** A column of a file or a mail: its key, its header, and its kind for mails that show cells as the table does. */
export interface ExportColumn {
  key: string;
  header: string;
  kind: ReportColumnKind;
}

/**
 * The days a report's figures cover: the range asked, cut at today (a month-to-date mail covers up to today),
 * except for reports that look ahead (renewal dues).
 */
export function coveredRange(range: DateRange, today: string, looksAhead: boolean): DateRange {
  if (looksAhead || range.end <= today || range.start > today) return range;
  return { start: range.start, end: today };
}

const GROWTH_KINDS: readonly ReportColumnKind[] = ['growth-arrow', 'growth-marker'];

/** The period growth columns compare with, when any of the file's columns is a growth. */
export function growthComparison(columns: readonly ExportColumn[], previous: DateRange): DateRange | null {
  return columns.some((c) => GROWTH_KINDS.includes(c.kind)) ? previous : null;
}

/**
 * A report's (or a dashboard page's) address on the portal (docs/product/report-screens.md, 'Query parameters'): the drilled
 * account when one was asked, and the dates and products as the screen reads them from its address.
 */
export function reportPath(id: number, params: RawReportParams): string {
  const account = params.account_id ? `/${encodeURIComponent(params.account_id)}` : '';
  const query = new URLSearchParams();
  if (params.start_date && params.end_date) {
    query.set('start_date', params.start_date);
    query.set('end_date', params.end_date);
  }
  if (params.product_type_id?.length) query.set('product_type_id', params.product_type_id.join(','));
  const text = query.toString().replace(/%2C/g, ',');
  return `/reports/${id}${account}${text ? `?${text}` : ''}`;
}

const dmy = (range: DateRange) => `${toDayMonthYear(range.start)} to ${toDayMonthYear(range.end)}`;

/** 'Period 01/12/2026 to 05/12/2026; growth compared with 01/11/2026 to 05/11/2026.' as mails and files say it. */
export function periodStatement(report: Pick<ReportExport, 'start' | 'end' | 'comparison'>): string {
  const growth = report.comparison ? `; growth compared with ${dmy(report.comparison)}` : '';
  return `Period ${dmy(report)}${growth}.`;
}

/** The 'About' sheet of an XLSX file: what the rows are, for whom, over which days, made when, and where to open them. */
export function aboutRows(report: ReportExport, portalUrl: string, at: Date): [string, string][] {
  return [
    ['Report', report.name],
    ['For', `${report.account.name} (${report.account.code})`],
    ['Period', dmy(report)],
    ...(report.comparison ? [['Growth compared with', dmy(report.comparison)] as [string, string]] : []),
    ['Made', `${kolkataDateTime(at)} (India time)`],
    ['Open it on Dossier', `${portalUrl}${report.path}`],
  ];
}

/** A file has the columns the table shows, in its order and under its titles. */
export function exportColumns(columns: readonly ReportColumnDef[]): ExportColumn[] {
  return shownColumns(columns).map((c) => ({ key: c.key, header: c.title, kind: c.kind }));
}

/**
 * The rows a table's search leaves (docs/product/report-screens.md, 'Downloads'): those with the text,
 * trimmed and case-insensitive, in any of the file's columns. No search keeps every row.
 */
export async function* matchingRows(
  batches: Iterable<Row[]> | AsyncIterable<Row[]>,
  columns: readonly { key: string }[],
  search: string | undefined,
): AsyncGenerator<Row[]> {
  const text = search?.trim().toLowerCase();
  for await (const batch of batches) {
    if (!text) yield batch;
    else
      yield batch.filter((row) =>
        columns.some((c) =>
          String(row[c.key] ?? '')
            .toLowerCase()
            .includes(text),
        ),
      );
  }
}

/** 'Team report summary' for 2026-05-01..31 → team-report-summary_2026-05-01_2026-05-31 */
export function exportFileName(report: Pick<ReportExport, 'name' | 'start' | 'end'>, extension: 'csv' | 'xlsx'): string {
  const slug =
    report.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'report';
  return `${slug}_${report.start}_${report.end}.${extension}`;
}
