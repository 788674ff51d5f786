import { describe, expect, it } from 'vitest';
import { chooseQuick, dateParam, INITIAL_DATE_FILTER, pickDate } from './date-filter';
import { popupLeft, popupTop } from './popup-position';

describe('leads date filter', () => {
  it('starts on today; tomorrow and the calendar give their dates', () => {
    expect(dateParam(INITIAL_DATE_FILTER, '2026-02-28')).toBe('2026-02-28');
    expect(dateParam(chooseQuick(INITIAL_DATE_FILTER, 1), '2026-02-28')).toBe('2026-03-01');
    expect(dateParam(pickDate(INITIAL_DATE_FILTER, '2026-05-01'), '2026-02-28')).toBe('2026-05-01');
  });
  it('re-clicking the selected quick filter does nothing; a quick filter resets the calendar', () => {
    expect(chooseQuick(INITIAL_DATE_FILTER, 0)).toBe(INITIAL_DATE_FILTER);
    const picked = pickDate(INITIAL_DATE_FILTER, '2026-05-01');
    expect(picked).toEqual({ choice: 2, picked: '2026-05-01' });
    expect(chooseQuick(picked, 0)).toEqual({ choice: 0, picked: null });
  });
});

describe('call-history popup', () => {
  it('places the call-history popup by the offset rule', () => {
    expect(popupLeft(0)).toBe(30);
    expect(popupLeft(719)).toBe(30);
    expect(popupLeft(720)).toBe(530);
    expect(popupLeft(1000)).toBe(810);
  });
  it('keeps the popup inside the window: moved left only as far as needed, never past the left edge', () => {
    // 1280px window, 420px popup: x - 190 fits up to x = 1034 (ends 16px from the edge).
    expect(popupLeft(1000, 420, 1280)).toBe(810);
    expect(popupLeft(1034, 420, 1280)).toBe(844);
    expect(popupLeft(1147, 420, 1280)).toBe(844);
    expect(popupLeft(1270, 420, 1280)).toBe(844);
    expect(popupLeft(100, 420, 1280)).toBe(30);
    expect(popupLeft(760, 420, 400)).toBe(0);
  });
  it('keeps the popup inside the window from top to bottom: under the click, else moved up just enough', () => {
    // 800px window scrolled by 0, 300px popup: under a click at y 200 it starts at 214.
    expect(popupTop(200, 300, 0, 800)).toBe(214);
    // A click at y 740 would end at 1,054: it ends 8px above the bottom instead (800 − 300 − 8).
    expect(popupTop(740, 300, 0, 800)).toBe(492);
    // Scrolled by 1,000: the same, in page coordinates.
    expect(popupTop(1740, 300, 1000, 800)).toBe(1492);
    // Taller than the window: its top stays 8px under the window's top.
    expect(popupTop(740, 900, 0, 800)).toBe(8);
  });
});
