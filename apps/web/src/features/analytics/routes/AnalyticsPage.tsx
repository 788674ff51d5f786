import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ANALYTICS_MANAGER_COLUMN,
  ANALYTICS_OFFLINE_COLUMNS,
  ANALYTICS_ONLINE_COLUMNS,
  kolkataToday,
  toDayMonthYear,
  type AnalyticsRow,
} from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import { firstPage, rowPaging } from '../../../components/data-table/server-query';
import { type ColumnGroup, type DataTableColumn } from '../../../components/data-table/types';
import { addDays } from '@dossier/shared';
import { DateRangeFilter } from '../../../components/date-filters/DateRangeFilter';
import { rangeFromQuery } from '../../../components/date-filters/range';
import { Screen } from '../../../components/page/Screen';
import { SafeHtml } from '../../../components/safe-html/SafeHtml';
import { useAnalytics } from '../api/analytics';

const GROUPED: readonly string[] = [...ANALYTICS_ONLINE_COLUMNS, ...ANALYTICS_OFFLINE_COLUMNS];

/** The 30 days before today up to today (docs/product/team.md, 'Mapping Dashboard'; the original product's default was unclear). */
const defaultRange = () => {
  const today = kolkataToday();
  return { start_date: addDays(today, -30), end_date: today };
};

/** Columns come from the keys of the rows; text cells are server HTML, rendered only after DOMPurify. The server sorts and searches. */
function columnsOf(rows: readonly AnalyticsRow[] | undefined): DataTableColumn<AnalyticsRow>[] {
  const keys = rows?.[0] ? Object.keys(rows[0]) : [ANALYTICS_MANAGER_COLUMN, ...GROUPED];
  // Ungrouped columns lead, then Online, then Offline, so the two-group header lines up.
  const ordered = [...keys.filter((k) => !GROUPED.includes(k)), ...GROUPED.filter((k) => keys.includes(k))];
  return ordered.map((key) => ({
    id: key,
    header: key,
    value: (r) => r[key],
    align: typeof rows?.[0]?.[key] === 'number' ? 'right' : 'left',
    minWidth: key === ANALYTICS_MANAGER_COLUMN ? 190 : undefined,
    cell: (r) => {
      const v = r[key];
      return typeof v === 'string' ? <SafeHtml html={v} /> : String(v ?? '');
    },
  }));
}

/** Analytics report (docs/product/team.md, 'Mapping Dashboard'; menu 'Mapping Dashboard'): per manager, Online (8) and Offline (2) columns. */
export default function AnalyticsPage() {
  const [params] = useSearchParams();
  const range = rangeFromQuery(params, defaultRange);
  const key = `${range.start_date}_${range.end_date}`;
  return (
    <Screen title="Analytics report">
      <DateRangeFilter key={key} value={range} />
      {/* A new range starts again at the first page, in the server's order. */}
      <AnalyticsTable key={key} startDate={toDayMonthYear(range.start_date)} endDate={toDayMonthYear(range.end_date)} />
    </Screen>
  );
}

/** One page at a time: the server sorts (most requests raised first unless a column is picked), searches and pages. */
function AnalyticsTable({ startDate, endDate }: { startDate: string; endDate: string }) {
  const [table, setTable] = useState(firstPage);
  const { data, isFetching } = useAnalytics(startDate, endDate, table);
  const columns = useMemo(() => columnsOf(data?.rows), [data]);
  const lead = columns.filter((c) => !GROUPED.includes(c.id)).length;
  const groups: ColumnGroup[] = [
    { label: '', span: lead },
    { label: 'Online', span: ANALYTICS_ONLINE_COLUMNS.length },
    { label: 'Offline', span: ANALYTICS_OFFLINE_COLUMNS.length },
  ];
  return (
    <DataTable
      label="Analytics report"
      columns={columns}
      rows={data?.rows}
      loading={isFetching}
      getRowId={(r) => String(r[ANALYTICS_MANAGER_COLUMN] ?? JSON.stringify(r))}
      columnGroups={groups}
      searchWhenEmpty={false}
      serverPaging={rowPaging(table, data?.total ?? 0, setTable)}
      minWidth={1100}
    />
  );
}
