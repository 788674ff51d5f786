import '@mantine/dates/styles.css';
import { Button, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';

interface Props {
  /** 0 today, 1 tomorrow, 2 the calendar. */
  choice: 0 | 1 | 2;
  picked: string | null;
  onQuick: (choice: 0 | 1) => void;
  onPick: (date: string | null) => void;
  label?: string;
}

/** The screens' date filter: Today, Tomorrow, or a date from the calendar. */
export function DateChoice({ choice, picked, onQuick, onPick, label = 'Date' }: Props) {
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" role="group" aria-label={label}>
      {(['Today', 'Tomorrow'] as const).map((text, i) => (
        <Button key={text} variant={choice === i ? 'filled' : 'default'} aria-pressed={choice === i} onClick={() => onQuick(i as 0 | 1)}>
          {text}
        </Button>
      ))}
      <DatePickerInput
        aria-label="Pick a date"
        placeholder="Pick a date"
        value={choice === 2 ? picked : null}
        onChange={onPick}
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
