import { z } from 'zod';
import { KOLKATA_OFFSET_MS, kolkataWallClock } from './dates';
import { PathId, pathSegment } from './primitives';
import { ReportFilterBody } from './reports';

/** Scheduled report mails (docs/product/subscriptions.md). */
export const SUBSCRIPTION_PATHS = {
  list: '/api/subscriptions/',
  one: (id: number | string) => `/api/subscriptions/${pathSegment(id)}/`,
  remove: (id: number | string) => `/api/subscriptions/${pathSegment(id)}/delete/`,
  /** 'Send now': the subscription's mail to its owner at once, the schedule unchanged. */
  sendNow: (id: number | string) => `/api/subscriptions/${pathSegment(id)}/send/`,
  /** The daily brief's mail, on or off (docs/product/brief.md, 'By mail'). */
  brief: '/api/subscriptions/brief/',
} as const;

/** Subscriptions one user may hold. */
export const MAX_SUBSCRIPTIONS_PER_USER = 50;

export const SUBSCRIPTION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];

/** ISO weekdays, 1 = Monday … 7 = Sunday. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const time = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM (24-hour, India time)');

/**
 * When a subscription sends, in Asia/Kolkata: daily at a time (optionally Monday to Friday only), weekly on a
 * day at a time, or monthly on a day of the month at a time (a day past a month's end sends on its last day).
 */
export const SubscriptionSchedule = z.discriminatedUnion('frequency', [
  z.object({ frequency: z.literal('daily'), time, weekdays_only: z.boolean().default(false) }),
  z.object({
    frequency: z.literal('weekly'),
    time,
    weekday: z
      .number({ message: 'weekday must be 1 (Monday) to 7 (Sunday)' })
      .int()
      .min(1, 'weekday must be 1 (Monday) to 7 (Sunday)')
      .max(7, 'weekday must be 1 (Monday) to 7 (Sunday)'),
  }),
  z.object({
    frequency: z.literal('monthly'),
    time,
    day_of_month: z
      .number({ message: 'day_of_month must be 1 to 31' })
      .int()
      .min(1, 'day_of_month must be 1 to 31')
      .max(31, 'day_of_month must be 1 to 31'),
  }),
]);
export type SubscriptionSchedule = z.infer<typeof SubscriptionSchedule>;
export type SubscriptionScheduleInput = z.input<typeof SubscriptionSchedule>;

/** POST /api/subscriptions/: a report (or dashboard) id, the report filter body as the report panel sends it, and when. */
export const CreateSubscriptionBody = z.object({
  report_id: z.number().int().positive().max(1_000_000),
  filters: ReportFilterBody,
  schedule: SubscriptionSchedule,
});
export type CreateSubscriptionBody = z.infer<typeof CreateSubscriptionBody>;

/** POST /api/subscriptions/{id}/: a new schedule, and/or paused or resumed. */
export const UpdateSubscriptionBody = z
  .object({ schedule: SubscriptionSchedule.optional(), paused: z.boolean().optional() })
  .refine((b) => b.schedule !== undefined || b.paused !== undefined, 'Send a schedule or paused');
export type UpdateSubscriptionBody = z.infer<typeof UpdateSubscriptionBody>;

export const SubscriptionIdParams = z.object({ id: PathId });

export const Subscription = z.object({
  id: z.number().int(),
  /** Null for the daily brief. */
  report_id: z.number().int().nullable(),
  /** The report's name, the dashboard's for a dashboard, 'My day' for the daily brief. */
  report_name: z.string(),
  kind: z.enum(['report', 'dashboard', 'brief']),
  filters: ReportFilterBody,
  schedule: SubscriptionSchedule,
  /** 'Daily at 09:00 (Mon–Fri)', 'Weekly on Monday at 08:30', 'Monthly on day 31 at 18:00'. */
  schedule_text: z.string(),
  paused: z.boolean(),
  /** Why the server paused it; null when it runs or was paused by its owner. */
  paused_reason: z.string().nullable(),
  /** ISO instant of the next send (while paused: when it would be). */
  next_run_at: z.string(),
  last_run_at: z.string().nullable(),
  /** What the last run did ('Sent', 'Skipped: …'). */
  last_result: z.string().nullable(),
});
export type Subscription = z.infer<typeof Subscription>;

export const SubscriptionList = z.object({ subscriptions: z.array(Subscription) });
export type SubscriptionList = z.infer<typeof SubscriptionList>;

export const DeleteSubscriptionResponse = z.object({ message: z.string() });

/** 'Send now': where the mail went ('{name} will be sent to {address} shortly. Its schedule is unchanged.'). */
export const SendSubscriptionNowResponse = z.object({ message: z.string() });
export type SendSubscriptionNowResponse = z.infer<typeof SendSubscriptionNowResponse>;

/** The schedule as the list and the mail say it (India time). */
export function scheduleText(s: SubscriptionSchedule): string {
  if (s.frequency === 'daily') return `Daily at ${s.time}${s.weekdays_only ? ' (Mon–Fri)' : ''}`;
  if (s.frequency === 'weekly') return `Weekly on ${WEEKDAY_NAMES[s.weekday - 1] ?? ''} at ${s.time}`;
  return `Monthly on day ${s.day_of_month} at ${s.time}`;
}

/**
 * The first send strictly after `after`, in Asia/Kolkata time (docs/product/subscriptions.md, 'Schedule'):
 * monthly on a missing day sends on the month's last day; daily Mon–Fri skips weekends.
 */
export function nextRunAfter(s: SubscriptionSchedule, after: Date): Date {
  const [hh, mm] = s.time.split(':').map(Number) as [number, number];
  const local = kolkataWallClock(after);
  let y = local.getUTCFullYear();
  let m = local.getUTCMonth();
  let d = local.getUTCDate();
  // At most a little over a month ahead for any schedule; the bound only guards the loop.
  for (let i = 0; i < 400; i++) {
    const day = new Date(Date.UTC(y, m, d));
    const isoWeekday = ((day.getUTCDay() + 6) % 7) + 1;
    const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
    const matches =
      s.frequency === 'daily'
        ? !s.weekdays_only || isoWeekday <= 5
        : s.frequency === 'weekly'
          ? isoWeekday === s.weekday
          : day.getUTCDate() === Math.min(s.day_of_month, lastDay);
    if (matches) {
      const at = new Date(Date.UTC(y, m, d, hh, mm) - KOLKATA_OFFSET_MS);
      if (at.getTime() > after.getTime()) return at;
    }
    const next = new Date(Date.UTC(y, m, d + 1));
    y = next.getUTCFullYear();
    m = next.getUTCMonth();
    d = next.getUTCDate();
  }
  throw new Error(`No run found for ${scheduleText(s)}`);
}

/** GET and POST /api/subscriptions/brief/: whether the daily brief is mailed to the user each morning. */
export const BriefMailState = z.object({
  /** Mailed: the user's brief subscription exists and is not paused. */
  on: z.boolean(),
  /** Whether the user may have reports mailed at all ('report-email'); the switch is off and disabled otherwise. */
  may_mail: z.boolean(),
  subscription: Subscription.nullable(),
});
export type BriefMailState = z.infer<typeof BriefMailState>;

export const SetBriefMailBody = z.object({ on: z.boolean() });
export type SetBriefMailBody = z.infer<typeof SetBriefMailBody>;
