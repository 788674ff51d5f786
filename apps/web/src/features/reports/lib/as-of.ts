import { kolkataWallClock, MONTH_ABBREVIATIONS } from '@dossier/shared';

/** 'Data as of 21 Nov 2026 3:05 PM' in India time (roll-up freshness); null when not a roll-up report. */
export function asOfText(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  const d = kolkataWallClock(t);
  const h = d.getUTCHours();
  const hour = h % 12 === 0 ? 12 : h % 12;
  const minutes = String(d.getUTCMinutes()).padStart(2, '0');
  return `Data as of ${d.getUTCDate()} ${MONTH_ABBREVIATIONS[d.getUTCMonth()] ?? ''} ${d.getUTCFullYear()} ${hour}:${minutes} ${h < 12 ? 'AM' : 'PM'}`;
}
