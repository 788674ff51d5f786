import { monthRange } from './dates';

/** Where a month will land, from its month-to-date figure (docs/product/run-rate.md). */
export interface RunRate {
  /** Month-to-date × days in the month ÷ days elapsed (today included), to the paisa. */
  projected: number;
  /** Month-to-date ÷ target × 100; null without a target. */
  achievement_pct: number | null;
  /** Projected ÷ target × 100; null without a target. */
  projected_pct: number | null;
  /** (target − month-to-date) ÷ days left after today, to the paisa; the whole remainder on the last day, 0 once met; null without a target. */
  required_per_day: number | null;
}

const paisa = (rupees: number) => Math.round(rupees * 100) / 100;

/** Days of `today`'s month: how many it has, how many have begun (today included), how many follow today. */
export function monthDays(today: string): { inMonth: number; elapsed: number; left: number } {
  const inMonth = Number(monthRange(today).end_date.slice(8, 10));
  const elapsed = Number(today.slice(8, 10));
  return { inMonth, elapsed, left: inMonth - elapsed };
}

/**
 * The run rate of the month holding `today` (a Kolkata calendar date, yyyy-MM-dd). A target of 0 or less counts
 * as none: a percentage of nothing means nothing.
 */
export function runRate(monthToDate: number, target: number | null, today: string): RunRate {
  const days = monthDays(today);
  const projected = paisa((monthToDate * days.inMonth) / days.elapsed);
  if (target === null || !(target > 0)) return { projected, achievement_pct: null, projected_pct: null, required_per_day: null };
  const remainder = target - monthToDate;
  const required = remainder <= 0 ? 0 : paisa(remainder / Math.max(days.left, 1));
  return {
    projected,
    achievement_pct: (monthToDate / target) * 100,
    projected_pct: (projected / target) * 100,
    required_per_day: required,
  };
}
