import { describe, expect, it } from 'vitest';
import { compareValues, normaliseSearch, rowMatches } from './search';

describe('DataTable search and sort rules', () => {
  it('trims and lower-cases the query', () => {
    expect(normaliseSearch('  EI000123 ')).toBe('ei000123');
  });
  it('matches any searchable text, case-insensitively; an empty query matches all', () => {
    expect(rowMatches(['Asha Verma', 'EI000001'], 'verma')).toBe(true);
    expect(rowMatches(['Asha Verma', 'EI000001'], 'ei000001')).toBe(true);
    expect(rowMatches(['Asha Verma'], 'kumar')).toBe(false);
    expect(rowMatches([], '')).toBe(true);
  });
  it('compares numbers as numbers, text naturally, and puts empty values last', () => {
    expect([10, 9, 100].sort(compareValues)).toEqual([9, 10, 100]);
    expect(['EI10', 'EI9', 'ei100'].sort(compareValues)).toEqual(['EI9', 'EI10', 'ei100']);
    expect(['b', null, 'a', ''].sort(compareValues)).toEqual(['a', 'b', null, '']);
  });
});
