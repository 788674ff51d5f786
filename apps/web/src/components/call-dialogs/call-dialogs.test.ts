import { afterEach, describe, expect, it, vi } from 'vitest';

/** The modals manager reduced to what the openers use: the open modals' settings, closed by id. */
const opened = new Map<string, { onClose?: () => void; className?: string }>();
vi.mock('../modals/open-modal', () => ({
  openModal: (settings: { modalId: string; onClose?: () => void; className?: string }) => {
    opened.set(settings.modalId, settings);
  },
  closeModal: (id: string) => {
    const modal = opened.get(id);
    opened.delete(id);
    modal?.onClose?.();
  },
}));

const { openCallHistoryDialog, openConnectCallDialog } = await import('./call-dialogs');
const { closeModal } = await import('../modals/open-modal');

const record = { case_id: 1, customer_id: 2, partner_id: 3, partner_name: 'x', product_code: 10, status: 'open' as const, pin: '110001' };

afterEach(() => {
  for (const id of [...opened.keys()]) closeModal(id);
});

describe('call dialogs: one open at a time', () => {
  it('ignores a second dialog until the first is closed, and reports each close', () => {
    const closed = vi.fn();
    expect(openCallHistoryDialog(record, closed)).toBe(true);
    expect(openConnectCallDialog({ className: 'trm-dashboard', callDataInfo: record }, closed)).toBe(false);
    expect([...opened.keys()]).toEqual(['call-history-1']);
    closeModal('call-history-1');
    expect(closed).toHaveBeenCalledTimes(1);
    expect(openConnectCallDialog({ className: 'trm-dashboard', callDataInfo: record }, closed)).toBe(true);
    expect(opened.get('connect-call-1')?.className).toBe('trm-dashboard');
    closeModal('connect-call-1');
    expect(closed).toHaveBeenCalledTimes(2);
    expect(opened.size).toBe(0);
  });
});
