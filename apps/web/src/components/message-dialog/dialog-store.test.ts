import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeMessageDialog, getMessageDialog, openMessageDialog } from './dialog-store';

afterEach(() => {
  while (getMessageDialog()) closeMessageDialog();
});

describe('message dialog store: one at a time until closed', () => {
  it('keeps the first dialog and drops later ones', () => {
    expect(openMessageDialog({ title: 'Error', message: 'first' })).toBe(true);
    expect(openMessageDialog({ title: 'Error', message: 'second' })).toBe(false);
    expect(getMessageDialog()?.lines).toEqual([{ key: 'Error', value: 'first' }]);
    closeMessageDialog();
    expect(openMessageDialog({ title: 'Error', message: 'third' })).toBe(true);
    expect(getMessageDialog()?.lines).toEqual([{ key: 'Error', value: 'third' }]);
  });

  it('defaults to 350px and runs the close callback once', () => {
    const onClose = vi.fn();
    openMessageDialog({ title: 'Success', message: 'Saved', onClose });
    expect(getMessageDialog()?.width).toBe(350);
    closeMessageDialog();
    closeMessageDialog();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('navigates instead of opening for a message with an href', () => {
    const navigate = vi.fn();
    expect(openMessageDialog({ title: 'Info', message: { href: '/reports/2/' } }, navigate)).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/reports/2/');
    expect(getMessageDialog()).toBeNull();
  });
});
