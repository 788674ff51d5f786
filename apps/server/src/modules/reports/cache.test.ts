import { describe, expect, it } from 'vitest';
import { LruCache } from './cache';

describe('report cache', () => {
  const cache = () => new LruCache<string>(10, (v) => v.length);

  it('keeps entries up to its byte budget, dropping the least recently used first', () => {
    const c = cache();
    c.set('a', 'aaaa');
    c.set('b', 'bbbb');
    expect(c.get('a')).toBe('aaaa');
    c.set('c', 'cccc');
    // a was read after b was written, so b goes.
    expect([c.get('a'), c.get('b'), c.get('c')]).toEqual(['aaaa', undefined, 'cccc']);
    expect(c.bytes).toBe(8);
  });

  it('never keeps a value larger than the whole budget, and replaces a key in place', () => {
    const c = cache();
    c.set('a', 'aaaa');
    c.set('huge', 'x'.repeat(11));
    expect([c.get('huge'), c.get('a')]).toEqual([undefined, 'aaaa']);
    c.set('a', 'aaaaaa');
    expect([c.size, c.bytes]).toEqual([1, 6]);
    c.clear();
    expect([c.size, c.bytes]).toEqual([0, 0]);
  });
});
