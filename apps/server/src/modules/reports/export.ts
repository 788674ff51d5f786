import type { ReportResponse } from '@dossier/shared';
import type { Row } from '../../platform/files/escape';

/** Columns the table never shows (spec 000 §2) stay out of files too. */
const HIDDEN = new Set(['account_id', 'product_type', 'filter', 'created_by']);

export function exportColumns(report: ReportResponse): string[] {
  return report.data.data.columns.filter((c) => !HIDDEN.has(c));
}

export function exportRows(report: ReportResponse): Row[] {
  return report.data.data.records;
}

/** 'Team report summary' for 2026-05-01..31 → team-report-summary_2026-05-01_2026-05-31 */
export function exportFileName(report: ReportResponse, extension: 'csv' | 'xlsx'): string {
  const slug = report.report_name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'report';
  return `${slug}_${report.start_date}_${report.end_date}.${extension}`;
}
