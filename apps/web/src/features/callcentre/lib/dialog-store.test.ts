import { describe, expect, it } from 'vitest';
import { closeCallDialog, getCallDialog, openCallDialog } from './dialog-store';

const record = { case_id: 1, customer_id: 2, partner_id: 3, partner_name: 'x', product_code: 10, status: 'open' as const, pin: '110001' };

describe('call dialog opener', () => {
  it('keeps one dialog open at a time', () => {
    expect(openCallDialog({ type: 1, record })).toBe(true);
    expect(openCallDialog({ type: 2, className: 'trm-dashboard', callDataInfo: record, trmDash: true })).toBe(false);
    expect(getCallDialog()?.type).toBe(1);
    closeCallDialog();
    expect(openCallDialog({ type: 2, className: 'trm-dashboard', callDataInfo: record, trmDash: true })).toBe(true);
    closeCallDialog();
    expect(getCallDialog()).toBeNull();
  });
});
