import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Radio, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { CANCELLATION_REASONS, titleCaseOrNA, type AppointmentRow } from '@dossier/shared';
import { Link } from 'react-router';
import { useCancelAppointment } from '../api/cancel-appointment';
import { useMyAppointments } from '../api/my-appointments';
import { ListTable } from '../components/ListTable';
import { Pager } from '../components/Pager';
import { productLabel } from '../lib/product';
import { usePageTitle } from '../../../components/page/use-page-title';

type Reason = (typeof CANCELLATION_REASONS)[number];

/** My Booked Appointment (header meeting menu): the appointments the signed-in user booked. */
export default function MyAppointmentsPage() {
  usePageTitle('My Booked Appointment');
  const [status, setStatus] = useState<'booked' | 'cancelled'>('booked');
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<AppointmentRow | null>(null);
  const [reason, setReason] = useState<Reason>(CANCELLATION_REASONS[0]);
  const list = useMyAppointments({ status, current_page: page });
  const cancel = useCancelAppointment();

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          My Booked Appointment
        </Title>
        <Button component={Link} to="/book-appointment" variant="subtle">
          Book an Appointment
        </Button>
      </Group>
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
      <Paper withBorder radius="md" p="xs">
        <ListTable
          label="Appointments"
          headers={['Date', 'Time', 'Customer', 'Advisor', 'Product', 'Case', 'Status']}
          minWidth={720}
          empty={(list.data?.data.length ?? 0) === 0}
          emptyText="No appointments"
          loadingLabel={list.isPending ? 'Loading appointments' : null}
        >
          {list.data?.data.map((a) => (
            <Table.Tr key={a.appointment_id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{a.date}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{a.slot}</Table.Td>
              <Table.Td>{titleCaseOrNA(a.customer_name)}</Table.Td>
              <Table.Td>
                {titleCaseOrNA(a.partner_name)}{' '}
                <Text span size="xs" c="gray.7">
                  {a.partner_ei_code}
                </Text>
              </Table.Td>
              <Table.Td>{productLabel(a.product_code)}</Table.Td>
              <Table.Td>{a.case_id ?? 'NA'}</Table.Td>
              <Table.Td>
                {a.status === 'booked' ? (
                  <Button size="xs" variant="light" color="red" onClick={() => setCancelling(a)}>
                    Cancel
                  </Button>
                ) : (
                  <Badge color="gray" variant="light" title={a.cancel_reason ?? undefined}>
                    Cancelled{a.cancel_reason ? `: ${a.cancel_reason}` : ''}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
        <Pager page={page} totalPages={list.data?.total_pages ?? 0} onChange={setPage} />
      </Paper>
      <Modal opened={cancelling !== null} onClose={() => setCancelling(null)} title="Cancel appointment" size={400}>
        <Stack gap="sm">
          <Text size="sm">
            {cancelling ? `${cancelling.date}, ${cancelling.slot} with ${titleCaseOrNA(cancelling.customer_name)}` : ''}
          </Text>
          <Radio.Group label="Reason" value={reason} onChange={(v) => setReason(CANCELLATION_REASONS.find((r) => r === v) ?? 'Other')}>
            <Stack gap={6} mt={4}>
              {CANCELLATION_REASONS.map((r) => (
                <Radio key={r} value={r} label={r} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(null)}>
              Keep
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancelling && cancel.mutate({ appointment_id: cancelling.appointment_id, reason }, { onSuccess: () => setCancelling(null) })
              }
            >
              Cancel appointment
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
