import { kolkataToday } from '../../../lib/format';

/** yyyy-MM-dd plus n days (calendar arithmetic in UTC, so no time zone can shift the day). */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Business days are Indian (Asia/Kolkata), whatever the browser's zone. */
export const today = (): string => kolkataToday();
export const tomorrow = (): string => addDays(kolkataToday(), 1);
