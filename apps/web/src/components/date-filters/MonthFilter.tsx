import '@mantine/dates/styles.css';
import { useState, type FormEvent } from 'react';
import { Button, Group } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { monthRange } from '@dossier/shared';
import { useNavigate, useSearchParams } from 'react-router';
import { withRange, type DateRangeValue } from './range';
import classes from './filters.module.css';

export interface MonthFilterProps {
  /** The range in force; its start picks the month shown. */
  value: DateRangeValue;
  onSubmit?: (range: DateRangeValue) => void;
}

/** Month picker (docs/product/report-screens.md, 'Month picker'): Submit sends the first and the last day of the chosen month. */
export function MonthFilter({ value, onSubmit }: MonthFilterProps) {
  const [month, setMonth] = useState<string | null>(value.start_date.slice(0, 7) + '-01');
  const [params] = useSearchParams();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!month) return;
    const range = monthRange(month);
    if (onSubmit) onSubmit(range);
    else void navigate({ search: `?${withRange(params, range).toString()}` });
  };

  return (
    <form onSubmit={submit} className={classes.form} aria-label="Month">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <MonthPickerInput
          label="Month"
          required
          value={month}
          onChange={setMonth}
          valueFormat="MMMM YYYY"
          className={classes.date}
          popoverProps={{ withinPortal: true }}
        />
        <Button type="submit" disabled={!month}>
          Submit
        </Button>
      </Group>
    </form>
  );
}
