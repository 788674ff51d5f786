import type { ReactNode } from 'react';
import { Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, type UseFormReturnType } from '@mantine/form';
import { SubscriptionSchedule, WEEKDAY_NAMES, type SubscriptionFrequency, type SubscriptionScheduleInput } from '@dossier/shared';

/** What the schedule inputs hold while being edited (docs/product/subscriptions.md, 'Schedule dialog'). */
export interface ScheduleForm {
  frequency: SubscriptionFrequency;
  time: string;
  weekdaysOnly: boolean;
  weekday: string;
  dayOfMonth: string;
}

type ScheduleErrors = Partial<Record<'time' | 'weekday' | 'dayOfMonth', ReactNode>>;

export const DEFAULT_SCHEDULE_FORM: ScheduleForm = {
  frequency: 'daily',
  time: '09:00',
  weekdaysOnly: false,
  weekday: '1',
  dayOfMonth: '1',
};

export function scheduleForm(s: SubscriptionSchedule): ScheduleForm {
  return {
    ...DEFAULT_SCHEDULE_FORM,
    frequency: s.frequency,
    time: s.time,
    ...(s.frequency === 'daily' ? { weekdaysOnly: s.weekdays_only } : {}),
    ...(s.frequency === 'weekly' ? { weekday: String(s.weekday) } : {}),
    ...(s.frequency === 'monthly' ? { dayOfMonth: String(s.day_of_month) } : {}),
  };
}

/** The inputs in the shared schedule schema's shape (only the fields the frequency has). */
function scheduleInput(f: ScheduleForm): SubscriptionScheduleInput {
  return f.frequency === 'daily'
    ? { frequency: f.frequency, time: f.time, weekdays_only: f.weekdaysOnly }
    : f.frequency === 'weekly'
      ? { frequency: f.frequency, time: f.time, weekday: Number(f.weekday) }
      : { frequency: f.frequency, time: f.time, day_of_month: Number(f.dayOfMonth) };
}

const checkSchedule = schemaResolver(SubscriptionSchedule, { sync: true });

/** The schema's first message per input; one about no input of its own (none is expected) goes under the time. */
export function scheduleErrors(f: ScheduleForm): ScheduleErrors {
  const errors: ScheduleErrors = {};
  for (const [path, message] of Object.entries(checkSchedule(scheduleInput(f)))) {
    const field = path === 'weekday' ? 'weekday' : path === 'day_of_month' ? 'dayOfMonth' : 'time';
    errors[field] ??= message;
  }
  return errors;
}

/** Valid inputs as the schedule a request carries (the schema's defaults applied). */
export const toSchedule = (f: ScheduleForm): SubscriptionSchedule => SubscriptionSchedule.parse(scheduleInput(f));

const FREQUENCIES = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];
const WEEKDAYS = WEEKDAY_NAMES.map((name, i) => ({ value: String(i + 1), label: name }));
const DAYS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

/** Frequency, time (India time), and the weekday, day of month or Mon–Fri option the frequency needs. */
export function ScheduleFields({ form }: { form: UseFormReturnType<ScheduleForm, SubscriptionSchedule> }) {
  const value = form.getValues();
  const { errors } = form;
  // Any change clears every message, as the messages depend on each other (the frequency picks the fields).
  const set = (patch: Partial<ScheduleForm>) => {
    form.setValues(patch);
    form.clearErrors();
  };
  return (
    <Stack gap="sm">
      <Select
        label="Frequency"
        data={FREQUENCIES}
        value={value.frequency}
        allowDeselect={false}
        onChange={(v) => set({ frequency: (v ?? 'daily') as SubscriptionFrequency })}
        comboboxProps={{ withinPortal: false }}
      />
      <TextInput
        label="Time (India time)"
        type="time"
        value={value.time}
        onChange={(e) => set({ time: e.currentTarget.value })}
        error={errors.time}
        withAsterisk
      />
      {value.frequency === 'daily' ? (
        <Checkbox
          label="Weekdays only (Monday to Friday)"
          checked={value.weekdaysOnly}
          onChange={(e) => set({ weekdaysOnly: e.currentTarget.checked })}
        />
      ) : null}
      {value.frequency === 'weekly' ? (
        <Select
          label="Day of the week"
          data={WEEKDAYS}
          value={value.weekday}
          allowDeselect={false}
          onChange={(v) => set({ weekday: v ?? '1' })}
          error={errors.weekday}
          comboboxProps={{ withinPortal: false }}
        />
      ) : null}
      {value.frequency === 'monthly' ? (
        <Select
          label="Day of the month"
          description="In a shorter month, a day it lacks sends on its last day"
          data={DAYS}
          value={value.dayOfMonth}
          allowDeselect={false}
          onChange={(v) => set({ dayOfMonth: v ?? '1' })}
          error={errors.dayOfMonth}
          comboboxProps={{ withinPortal: false }}
        />
      ) : null}
    </Stack>
  );
}
