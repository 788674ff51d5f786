import { addMonths, monthStart, parseDay, splitDay } from '@dossier/shared';

/** What every generator stage agrees on: the seed, the scale and the 24-month window. */
export interface DemoPlan {
  seed: number;
  scale: number;
  /** The anchor day (day number); data ends the day before, so no row is stamped in the future. */
  today: number;
  /** First day of the month 23 months before today's month. */
  start: number;
  /** Last day with business: the day before today. */
  end: number;
  /** First day of each of the 24 months, oldest first; the last one is today's month. */
  months: readonly number[];
}

export const MONTHS = 24;

export function makePlan(seed: number, scale: number, today: string): DemoPlan {
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`Bad demo scale ${scale}`);
  if (!Number.isSafeInteger(seed)) throw new Error(`Bad demo seed ${seed}`);
  const day = parseDay(today);
  const current = monthStart(day);
  const months = Array.from({ length: MONTHS }, (_, i) => addMonths(current, i - (MONTHS - 1)));
  return { seed, scale, today: day, start: months[0] ?? current, end: day - 1, months };
}

/** Index of the plan month a day falls in (negative before the window). */
export function monthIndex(plan: DemoPlan, day: number): number {
  const a = splitDay(plan.start);
  const b = splitDay(day);
  return b.y * 12 + b.m - (a.y * 12 + a.m);
}
