import '@mantine/dates/styles.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { MEETING_DATE_CHOICE } from '@dossier/shared';
import type { MeetingChoice } from '../lib/meeting-date';

interface Props {
  choice: MeetingChoice;
  picked: string | null;
  today: string;
  onChange: (choice: MeetingChoice, picked: string | null) => void;
}

/** Date of Meeting: Today, Tomorrow, or Pick a Date (never earlier than today). */
export function MeetingDateCards({ choice, picked, today, onChange }: Props) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Date of Meeting
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap" role="group" aria-label="Date of Meeting">
        <Button
          variant={choice === MEETING_DATE_CHOICE.today ? 'filled' : 'default'}
          aria-pressed={choice === MEETING_DATE_CHOICE.today}
          onClick={() => onChange(0, null)}
        >
          Today
        </Button>
        <Button
          variant={choice === MEETING_DATE_CHOICE.tomorrow ? 'filled' : 'default'}
          aria-pressed={choice === MEETING_DATE_CHOICE.tomorrow}
          onClick={() => onChange(1, null)}
        >
          Tomorrow
        </Button>
        <DatePickerInput
          aria-label="Pick a Date"
          placeholder="Pick a Date"
          value={choice === MEETING_DATE_CHOICE.picked ? picked : null}
          minDate={today}
          valueFormat="YYYY-MM-DD"
          previousLabel="Previous month"
          nextLabel="Next month"
          w={150}
          variant={choice === MEETING_DATE_CHOICE.picked ? 'filled' : 'default'}
          onChange={(value) => (value ? onChange(3, value) : onChange(0, null))}
          popoverProps={{ withinPortal: true, zIndex: 400 }}
        />
      </Group>
    </Stack>
  );
}
