import { useSyncExternalStore } from 'react';
import { resolveMessage, type MessageLine } from './message-lines';

/** Dialog widths: 350px for messages and errors, 500px for the reporting list (docs/product/shell.md, 'Constants'). */
export const MESSAGE_DIALOG_WIDTH = 350;

export interface MessageDialogRequest {
  title: string;
  /** Any message: text, an object (flattened into lines), an array (first element), or `{ href }`. */
  message: unknown;
  /** Key of a plain-text message's line; 'Error' unless told. */
  defaultKey?: string;
  width?: number;
  /** Runs when the user closes the dialog (e.g. reload a list after a mapping was saved). */
  onClose?: () => void;
  /** Line key → address: that line's value shows as a link (e.g. a tel: link for a mobile number). */
  links?: Record<string, string>;
}

export interface OpenMessageDialog {
  title: string;
  lines: MessageLine[];
  width: number;
  onClose?: () => void;
  links?: Record<string, string>;
}

/**
 * One dialog at a time until it is closed (docs/product/shell.md, 'Message dialog'): while one is open, further
 * requests are dropped rather than stacked, so a burst of failing calls shows one error, not ten.
 */
let current: OpenMessageDialog | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Returns false when the request was dropped because another dialog is open. A message carrying an
 * href navigates instead of opening (`navigate` is injectable for tests).
 */
export function openMessageDialog(
  request: MessageDialogRequest,
  navigate: (href: string) => void = (href) => window.location.assign(href),
): boolean {
  if (current) return false;
  const resolved = resolveMessage(request.message, request.defaultKey);
  if (resolved.kind === 'navigate') {
    navigate(resolved.href);
    return true;
  }
  current = {
    title: request.title,
    lines: resolved.lines,
    width: request.width ?? MESSAGE_DIALOG_WIDTH,
    onClose: request.onClose,
    links: request.links,
  };
  emit();
  return true;
}

export function closeMessageDialog(): void {
  const closing = current;
  if (!closing) return;
  current = null;
  emit();
  closing.onClose?.();
}

export function getMessageDialog(): OpenMessageDialog | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMessageDialog(): OpenMessageDialog | null {
  return useSyncExternalStore(subscribe, getMessageDialog, () => null);
}
