import { describe, expect, it } from 'vitest';
import { initialCollapsed, serializeCollapsed } from './sidenav-state';

describe('initialCollapsed (docs/product/shell.md, Layout)', () => {
  it('starts collapsed at 480px or less whatever was stored', () => {
    expect(initialCollapsed(null, 375)).toBe(true);
    expect(initialCollapsed('false', 480)).toBe(true);
  });
  it('follows the stored choice on wider screens, open by default', () => {
    expect(initialCollapsed(null, 1280)).toBe(false);
    expect(initialCollapsed('true', 1280)).toBe(true);
    expect(initialCollapsed('false', 1280)).toBe(false);
    expect(initialCollapsed(serializeCollapsed(true), 800)).toBe(true);
  });
});
