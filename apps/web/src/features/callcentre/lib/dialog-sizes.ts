import type { CSSProperties } from 'react';

/** Widths from configuration (spec 001 §2 "other modal widths come from configuration"). */
export const CALL_HISTORY_DIALOG_WIDTH = 640;
export const NARROW_WIDTH = '95%';

/**
 * The connect dialog: 50% wide and at least 50% high, min width 50%, max width 90vw, max height
 * 100vh, 5% from the top; on screens of 767px or less, 95% wide (spec 001 §2). Its height grows with
 * the form up to the screen rather than cutting it off.
 */
export function connectDialogContent(mobile: boolean): CSSProperties {
  return mobile
    ? { width: NARROW_WIDTH, minWidth: NARROW_WIDTH, maxWidth: '95vw', minHeight: '50vh', maxHeight: '100vh', flex: `0 0 ${NARROW_WIDTH}` }
    : { width: '50%', minWidth: '50%', maxWidth: '90vw', minHeight: '50vh', maxHeight: '100vh', flex: '0 0 50%' };
}
