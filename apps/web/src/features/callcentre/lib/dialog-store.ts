import { useSyncExternalStore } from 'react';
import type { CallRecord } from '@dossier/shared';

/**
 * The shared modal opener (docs/product/callcentre.md, 'Dialogs'): type 1 = call history detail, type 2 = connect call.
 * One dialog at a time: while one is open, further requests are ignored.
 */
export type CallDialogRequest =
  { type: 1; record: CallRecord } | { type: 2; className: string; callDataInfo: CallRecord; trmDash: boolean };

let current: CallDialogRequest | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function openCallDialog(request: CallDialogRequest): boolean {
  if (current) return false;
  current = request;
  emit();
  return true;
}

export function closeCallDialog(): void {
  if (!current) return;
  current = null;
  emit();
}

export function getCallDialog(): CallDialogRequest | null {
  return current;
}

export function useCallDialog(): CallDialogRequest | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getCallDialog,
    () => null,
  );
}
