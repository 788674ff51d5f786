import { addDays } from '@dossier/shared';
import { describe, expect, it } from 'vitest';
import { isMeetingDateAllowed, meetingDate } from './meeting-date';
import { canSave, sectionsToSend, type SaveState } from './save-rules';

const idle = { touched: false, valid: true };
const base: SaveState = { statusToggled: false, customer: idle, partner: idle, newPartner: { touched: false, valid: false } };

describe('connect dialog rules', () => {
  it('schedules on the picked date, else today or tomorrow; never before today', () => {
    expect(meetingDate(0, null, '2026-12-31')).toBe('2026-12-31');
    expect(meetingDate(1, null, '2026-12-31')).toBe('2027-01-01');
    expect(meetingDate(3, '2027-02-01', '2026-12-31')).toBe('2027-02-01');
    expect(isMeetingDateAllowed('2026-12-30', '2026-12-31')).toBe(false);
    expect(isMeetingDateAllowed('2026-12-31', '2026-12-31')).toBe(true);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
  it('enables Save only for a toggled status or a touched, valid form, and sends only those', () => {
    expect(canSave(base)).toBe(false);
    expect(canSave({ ...base, customer: { touched: true, valid: false } })).toBe(false);
    expect(canSave({ ...base, customer: { touched: true, valid: true } })).toBe(true);
    expect(canSave({ ...base, partner: { touched: true, valid: true } })).toBe(true);
    expect(canSave({ ...base, statusToggled: true })).toBe(true);
    expect(
      sectionsToSend({
        ...base,
        statusToggled: true,
        customer: { touched: true, valid: true },
        newPartner: { touched: true, valid: true },
      }),
    ).toEqual(['customer', 'newPartner', 'status']);
    expect(sectionsToSend({ ...base, partner: { touched: true, valid: false } })).toEqual([]);
  });
});
