/**
 * Source values become the text the data contract reads (docs/connector.md, "Types"): dates
 * `yyyy-MM-dd`, instants ISO 8601 with their offset, timestamps without a zone as local time (which the
 * contract reads as Asia/Kolkata), booleans `true`/`false`, numbers and text as the database prints them.
 */

/** The zone the connector's source sessions run in: naive timestamps are Asia/Kolkata on both sides. */
export const SOURCE_TIME_ZONE = 'Asia/Kolkata';
/** Asia/Kolkata has had no daylight saving since 1945, so one fixed offset is exact. */
export const SOURCE_UTC_OFFSET = '+05:30';
const OFFSET_MS = (5 * 60 + 30) * 60_000;

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(?:(Z)|([+-]\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)?$/;

/**
 * A database's printed timestamp (`2026-11-23 10:15:00.123456+05:30`, `… 10:15:00`) as ISO 8601
 * (`2026-11-23T10:15:00.123456+05:30`, `2026-11-23T10:15:00`). Anything else (infinity, BC dates) is
 * handed on as printed, for the import to reject with its own message.
 */
export function isoTimestamp(printed: string): string {
  const m = DATE_TIME.exec(printed);
  if (!m) return printed;
  const [, date, time, zulu, hours, minutes, seconds] = m;
  if (zulu) return `${date}T${time}Z`;
  if (!hours) return `${date}T${time}`;
  // PostgreSQL prints whole-hour offsets as "+00"; ISO 8601 wants the minutes too.
  return `${date}T${time}${hours}:${minutes ?? '00'}${seconds ? `:${seconds}` : ''}`;
}

/**
 * The instant a watermark value stands for, in milliseconds (rounded down: reading a row twice is
 * harmless, missing one is not). A date or a timestamp without a zone is Asia/Kolkata time. Null when the
 * value is no date at all.
 */
export function watermarkMillis(value: string | null): number | null {
  if (value === null) return null;
  const m = DATE_TIME.exec(value.trim()) ?? /^(\d{4}-\d{2}-\d{2})()$/.exec(value.trim());
  if (!m) return null;
  const [, date, time, zulu, hours, minutes, seconds] = m;
  const [hh = '00', mm = '00', ss = '00'] = (time || '00:00:00').split(':');
  const [whole = '00', fraction = ''] = ss.split('.');
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  const local = Date.parse(`${date}T${hh}:${mm}:${whole}Z`);
  if (Number.isNaN(local)) return null;
  let offsetMs = OFFSET_MS;
  if (zulu) offsetMs = 0;
  else if (hours) {
    const sign = hours.startsWith('-') ? -1 : 1;
    offsetMs = sign * ((Math.abs(Number(hours)) * 60 + Number(minutes ?? 0)) * 60_000 + Number(seconds ?? 0) * 1000);
  }
  return local + millis - offsetMs;
}

/** An instant as Asia/Kolkata wall-clock text with milliseconds, `yyyy-MM-dd HH:mm:ss.SSS` (MySQL literals). */
export function kolkataWallClock(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 23).replace('T', ' ');
}
