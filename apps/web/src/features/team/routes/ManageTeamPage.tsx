import { useEffect } from 'react';
import { ActionIcon, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { toDayMonthYear, type TeamRow } from '@dossier/shared';
import { DataTable } from '../../../components/data-table/DataTable';
import { type DataTableColumn } from '../../../components/data-table/types';
import { currentMonth, parseQueryDate } from '../../../components/date-filters/range';
import { DateRangeFilter } from '../../../components/date-filters/DateRangeFilter';
import { openMessageDialog } from '../../../components/message-dialog/open-message-dialog';
import { IconArrowRight } from '@tabler/icons-react';
import { Screen } from '../../../components/page/Screen';
import { useTeamList } from '../api/team-list';
import { reporteeListPath } from './team-links';

const COLUMNS: DataTableColumn<TeamRow>[] = [
  { id: 'name', header: 'Name', value: (r) => r.name },
  { id: 'request', header: 'Request Raised', value: (r) => r.request_raised },
  { id: 'product', header: 'Product', value: (r) => r.product_line },
  { id: 'requested_by', header: 'Requested By', value: (r) => r.requested_by },
  { id: 'raised_on', header: 'Raised On', value: (r) => r.raised_on },
  { id: 'pending', header: 'Pending', value: (r) => r.pending, align: 'right' },
  {
    id: 'action',
    header: 'Action',
    value: () => '',
    sortable: false,
    searchable: false,
    align: 'center',
    cell: (r) => (
      <ActionIcon
        component={Link}
        to={reporteeListPath(r.name, r.unique_code, r.request_raised)}
        variant="light"
        aria-label={`Open ${r.request_raised} of ${r.name}`}
      >
        <IconArrowRight size={18} aria-hidden />
      </ActionIcon>
    ),
  },
];

/** Manage Team (docs/product/team.md, 'Manage Team'): the raised requests the viewer may decide, one row per manager and request. */
export default function ManageTeamPage() {
  const [params] = useSearchParams();
  const start = parseQueryDate(params.get('start_date'));
  const end = parseQueryDate(params.get('end_date'));
  const range = start && end ? { start_date: start, end_date: end } : {};
  const { data, isLoading } = useTeamList(range);
  const rows = Array.isArray(data) ? data : undefined;
  const message = data && !Array.isArray(data) ? data.message : null;

  // An answer that is not a list is shown in a dialog (docs/product/team.md, 'Manage Team').
  useEffect(() => {
    if (message) openMessageDialog({ title: 'Manage Team', message, defaultKey: 'Message' });
  }, [message]);

  return (
    <Screen title="Manage Team">
      <DateRangeFilter key={`${start}_${end}`} value={start && end ? { start_date: start, end_date: end } : currentMonth()} />
      <Text size="sm" c="gray.7">
        {start && end
          ? `Requests raised from ${toDayMonthYear(start)} to ${toDayMonthYear(end)}`
          : 'Every request waiting for your decision'}
      </Text>
      <DataTable
        label="Manage Team"
        columns={COLUMNS}
        rows={rows ?? (message ? [] : undefined)}
        loading={isLoading}
        getRowId={(r) => `${r.unique_code}-${r.request_raised}`}
        minWidth={760}
      />
    </Screen>
  );
}
