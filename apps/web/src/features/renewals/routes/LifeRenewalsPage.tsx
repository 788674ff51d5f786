import { useState } from 'react';
import { SegmentedControl } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { formatRupee, type RenewalDueRow } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import { firstPage, rowPaging } from '../../../components/data-table/server-query';
import { type DataTableColumn } from '../../../components/data-table/types';
import { currentMonth, rangeFromQuery } from '../../../components/date-filters/range';
import { DateRangeFilter } from '../../../components/date-filters/DateRangeFilter';
import { MonthFilter } from '../../../components/date-filters/MonthFilter';
import { Screen } from '../../../components/page/Screen';
import { useRenewalsDue, type RenewalsRange } from '../api/renewals-due';

const COLUMNS: DataTableColumn<RenewalDueRow>[] = [
  { id: 'code', header: 'User Id', value: (r) => r.proposal__partner__code },
  { id: 'nop', header: 'Renewal Due NOP', value: (r) => r.due_renewals_nop, align: 'right', searchable: false },
  {
    id: 'premium',
    header: 'Renewal Due Premium',
    value: (r) => formatRupee(r.due_renewals_premium),
    sortValue: (r) => r.due_renewals_premium,
    align: 'right',
    searchable: false,
  },
];

/** Life Renewals Report (docs/product/renewals.md, 'Life Renewals Report'): life instalments due in the range, by partner, most dues first. */
export default function LifeRenewalsPage() {
  const [params] = useSearchParams();
  const range = rangeFromQuery(params, currentMonth);
  const [mode, setMode] = useState<'range' | 'month'>('range');
  const key = `${range.start_date}_${range.end_date}`;

  return (
    <Screen
      title="Life Renewals Report"
      actions={
        <SegmentedControl
          aria-label="Date filter"
          size="xs"
          value={mode}
          onChange={(v) => setMode(v === 'month' ? 'month' : 'range')}
          data={[
            { value: 'range', label: 'Date range' },
            { value: 'month', label: 'Month' },
          ]}
        />
      }
    >
      {mode === 'range' ? <DateRangeFilter key={key} value={range} /> : <MonthFilter key={key} value={range} />}
      {/* A new range starts again at the first page, most dues first. */}
      <RenewalsTable key={key} range={range} />
    </Screen>
  );
}

/** One page at a time: the server sorts (most dues first unless a column is picked), searches and pages. */
function RenewalsTable({ range }: { range: RenewalsRange }) {
  const [table, setTable] = useState(firstPage);
  const { data, isFetching } = useRenewalsDue(range, table);
  return (
    <DataTable
      label="Life Renewals Report"
      columns={COLUMNS}
      rows={data?.rows}
      loading={isFetching}
      getRowId={(r) => r.proposal__partner__code}
      initialSort={{ id: 'nop', desc: true }}
      serverPaging={rowPaging(table, data?.total ?? 0, setTable)}
      minWidth={300}
    />
  );
}
