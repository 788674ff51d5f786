import { describe, expect, it } from 'vitest';
import { byteBoundedCache } from './cache';

describe('report cache', () => {
  const cache = () => byteBoundedCache<{ v: string }>(10, (x) => x.v.length);
  const box = (v: string) => ({ v });

  it('keeps entries up to its byte budget, dropping the least recently used first', () => {
    const c = cache();
    c.set('a', box('aaaa'));
    c.set('b', box('bbbb'));
    expect(c.get('a')?.v).toBe('aaaa');
    c.set('c', box('cccc'));
    // a was read after b was written, so b goes.
    expect([c.get('a')?.v, c.get('b')?.v, c.get('c')?.v]).toEqual(['aaaa', undefined, 'cccc']);
    expect(c.calculatedSize).toBe(8);
  });

  it('never keeps a value larger than the whole budget, and replaces a key in place', () => {
    const c = cache();
    c.set('a', box('aaaa'));
    c.set('huge', box('x'.repeat(11)));
    expect([c.get('huge'), c.get('a')?.v]).toEqual([undefined, 'aaaa']);
    c.set('a', box('aaaaaa'));
    expect([c.size, c.calculatedSize]).toEqual([1, 6]);
    c.set('a', box('y'.repeat(11)));
    expect([c.get('a'), c.size, c.calculatedSize]).toEqual([undefined, 0, 0]);
    c.set('b', box('bb'));
    c.clear();
    expect([c.size, c.calculatedSize]).toEqual([0, 0]);
  });

  it('keeps nothing with a budget of 0 (REPORT_CACHE_MB=0)', () => {
    const c = byteBoundedCache<{ v: string }>(0, (x) => x.v.length);
    c.set('a', box('a'));
    expect([c.get('a'), c.size]).toEqual([undefined, 0]);
  });
});
