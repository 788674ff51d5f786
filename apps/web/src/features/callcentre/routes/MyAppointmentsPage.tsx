import { useState } from 'react';
import { Badge, Button, SegmentedControl } from '@mantine/core';
import type { AppointmentRow } from '@dossier/shared';
import { Link } from 'react-router';
import { useMyAppointments } from '../api/my-appointments';
import { DataTable } from '../../../components/data-table/DataTable';
import type { DataTableColumn } from '../../../components/data-table/types';
import { Screen } from '../../../components/page/Screen';
import { ListingCard } from '../components/ListingCard';
import { partyColumns } from '../components/party-columns';
import { openCancelAppointmentDialog } from '../components/cancel-appointment-dialog';

function appointmentColumns(onCancel: (row: AppointmentRow) => void): DataTableColumn<AppointmentRow>[] {
  return [
    { id: 'date', header: 'Date', value: (a) => a.date, cell: (a) => <span style={{ whiteSpace: 'nowrap' }}>{a.date}</span> },
    { id: 'slot', header: 'Time', value: (a) => a.slot, cell: (a) => <span style={{ whiteSpace: 'nowrap' }}>{a.slot}</span> },
    ...partyColumns<AppointmentRow>(),
    { id: 'case', header: 'Case', value: (a) => a.case_id ?? 'NA' },
    {
      id: 'status',
      header: 'Status',
      value: (a) => a.status,
      cell: (a) =>
        a.status === 'booked' ? (
          <Button size="xs" variant="light" color="red" onClick={() => onCancel(a)}>
            Cancel
          </Button>
        ) : (
          <Badge color="gray" variant="light" title={a.cancel_reason ?? undefined}>
            Cancelled{a.cancel_reason ? `: ${a.cancel_reason}` : ''}
          </Badge>
        ),
    },
  ];
}

/** My Booked Appointment (header meeting menu): the appointments the signed-in user booked. */
export default function MyAppointmentsPage() {
  const [status, setStatus] = useState<'booked' | 'cancelled'>('booked');
  const [page, setPage] = useState(1);
  const list = useMyAppointments({ status, current_page: page });

  return (
    <Screen
      title="My Booked Appointment"
      framed={false}
      actions={
        <Button component={Link} to="/book-appointment" variant="subtle">
          Book an Appointment
        </Button>
      }
    >
      <SegmentedControl
        w="fit-content"
        value={status}
        onChange={(v) => {
          setStatus(v === 'cancelled' ? 'cancelled' : 'booked');
          setPage(1);
        }}
        data={[
          { value: 'booked', label: 'Booked' },
          { value: 'cancelled', label: 'Cancelled' },
        ]}
      />
      <ListingCard listing={list.data} page={page} onPageChange={setPage}>
        {(paging) => (
          <DataTable
            label="Appointments"
            columns={appointmentColumns(openCancelAppointmentDialog)}
            rows={list.data?.data}
            loading={list.isFetching}
            getRowId={(a) => String(a.appointment_id)}
            serverPaging={paging}
            emptyText="No appointments"
            minWidth={720}
          />
        )}
      </ListingCard>
    </Screen>
  );
}
