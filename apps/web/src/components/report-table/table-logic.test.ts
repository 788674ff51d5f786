import { describe, expect, it } from 'vitest';
import { clampPage, compareValues, nextSort, pageCount, pageSlice, rangeText, searchRows, sortRows } from './table-logic';

const rows = [
  { id: 'RM10', v: 5 },
  { id: 'rm2', v: null },
  { id: 'TL1', v: 12 },
  { id: 'Asm', v: -1 },
];

describe('search (000 §5: trimmed, lower-cased)', () => {
  it('matches case-insensitively after trimming', () => {
    expect(searchRows(rows, '  RM ', (r) => r.id).map((r) => r.id)).toEqual(['RM10', 'rm2']);
    expect(searchRows(rows, 'tl1', (r) => r.id)).toHaveLength(1);
  });
  it('an empty or blank query keeps every row', () => {
    expect(searchRows(rows, '   ', (r) => r.id)).toHaveLength(4);
  });
});

describe('sorting', () => {
  it('sorts numbers by value and keeps blanks last in both directions', () => {
    const value = (r: (typeof rows)[number]) => r.v;
    expect(sortRows(rows, { key: 'v', dir: 'asc' }, value).map((r) => r.v)).toEqual([-1, 5, 12, null]);
    expect(sortRows(rows, { key: 'v', dir: 'desc' }, value).map((r) => r.v)).toEqual([12, 5, -1, null]);
  });
  it('sorts text naturally and case-insensitively', () => {
    expect(sortRows(rows, { key: 'id', dir: 'asc' }, (r) => r.id).map((r) => r.id)).toEqual(['Asm', 'rm2', 'RM10', 'TL1']);
    expect(compareValues('a', 'B')).toBeLessThan(0);
  });
  it('is stable and leaves the input alone', () => {
    const same = [
      { k: 1, n: 'a' },
      { k: 1, n: 'b' },
      { k: 0, n: 'c' },
    ];
    expect(sortRows(same, { key: 'k', dir: 'asc' }, (r) => r.k).map((r) => r.n)).toEqual(['c', 'a', 'b']);
    expect(same.map((r) => r.n)).toEqual(['a', 'b', 'c']);
    expect(sortRows(same, null, (r) => r.k)).toEqual(same);
  });
  it('cycles ascending, descending, unsorted; another column starts ascending', () => {
    const a = nextSort(null, 'x');
    expect(a).toEqual({ key: 'x', dir: 'asc' });
    const d = nextSort(a, 'x');
    expect(d).toEqual({ key: 'x', dir: 'desc' });
    expect(nextSort(d, 'x')).toBeNull();
    expect(nextSort(d, 'y')).toEqual({ key: 'y', dir: 'asc' });
  });
});

describe('paging (000 §9: pages from 1)', () => {
  const many = Array.from({ length: 57 }, (_, i) => i + 1);
  it('slices pages from 1 and clamps out-of-range pages', () => {
    expect(pageSlice(many, 1, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageSlice(many, 6, 10)).toEqual([51, 52, 53, 54, 55, 56, 57]);
    expect(pageSlice(many, 99, 10)).toEqual([51, 52, 53, 54, 55, 56, 57]);
    expect(pageSlice(many, 0, 50)).toHaveLength(50);
  });
  it('counts pages, at least one', () => {
    expect(pageCount(57, 10)).toBe(6);
    expect(pageCount(0, 10)).toBe(1);
    expect(clampPage(3, 0, 10)).toBe(1);
  });
  it('describes the visible range', () => {
    expect(rangeText(2, 10, 57)).toBe('Showing 11–20 of 57');
    expect(rangeText(1, 100, 57)).toBe('Showing 1–57 of 57');
    expect(rangeText(1, 10, 0)).toBe('No rows');
  });
});
