import { describe, expect, it } from 'vitest';
import { loginPathFor, sanitizeNext } from './next-path';

describe('sanitizeNext', () => {
  it('keeps same-origin relative paths with their query', () => {
    expect(sanitizeNext('/reports/11/?start_date=2026-11-01&end_date=2026-11-30')).toBe(
      '/reports/11/?start_date=2026-11-01&end_date=2026-11-30',
    );
    expect(sanitizeNext('/')).toBe('/');
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['absolute URL', 'https://evil.example/'],
    ['protocol-relative', '//evil.example/x'],
    ['backslash trick', '/\\evil.example'],
    ['javascript URL', 'javascript:alert(1)'],
    ['relative without slash', 'reports/1'],
    ['control character', '/\t/evil.example'],
    ['the sign-in page itself', '/login?next=%2F'],
  ])('falls back to / for %s', (_label, next) => {
    expect(sanitizeNext(next)).toBe('/');
  });
});

describe('loginPathFor', () => {
  it('encodes the current address as next', () => {
    expect(loginPathFor('/reports/3/?a=1&b=2')).toBe('/login?next=%2Freports%2F3%2F%3Fa%3D1%26b%3D2');
  });
  it('round-trips through URLSearchParams', () => {
    const path = loginPathFor('/mappedpartners?selected_date=01/11/2026');
    const next = new URLSearchParams(path.split('?')[1]).get('next');
    expect(sanitizeNext(next)).toBe('/mappedpartners?selected_date=01/11/2026');
  });
});
