import '@mantine/dates/styles.css';
import { Button, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { chooseQuick, pickDate, type DateFilter } from '../lib/date-filter';

interface Props {
  value: DateFilter;
  onChange: (next: DateFilter) => void;
  label?: string;
}

/** The screens' date filter: Today, Tomorrow, or a date from the calendar. */
export function DateChoice({ value, onChange, label = 'Date' }: Props) {
  const { choice, picked } = value;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" role="group" aria-label={label}>
      {(['Today', 'Tomorrow'] as const).map((text, i) => (
        <Button
          key={text}
          variant={choice === i ? 'filled' : 'default'}
          aria-pressed={choice === i}
          onClick={() => onChange(chooseQuick(value, i as 0 | 1))}
        >
          {text}
        </Button>
      ))}
      <DatePickerInput
        aria-label="Pick a date"
        placeholder="Pick a date"
        value={choice === 2 ? picked : null}
        onChange={(date) => onChange(pickDate(value, date))}
        valueFormat="YYYY-MM-DD"
        previousLabel="Previous month"
        nextLabel="Next month"
        clearable
        w={150}
        variant={choice === 2 ? 'filled' : 'default'}
        popoverProps={{ withinPortal: true }}
      />
    </Group>
  );
}
