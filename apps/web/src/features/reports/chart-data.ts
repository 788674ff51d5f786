import { HIDDEN_REPORT_COLUMNS, MONTH_ABBREVIATIONS, monthRange, type ReportRecord, type ReportResponse } from '@dossier/shared';
import type { ChartPoint } from '../../components/charts/types';

export interface BarChartData {
  title: string;
  measure: string;
  currency: boolean;
  points: ChartPoint[];
}

/** The page's main measure, in this order of preference; otherwise the first plain numeric column. */
const MEASURES = [
  'Total Premium',
  'Weightage Premium',
  'Policies count',
  'Total Loan Amount',
  'Achieved Premium',
  'Total Partners',
  'Partners',
  'Partners Recruited',
];
const CURRENCY = new Set(['Total Premium', 'Weightage Premium', 'Total Loan Amount', 'Achieved Premium']);
const NOT_A_MEASURE = /(%|growth|rank|target)/i;
const MAX_BARS = 10;

const isTotal = (label: string) => label.trim().toLowerCase() === 'total';

function columnsOf(report: ReportResponse): string[] {
  const { columns, records } = report.data.data;
  return (columns.length > 0 ? columns : Object.keys(records[0] ?? {})).filter((c) => !HIDDEN_REPORT_COLUMNS.includes(c));
}

function measureOf(columns: readonly string[], records: readonly ReportRecord[]): string | undefined {
  const numeric = (c: string) => records.some((r) => typeof r[c] === 'number');
  return MEASURES.find((m) => columns.includes(m) && numeric(m)) ?? columns.find((c) => numeric(c) && !NOT_A_MEASURE.test(c));
}

function labelOf(columns: readonly string[], records: readonly ReportRecord[], measure: string): string | undefined {
  if (columns.includes('Name')) return 'Name';
  return columns.find((c) => c !== measure && records.every((r) => typeof r[c] !== 'number'));
}

/** Bars by row of one report: its main measure per row (Total rows left out), largest first, at most ten. */
export function barChartOf(report: ReportResponse): BarChartData | null {
  const { records } = report.data.data;
  const columns = columnsOf(report);
  const measure = measureOf(columns, records);
  if (!measure) return null;
  const label = labelOf(columns, records, measure);
  if (!label) return null;
  const points = records
    .map((r) => ({ label: String(r[label] ?? '-'), value: typeof r[measure] === 'number' ? r[measure] : Number(r[measure]) }))
    .filter((p) => !isTotal(p.label) && Number.isFinite(p.value))
    .sort((a, b) => b.value - a.value)
    .slice(0, MAX_BARS);
  if (points.length < 2 || points.every((p) => p.value === 0)) return null;
  return { title: `${report.report_name}: ${measure}`, measure, currency: CURRENCY.has(measure), points };
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
  const first = columnsOf(report)[0];
  const total = first === undefined ? undefined : records.find((r) => isTotal(String(r[first] ?? '')));
  const value = (r: ReportRecord) => (typeof r[measure] === 'number' ? r[measure] : 0);
  return total ? value(total) : records.reduce((sum, r) => sum + value(r), 0);
}
