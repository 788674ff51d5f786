import { isNewGrowth, reportCellText, type Cell, type ReportColumnDef, type ReportResponse } from '@dossier/shared';

/** A column as the server's catalogue defines it (key, title, kind, sortable, pinned). */
export type ReportColumn = ReportColumnDef;

/** The columns the table shows: the report's column definitions, hidden ones left out. */
export function reportColumns(report: Pick<ReportResponse, 'data'>): ReportColumn[] {
  return report.data.data.column_defs.filter((c) => !c.hidden);
}

/** The dropdown filter's choices: every column but the pinned ones that name the row (User Id and Name). */
export function dropdownOptions(columns: readonly ReportColumn[]): string[] {
  return columns.filter((c) => !c.pinned).map((c) => c.title);
}

/** docs/product/report-screens.md, 'Report table': only the columns whose name starts with the chosen value, always preceded by the pinned ones. */
export function applyDropdown(columns: readonly ReportColumn[], value: string | null): ReportColumn[] {
  if (!value) return [...columns];
  const prefix = value.toLowerCase();
  const chosen = columns.filter((c) => !c.pinned && (c.title.toLowerCase().startsWith(prefix) || c.key.toLowerCase().startsWith(prefix)));
  return [...columns.filter((c) => c.pinned), ...chosen];
}

/** A cell as text (search and plain display), as the mailed summaries show it too. */
export function cellText(column: Pick<ReportColumn, 'kind'>, cell: Cell | undefined): string {
  return reportCellText(column.kind, cell);
}

export type GrowthDirection = 'up' | 'down' | 'flat' | 'new';
/**
 * Green up above zero, red down below, the yellow square at zero; 'new' when the comparison period had nothing
 * (docs/product/report-screens.md, 'Growth cells').
 */
export function growthDirection(cell: Cell | undefined): GrowthDirection {
  if (isNewGrowth(cell)) return 'new';
  const n = typeof cell === 'number' ? cell : Number(cell);
  if (!Number.isFinite(n) || n === 0) return 'flat';
  return n > 0 ? 'up' : 'down';
}
