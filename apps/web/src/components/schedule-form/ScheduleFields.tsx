import { Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { SubscriptionSchedule, WEEKDAY_NAMES, type SubscriptionFrequency } from '@dossier/shared';

/** What the schedule inputs hold while being edited (docs/product/subscriptions.md, 'Schedule dialog'). */
export interface ScheduleForm {
  frequency: SubscriptionFrequency;
  time: string;
  weekdaysOnly: boolean;
  weekday: string;
  dayOfMonth: string;
}

export type ScheduleErrors = Partial<Record<'time' | 'weekday' | 'dayOfMonth', string>>;

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

/** The form as the shared schedule schema, or the first message per field. */
export function parseScheduleForm(f: ScheduleForm): { schedule: SubscriptionSchedule } | { errors: ScheduleErrors } {
  const raw =
    f.frequency === 'daily'
      ? { frequency: f.frequency, time: f.time, weekdays_only: f.weekdaysOnly }
      : f.frequency === 'weekly'
        ? { frequency: f.frequency, time: f.time, weekday: Number(f.weekday) }
        : { frequency: f.frequency, time: f.time, day_of_month: Number(f.dayOfMonth) };
  const parsed = SubscriptionSchedule.safeParse(raw);
  if (parsed.success) return { schedule: parsed.data };
  const errors: ScheduleErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'weekday' ? 'weekday' : issue.path[0] === 'day_of_month' ? 'dayOfMonth' : 'time';
    errors[field] ??= issue.message;
  }
  return { errors };
}

const FREQUENCIES = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];
const WEEKDAYS = WEEKDAY_NAMES.map((name, i) => ({ value: String(i + 1), label: name }));
const DAYS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

/** Frequency, time (India time), and the weekday, day of month or Mon–Fri option the frequency needs. */
export function ScheduleFields({
  value,
  onChange,
  errors,
}: {
  value: ScheduleForm;
  onChange: (next: ScheduleForm) => void;
  errors: ScheduleErrors;
}) {
  const set = (patch: Partial<ScheduleForm>) => onChange({ ...value, ...patch });
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
