import { describe, expect, it } from 'vitest';
import { isAllSelected, restoreSelection, selectionLabel, selectionToFilter, toggleAll, toggleOne } from './select-logic';

const options = [
  { value: 'Acko', label: 'Acko' },
  { value: 'Digit', label: 'Digit' },
  { value: 'HDFC ERGO', label: 'HDFC ERGO' },
];
const labels = { placeholder: 'Select Insurer', all: 'All Insurers Selected' };

describe("multi-select 'All' rules", () => {
  it('ticking All selects every option, unticking clears all', () => {
    expect(toggleAll(options, true)).toEqual(['Acko', 'Digit', 'HDFC ERGO']);
    expect(toggleAll(options, false)).toEqual([]);
  });
  it('unticking one option clears the All state; ticking the last one restores it', () => {
    const all = toggleAll(options, true);
    const less = toggleOne(options, all, 'Digit', false);
    expect(less).toEqual(['Acko', 'HDFC ERGO']);
    expect(isAllSelected(options, less)).toBe(false);
    expect(isAllSelected(options, toggleOne(options, less, 'Digit', true))).toBe(true);
  });
  it('keeps the options’ order whatever the click order', () => {
    expect(toggleOne(options, ['HDFC ERGO'], 'Acko', true)).toEqual(['Acko', 'HDFC ERGO']);
  });
  it('labels: placeholder, names, count, and the All text when everything is selected', () => {
    expect(selectionLabel(options, [], labels)).toBe('Select Insurer');
    expect(selectionLabel(options, ['Digit'], labels)).toBe('Digit');
    expect(selectionLabel([...options, { value: 'X', label: 'X' }], ['Acko', 'Digit', 'X'], labels)).toBe('3 selected');
    expect(selectionLabel(options, ['Acko', 'Digit', 'HDFC ERGO'], labels)).toBe('All Insurers Selected');
    expect(selectionLabel([], [], labels)).toBe('Select Insurer');
  });
  it('restores a saved choice: empty means All, options no longer offered are dropped', () => {
    expect(restoreSelection(options, [])).toEqual(['Acko', 'Digit', 'HDFC ERGO']);
    expect(restoreSelection(options, ['Digit', 'Gone'])).toEqual(['Digit']);
  });
  it('saves and sends All (or nothing) as no restriction', () => {
    expect(selectionToFilter(options, ['Acko', 'Digit', 'HDFC ERGO'])).toEqual([]);
    expect(selectionToFilter(options, ['Digit'])).toEqual(['Digit']);
    expect(selectionToFilter(options, [])).toEqual([]);
  });
});
