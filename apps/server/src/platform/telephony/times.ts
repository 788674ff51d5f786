import { kolkataInstant, kolkataWallClock } from '@dossier/shared';

/**
 * Provider timestamps are 'YYYY-MM-DD HH:mm:ss' in the account's time zone, which for Indian accounts
 * is Asia/Kolkata. The dialogs show the same format.
 */
export function parseProviderTime(text: unknown): Date | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const t = text.trim();
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(t);
  const d = local?.[1] && local[2] ? kolkataInstant(local[1], local[2]) : new Date(t);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatProviderTime(d: Date): string {
  return kolkataWallClock(d).toISOString().slice(0, 19).replace('T', ' ');
}
