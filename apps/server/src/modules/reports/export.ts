import type { ReportColumnDef, ReportColumnKind } from '@dossier/shared';
import type { Row } from '../../platform/files/escape';
import { shownColumns } from './columns';

/** What a download or a mail needs of a report. */
export interface ReportExport {
  name: string;
  start: string;
  end: string;
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
