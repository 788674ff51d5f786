import { describe, expect, it } from 'vitest';
import { nextOpenMenu } from './header-menus';

describe('nextOpenMenu: insurance, meeting and paymaster menus exclude each other', () => {
  it('opening one replaces any other', () => {
    expect(nextOpenMenu(null, 'insurance', true)).toBe('insurance');
    expect(nextOpenMenu('insurance', 'meeting', true)).toBe('meeting');
  });
  it('closing the open one leaves none open', () => {
    expect(nextOpenMenu('meeting', 'meeting', false)).toBeNull();
  });
  it('a late close report from the previous menu does not close the new one', () => {
    const afterOpen = nextOpenMenu('insurance', 'paymaster', true);
    expect(nextOpenMenu(afterOpen, 'insurance', false)).toBe('paymaster');
  });
});
