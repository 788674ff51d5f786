import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageLine } from './message-lines';

/** The modals manager reduced to what the opener uses: the open modal's settings, closed by id. */
const opened = new Map<string, { size?: unknown; onClose?: () => void; children?: unknown }>();
vi.mock('../modals/open-modal', () => ({
  openModal: (settings: { modalId: string; size?: unknown; onClose?: () => void; children?: unknown }) => {
    opened.set(settings.modalId, settings);
  },
  closeModal: (id: string) => {
    const modal = opened.get(id);
    opened.delete(id);
    modal?.onClose?.();
  },
}));

const { openMessageDialog } = await import('./open-message-dialog');

const current = () => [...opened.values()][0];
const linesShown = () => (current()?.children as ReactElement<{ lines: MessageLine[] }> | undefined)?.props.lines;
const closeCurrent = () => {
  const [id, modal] = [...opened.entries()][0] ?? [];
  if (!id || !modal) return;
  opened.delete(id);
  modal.onClose?.();
};

afterEach(() => {
  while (current()) closeCurrent();
});

describe('message dialog: one at a time until closed', () => {
  it('keeps the first dialog and drops later ones', () => {
    expect(openMessageDialog({ title: 'Error', message: 'first' })).toBe(true);
    expect(openMessageDialog({ title: 'Error', message: 'second' })).toBe(false);
    expect(linesShown()).toEqual([{ key: 'Error', value: 'first' }]);
    closeCurrent();
    expect(openMessageDialog({ title: 'Error', message: 'third' })).toBe(true);
    expect(linesShown()).toEqual([{ key: 'Error', value: 'third' }]);
  });

  it('defaults to 350px and runs the close callback once', () => {
    const onClose = vi.fn();
    openMessageDialog({ title: 'Success', message: 'Saved', onClose });
    expect(current()?.size).toBe(350);
    closeCurrent();
    closeCurrent();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('navigates instead of opening for a message with an href', () => {
    const navigate = vi.fn();
    expect(openMessageDialog({ title: 'Info', message: { href: '/reports/2/' } }, navigate)).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/reports/2/');
    expect(current()).toBeUndefined();
  });
});
