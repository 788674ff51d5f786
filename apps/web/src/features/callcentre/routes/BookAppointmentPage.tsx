import { useState } from 'react';
import { Button, Group, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { titleCaseOrNA, type BookableCase } from '@dossier/shared';
import { Link } from 'react-router';
import { useBookCustomerSlot } from '../api/book-customer-slot';
import { useBookableCases } from '../api/my-cases';
import { useSlots } from '../../../components/call-dialogs/api/slots';
import { MeetingDateCards } from '../../../components/call-dialogs/connect/MeetingDateCards';
import { ResultMessage } from '../../../components/call-dialogs/connect/ResultMessage';
import { SlotSelect } from '../../../components/call-dialogs/connect/SlotSelect';
import { EMPTY_MESSAGE } from '../components/empty-message';
import { kolkataToday as todayIso } from '../../../lib/format';
import { meetingDate, type MeetingChoice } from '../../../components/call-dialogs/lib/meeting-date';
import { partyColumns } from '../components/party-columns';
import { DataTable } from '../../../components/data-table/DataTable';
import type { DataTableColumn } from '../../../components/data-table/types';
import { Screen } from '../../../components/page/Screen';

const CASE_COLUMNS: DataTableColumn<BookableCase>[] = [
  // The row's radio; the Radio.Group around the table holds the choice.
  { id: 'choose', header: '', value: () => null, cell: (c) => <Radio value={String(c.case_id)} aria-label={`Case ${c.case_id}`} /> },
  { id: 'case', header: 'Case', value: (c) => c.case_id },
  ...partyColumns<BookableCase>(),
  { id: 'date', header: 'Date', value: (c) => c.date },
];

/** Book an Appointment (header meeting menu): a meeting slot with a case's advisor. */
export default function BookAppointmentPage() {
  const today = todayIso();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<BookableCase | null>(null);
  const [meeting, setMeeting] = useState<{ choice: MeetingChoice; picked: string | null }>({ choice: 1, picked: null });
  const [slotId, setSlotId] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const cases = useBookableCases({ search: debounced, current_page: page });
  const date = meetingDate(meeting.choice, meeting.picked, today);
  const slots = useSlots({ partner_id: chosen?.partner_id ?? null, date }, { enabled: chosen !== null });
  const book = useBookCustomerSlot();

  const submit = () => {
    const slot = slots.data?.data.find((s) => s.slot_id === slotId);
    if (!chosen || chosen.partner_id === null || !slot) return;
    book.mutate(
      {
        customer_id: chosen.customer_id,
        partner_id: chosen.partner_id,
        product_code: chosen.product_code,
        case_id: chosen.case_id,
        slot_id: slot.slot_id,
        start_end_time: slot.slot,
        date,
      },
      {
        onSuccess: (res) => {
          setMessage(res.message);
          setSlotId(null);
          void slots.refetch();
        },
      },
    );
  };

  return (
    <Screen
      title="Book an Appointment"
      framed={false}
      actions={
        <Button component={Link} to="/my-appointments" variant="subtle">
          My Booked Appointment
        </Button>
      }
    >
      <Paper withBorder p="sm" radius="md">
        <TextInput
          label="Find a case"
          placeholder="Customer or advisor name, or case id"
          value={search}
          maxLength={80}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          maw={360}
          mb="sm"
        />
        <Radio.Group
          value={chosen ? String(chosen.case_id) : null}
          onChange={(v) => setChosen(cases.data?.data.find((c) => String(c.case_id) === v) ?? null)}
          aria-label="Case"
        >
          <DataTable
            label="Open cases"
            columns={CASE_COLUMNS}
            rows={cases.data?.data}
            loading={cases.isFetching}
            getRowId={(c) => String(c.case_id)}
            serverPaging={{ page, totalPages: cases.data?.total_pages ?? 0, onPageChange: setPage }}
            emptyText={EMPTY_MESSAGE}
            minWidth={640}
          />
        </Radio.Group>
      </Paper>
      {chosen ? (
        <Paper withBorder p="sm" radius="md">
          <Stack gap="sm">
            <Text size="sm">
              Meeting for <b>{titleCaseOrNA(chosen.customer_name)}</b> with {titleCaseOrNA(chosen.partner_name)} (case {chosen.case_id})
            </Text>
            <MeetingDateCards
              choice={meeting.choice}
              picked={meeting.picked}
              today={today}
              onChange={(choice, picked) => {
                setMeeting({ choice, picked });
                setSlotId(null);
              }}
            />
            <SlotSelect
              label="Schedule an Appointment for"
              slots={slots.data?.data ?? []}
              loading={slots.isPending}
              value={slotId}
              onChange={setSlotId}
            />
            {message ? <ResultMessage message={message} onClose={() => setMessage(null)} /> : null}
            <Group>
              <Button onClick={submit} disabled={slotId === null} loading={book.isPending}>
                Book Appointment
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Screen>
  );
}
