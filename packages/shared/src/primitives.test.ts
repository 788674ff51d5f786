import { describe, expect, it } from 'vitest';
import { ADMIN_PATHS } from './admin';
import { pathSegment } from './primitives';
import { VIEWS_PATHS } from './views';

describe('pathSegment', () => {
  it('encodes a value and keeps a route parameter', () => {
    expect(pathSegment('EMP 1/2?x')).toBe('EMP%201%2F2%3Fx');
    expect(pathSegment(42)).toBe('42');
    expect(pathSegment(':code')).toBe(':code');
  });

  it('gives the server its route and the web app the address of one value', () => {
    expect(ADMIN_PATHS.person(':code')).toBe('/api/admin/people/:code/');
    expect(ADMIN_PATHS.person('RM 01')).toBe('/api/admin/people/RM%2001/');
    expect(VIEWS_PATHS.rename('a/b')).toBe('/api/views/a%2Fb/rename/');
  });
});
