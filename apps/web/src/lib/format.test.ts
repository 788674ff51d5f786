import { describe, expect, it } from 'vitest';
import { formatDateTime12 } from './format';

describe('formatDateTime12 (ETL panel dates)', () => {
  it('shows yyyy-MM-dd and 12-hour India time', () => {
    expect(formatDateTime12('2026-11-21T09:35:00Z')).toBe('2026-11-21 03:05 PM');
  });
  it('handles midnight and noon', () => {
    expect(formatDateTime12('2026-11-20T18:30:00Z')).toBe('2026-11-21 12:00 AM');
    expect(formatDateTime12('2026-11-21T06:30:00Z')).toBe('2026-11-21 12:00 PM');
  });
  it("shows '-' when missing or unreadable", () => {
    expect(formatDateTime12(null)).toBe('-');
    expect(formatDateTime12(undefined)).toBe('-');
    expect(formatDateTime12('not a date')).toBe('-');
  });
});
