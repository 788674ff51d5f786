import '@mantine/dates/styles.css';
import { useState } from 'react';
import { MonthPickerInput } from '@mantine/dates';
import { monthRange } from '@dossier/shared';
import { FilterForm } from './FilterForm';
import type { DateRangeValue } from './range';
import classes from './filters.module.css';

export interface MonthFilterProps {
  /** The range in force; its start picks the month shown. */
  value: DateRangeValue;
  onSubmit?: (range: DateRangeValue) => void;
}

/** Month picker (docs/product/report-screens.md, 'Month picker'): Submit sends the first and the last day of the chosen month. */
export function MonthFilter({ value, onSubmit }: MonthFilterProps) {
  const [month, setMonth] = useState<string | null>(value.start_date.slice(0, 7) + '-01');
  return (
    <FilterForm label="Month" range={month ? monthRange(month) : null} onSubmit={onSubmit}>
      <MonthPickerInput
        label="Month"
        required
        value={month}
        onChange={setMonth}
        valueFormat="MMMM YYYY"
        className={classes.date}
        popoverProps={{ withinPortal: true }}
      />
    </FilterForm>
  );
}
