import '@mantine/dates/styles.css';
import { useState, type ReactNode } from 'react';
import { Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { FilterForm } from './FilterForm';
import { rangeProblem, type DateRangeValue } from './range';
import classes from './filters.module.css';

export interface DateRangeFilterProps {
  /** The range in force (from the URL or the screen's default). */
  value: DateRangeValue;
  /** Default: navigate (GET) to the same path with start_date and end_date, other params kept. */
  onSubmit?: (range: DateRangeValue) => void;
  /** Extra fields submitted with the dates (multi-selects of the reporting screens). */
  children?: ReactNode;
  submitLabel?: string;
}

/**
 * Date-range picker (docs/product/report-screens.md, 'Date-range picker'): start and end are required and read-only, chosen by calendar;
 * the end cannot precede the start; Submit navigates as a GET with start_date and end_date.
 */
export function DateRangeFilter({ value, onSubmit, children, submitLabel = 'Submit' }: DateRangeFilterProps) {
  const [start, setStart] = useState<string | null>(value.start_date);
  const [end, setEnd] = useState<string | null>(value.end_date);
  const problem = rangeProblem(start, end);

  return (
    <FilterForm
      label="Date range"
      range={problem || !start || !end ? null : { start_date: start, end_date: end }}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
      footer={
        problem && (start === null || end === null) ? (
          <Text size="xs" c="red.8" mt={4} role="alert">
            {problem}
          </Text>
        ) : null
      }
    >
      <DatePickerInput
        label="Start date"
        required
        value={start}
        onChange={(v) => {
          setStart(v);
          // Keeping a later end date valid is friendlier than refusing the new start.
          if (v && end && end < v) setEnd(v);
        }}
        valueFormat="DD/MM/YYYY"
        className={classes.date}
        popoverProps={{ withinPortal: true }}
      />
      <DatePickerInput
        label="End date"
        required
        value={end}
        onChange={setEnd}
        minDate={start ?? undefined}
        valueFormat="DD/MM/YYYY"
        className={classes.date}
        error={end && start && end < start ? 'End date cannot be before start date' : undefined}
        popoverProps={{ withinPortal: true }}
      />
      {children}
    </FilterForm>
  );
}
