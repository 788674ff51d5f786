import { describe, expect, it } from 'vitest';
import { isoTimestamp, kolkataWallClock, watermarkMillis } from './values';

describe('source value text', () => {
  it('turns printed timestamps into ISO 8601, keeping the offset and the precision', () => {
    expect(isoTimestamp('2026-11-23 10:15:00+05:30')).toBe('2026-11-23T10:15:00+05:30');
    expect(isoTimestamp('2026-11-23 04:45:00.123456+00')).toBe('2026-11-23T04:45:00.123456+00:00');
    expect(isoTimestamp('1890-01-01 00:00:00+05:21:10')).toBe('1890-01-01T00:00:00+05:21:10');
    expect(isoTimestamp('2026-11-23 10:15:00')).toBe('2026-11-23T10:15:00');
    expect(isoTimestamp('2026-11-23T10:15:00Z')).toBe('2026-11-23T10:15:00Z');
    expect(isoTimestamp('infinity')).toBe('infinity');
  });

  it('reads a watermark value as an instant; a naive time or a date is Asia/Kolkata', () => {
    const at = Date.UTC(2026, 10, 23, 4, 45, 0);
    expect(watermarkMillis('2026-11-23T10:15:00+05:30')).toBe(at);
    expect(watermarkMillis('2026-11-23T04:45:00Z')).toBe(at);
    expect(watermarkMillis('2026-11-23T04:45:00+00:00')).toBe(at);
    expect(watermarkMillis('2026-11-22T23:45:00-05:00')).toBe(at);
    expect(watermarkMillis('2026-11-23T10:15:00')).toBe(at);
    expect(watermarkMillis('2026-11-23 10:15:00.987654')).toBe(at + 987);
    expect(watermarkMillis('2026-11-23')).toBe(Date.UTC(2026, 10, 22, 18, 30, 0));
    expect(watermarkMillis('yesterday')).toBeNull();
    expect(watermarkMillis(null)).toBeNull();
  });

  it('writes an instant as Asia/Kolkata wall-clock text', () => {
    expect(kolkataWallClock(new Date(Date.UTC(2026, 10, 23, 20, 0, 0, 5)))).toBe('2026-11-24 01:30:00.005');
  });
});
