import { describe, expect, it } from 'vitest';
import { withQuery } from './api';

describe('withQuery', () => {
  it('adds defined values only', () => {
    expect(withQuery('/api/x/', { a: 1, b: undefined, c: null, d: 'p q' })).toBe('/api/x/?a=1&d=p+q');
  });
  it('leaves the path alone without values', () => {
    expect(withQuery('/api/x/', {})).toBe('/api/x/');
    expect(withQuery('/api/x/', undefined)).toBe('/api/x/');
  });
});
