import { useState } from 'react';
import type { SubscriptionSchedule } from '@dossier/shared';
import { parseScheduleForm, type ScheduleErrors, type ScheduleForm } from './ScheduleFields';

/**
 * The schedule fields' state for a dialog: `fields` goes to ScheduleFields (a change clears the messages),
 * `parse()` gives the schedule or shows the messages and gives null.
 */
export function useScheduleForm(initial: ScheduleForm) {
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const onChange = (next: ScheduleForm) => {
    setValue(next);
    setErrors({});
  };
  const parse = (): SubscriptionSchedule | null => {
    const parsed = parseScheduleForm(value);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return null;
    }
    setErrors({});
    return parsed.schedule;
  };
  return { fields: { value, onChange, errors }, parse, clearErrors: () => setErrors({}) };
}
