import type { FormEvent, ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { withRange, type DateRangeValue } from './range';
import classes from './filters.module.css';

/**
 * The form of a date filter: its fields, then Submit, which gives the chosen `range` (null while there is none
 * to send) to `onSubmit`, or by default navigates (GET) to the same path with start_date and end_date, other params kept.
 */
export function FilterForm(p: {
  label: string;
  range: DateRangeValue | null;
  onSubmit: ((range: DateRangeValue) => void) | undefined;
  submitLabel?: string;
  children: ReactNode;
  /** Below the row of fields. */
  footer?: ReactNode;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!p.range) return;
    if (p.onSubmit) p.onSubmit(p.range);
    else void navigate({ search: `?${withRange(params, p.range).toString()}` });
  };

  return (
    <form onSubmit={submit} className={classes.form} aria-label={p.label}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {p.children}
        <Button type="submit" disabled={p.range === null}>
          {p.submitLabel ?? 'Submit'}
        </Button>
      </Group>
      {p.footer}
    </form>
  );
}
