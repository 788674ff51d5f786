import type { CSSProperties } from 'react';

/** Widths from configuration (docs/product/callcentre.md, 'Connect-call dialog': other dialog widths are configuration). */
export const CALL_HISTORY_DIALOG_WIDTH = 640;
export const NARROW_WIDTH = '95%';

/**
 * The connect dialog's size (docs/product/callcentre.md, 'Connect-call dialog'): 50% wide, at least 50% high,
 * growing with the form up to the screen; 95% wide at 767px or less. Percentages are of the screen, not the modal.
 */
export function connectDialogContent(mobile: boolean): CSSProperties {
  return mobile
    ? { width: '95vw', minWidth: '95vw', maxWidth: '95vw', minHeight: '50vh', maxHeight: '100vh', flex: '0 0 95vw' }
    : { width: '50vw', minWidth: '50vw', maxWidth: '90vw', minHeight: '50vh', maxHeight: '100vh', flex: '0 0 50vw' };
}

/** The modal's centring box adds no side padding, so a 95vw dialog fits a phone's screen. */
export const CONNECT_DIALOG_INNER: CSSProperties = { paddingInline: 0 };
