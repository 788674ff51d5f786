import { MONTH_ABBREVIATIONS, monthRange, type ReportColumnDef, type ReportRecord, type ReportResponse } from '@dossier/shared';
import type { ChartPoint } from '../../../components/charts/types';

export interface BarChartData {
  title: string;
  measure: string;
  currency: boolean;
  points: ChartPoint[];
}

const MAX_BARS = 10;

const isTotal = (label: string) => label.trim().toLowerCase() === 'total';

/**
 * The columns that name a bar: Name, else the leading text columns (the row's key), else the first text column;
 * rows still alike add later columns up to the charted one ('POS partner · 10 · Monthly').
 */
function labelColumns(columns: readonly ReportColumnDef[], measure: string, records: readonly ReportRecord[]): string[] {
  const name = columns.find((c) => c.key === 'Name');
  if (name) return [name.key];
  const leading = columns.findIndex((c) => c.kind !== 'text' || c.key === measure);
  const key = columns.slice(0, leading === -1 ? columns.length : leading).map((c) => c.key);
  const first = columns.find((c) => c.kind === 'text' && c.key !== measure);
  if (!key.length && first) key.push(first.key);
  if (!key.length) return [];
  const before = columns
    .slice(
      0,
      columns.findIndex((c) => c.key === measure),
    )
    .filter((c) => !key.includes(c.key));
  for (const column of before) {
    if (distinct(records, key)) break;
    key.push(column.key);
  }
  return key;
}

const labelOf = (record: ReportRecord, keys: readonly string[]) => keys.map((k) => String(record[k] ?? '-')).join(' · ');
const distinct = (records: readonly ReportRecord[], keys: readonly string[]) =>
  new Set(records.map((r) => labelOf(r, keys))).size === records.length;

/** Bars by row of one report: the column its presentation charts, per row (Total rows left out), largest first, at most ten. */
export function barChartOf(report: ReportResponse): BarChartData | null {
  const { records, column_defs } = report.data.data;
  const columns = column_defs.filter((c) => !c.hidden);
  const measure = columns.find((c) => c.key === report.presentation.chart);
  if (!measure) return null;
  // A Total row says so in its first column (a breakdown) or its Name.
  const namers = [columns.find((c) => c.key !== measure.key)?.key, 'Name'].filter((k) => k !== undefined);
  const rows = records.filter((r) => !namers.some((k) => isTotal(String(r[k] ?? ''))));
  const labels = labelColumns(columns, measure.key, rows);
  if (!labels.length) return null;
  const value = (r: ReportRecord): number => {
    const cell = r[measure.key];
    return typeof cell === 'number' ? cell : Number(cell);
  };
  const points = rows
    .map((r) => ({ label: labelOf(r, labels), value: value(r) }))
    .filter((p) => Number.isFinite(p.value))
    .sort((a, b) => b.value - a.value)
    .slice(0, MAX_BARS);
  if (points.length < 2 || points.every((p) => p.value === 0)) return null;
  return { title: `${report.report_name}: ${measure.title}`, measure: measure.title, currency: measure.kind === 'currency', points };
}

/** The first report of a page that makes a useful bar chart. */
export function pageChart(reports: readonly ReportResponse[]): BarChartData | null {
  for (const report of reports) {
    const chart = barChartOf(report);
    if (chart) return chart;
  }
  return null;
}

export interface MonthSlot {
  start_date: string;
  end_date: string;
  label: string;
}

/** The `count` calendar months ending with the month of `endDate`, oldest first ('Jun 26'). */
export function lastMonths(endDate: string, count = 12): MonthSlot[] {
  const [y, m] = endDate.split('-').map(Number) as [number, number];
  const out: MonthSlot[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = y * 12 + (m - 1) - i;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    const range = monthRange(`${year}-${String(month).padStart(2, '0')}-01`);
    out.push({ ...range, label: `${MONTH_ABBREVIATIONS[month - 1] ?? ''} ${String(year % 100).padStart(2, '0')}` });
  }
  return out;
}

/** A summary's figure for a measure: its Total row when it has one, else the sum of its rows. */
export function summaryTotal(report: ReportResponse, measure: string): number {
  const { records } = report.data.data;
  const first = report.data.data.column_defs.find((c) => !c.hidden)?.key;
  const total = first === undefined ? undefined : records.find((r) => isTotal(String(r[first] ?? '')));
  const value = (r: ReportRecord) => (typeof r[measure] === 'number' ? r[measure] : 0);
  return total ? value(total) : records.reduce((sum, r) => sum + value(r), 0);
}
