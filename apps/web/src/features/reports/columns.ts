import { formatRupee, HIDDEN_REPORT_COLUMNS, parseRupee, type Cell, type ReportRecord } from '@dossier/shared';
import {
  COLUMN_TITLES,
  CURRENCY_COLUMNS,
  DROPDOWN_FIXED_COLUMNS,
  GROWTH_COLUMNS,
  lookup,
  PAY_NOW_COLUMN,
  REPORT_COLUMN_TITLES,
  SALES_VIEW_COLUMN,
} from './config';

export type ColumnKind = 'text' | 'number' | 'currency' | 'growth-arrow' | 'growth-marker' | 'pay-now' | 'sales-view' | 'link';

export interface ReportColumn {
  /** The key in the records. */
  key: string;
  /** The header shown. */
  title: string;
  kind: ColumnKind;
}

const LINK_COLUMNS = new Set(['Renewal Link', 'renewal_link']);

function kindOf(key: string, title: string, records: readonly ReportRecord[]): ColumnKind {
  if (key === PAY_NOW_COLUMN || key === 'one_click_url') return 'pay-now';
  if (key === SALES_VIEW_COLUMN) return 'sales-view';
  if (LINK_COLUMNS.has(key)) return 'link';
  const growth = GROWTH_COLUMNS[key] ?? GROWTH_COLUMNS[title];
  if (growth) return growth === 'arrow' ? 'growth-arrow' : 'growth-marker';
  if (CURRENCY_COLUMNS.includes(key) || CURRENCY_COLUMNS.includes(title)) return 'currency';
  return records.some((r) => typeof r[key] === 'number') ? 'number' : 'text';
}

export function columnTitle(reportName: string, key: string): string {
  const base = COLUMN_TITLES[key] ?? key;
  return lookup(REPORT_COLUMN_TITLES, reportName)?.[key] ?? base;
}

/**
 * The visible columns of a report: the response's column list (or the first record's keys), hidden
 * keys left out, each with its title from the key map and its display kind.
 */
export function reportColumns(reportName: string, columns: readonly string[], records: readonly ReportRecord[]): ReportColumn[] {
  const keys = columns.length > 0 ? columns : Object.keys(records[0] ?? {});
  return keys
    .filter((key) => !HIDDEN_REPORT_COLUMNS.includes(key))
    .map((key) => {
      const title = columnTitle(reportName, key);
      return { key, title, kind: kindOf(key, title, records) };
    });
}

const isFixed = (c: ReportColumn) => DROPDOWN_FIXED_COLUMNS.includes(c.key) || DROPDOWN_FIXED_COLUMNS.includes(c.title);

/** The dropdown filter's choices: every column but the fixed User Id and Name. */
export function dropdownOptions(columns: readonly ReportColumn[]): string[] {
  return columns.filter((c) => !isFixed(c)).map((c) => c.title);
}

/** docs/product/report-screens.md, 'Report table': only the columns whose name starts with the chosen value, always preceded by User Id and Name. */
export function applyDropdown(columns: readonly ReportColumn[], value: string | null): ReportColumn[] {
  if (!value) return [...columns];
  const prefix = value.toLowerCase();
  const fixed = DROPDOWN_FIXED_COLUMNS.flatMap((name) => columns.filter((c) => c.key === name || c.title === name));
  const chosen = columns.filter((c) => !isFixed(c) && (c.title.toLowerCase().startsWith(prefix) || c.key.toLowerCase().startsWith(prefix)));
  return [...fixed, ...chosen];
}

/**
 * The value a cell sorts by (docs/product/report-screens.md, 'Report table'): currency cells by amount, converting k, lac and cr back into
 * thousands, hundred thousands and ten millions when the value arrives as formatted text.
 */
export function sortValue(column: Pick<ReportColumn, 'kind'>, cell: Cell | undefined): string | number | null {
  if (cell === undefined || cell === null) return null;
  if (column.kind === 'currency') return typeof cell === 'number' ? cell : parseRupee(cell);
  if (typeof cell === 'number') return cell;
  if (column.kind === 'number' || column.kind.startsWith('growth')) {
    const n = Number(cell.replace(/[,%\s₹]/g, ''));
    return Number.isFinite(n) ? n : cell;
  }
  return cell;
}

const numberFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** A cell as text (search and plain display). */
export function cellText(column: Pick<ReportColumn, 'kind'>, cell: Cell | undefined): string {
  if (cell === undefined || cell === null || cell === '') return '-';
  if (column.kind === 'currency') return formatRupee(cell);
  // Both growth columns are percentages of the previous period.
  if (column.kind === 'growth-arrow' || column.kind === 'growth-marker') return `${cell}%`;
  if (typeof cell === 'number') return numberFormat.format(cell);
  return cell;
}

export type GrowthDirection = 'up' | 'down' | 'flat';
/** Green up above zero, red down below, the yellow square at zero (docs/product/report-screens.md, 'Growth cells'). */
export function growthDirection(cell: Cell | undefined): GrowthDirection {
  const n = typeof cell === 'number' ? cell : Number(cell);
  if (!Number.isFinite(n) || n === 0) return 'flat';
  return n > 0 ? 'up' : 'down';
}
