import { describe, expect, it } from 'vitest';
import { isUsableToken } from './session-rules';

describe('isUsableToken (the logged-in rule)', () => {
  it('accepts a real token', () => expect(isUsableToken('abc123')).toBe(true));
  it.each([null, undefined, '', 'undefined', 'null'])('rejects %s', (token) => {
    expect(isUsableToken(token)).toBe(false);
  });
});
