/** Formatting for screens: the shared pure formatters plus web-only display helpers. */
import { kolkataWallClock } from '@dossier/shared';

export { kolkataToday } from '@dossier/shared';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as 'yyyy-MM-dd hh:mm AM' ('-' if missing) in India time, not the browser's, so every user reads the
 * business's clock.
 */
export function formatDateTime12(value: string | null | undefined): string {
  if (!value) return '-';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '-';
  const d = kolkataWallClock(time);
  const hours = d.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const ampm = hours < 12 ? 'AM' : 'PM';
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(hour12)}:${pad(d.getUTCMinutes())} ${ampm}`;
}
