import { useForm } from '@mantine/form';
import type { SubscriptionSchedule } from '@dossier/shared';
import { scheduleErrors, toSchedule, type ScheduleForm } from './ScheduleFields';

/**
 * The schedule inputs of a dialog, for ScheduleFields: checked with the shared schedule schema on submit, and
 * handed to `form.onSubmit` as the schedule a request carries.
 */
export function useScheduleForm(initial: ScheduleForm) {
  return useForm<ScheduleForm, SubscriptionSchedule>({
    mode: 'controlled',
    initialValues: initial,
    validate: scheduleErrors,
    transformValues: toSchedule,
  });
}
