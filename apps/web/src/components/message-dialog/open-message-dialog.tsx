import { closeModal, openModal } from '../modals/open-modal';
import { isMobileNow } from '../../lib/media';
import { MessageDialog } from './MessageDialog';
import { resolveMessage } from './message-lines';

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

const MODAL_ID = 'message-dialog';

/**
 * One message dialog at a time until it is closed (docs/product/shell.md, 'Message dialog'): while one is
 * open, further requests are dropped rather than stacked, so a burst of failing calls shows one error, not ten.
 */
let open = false;

/**
 * Opens the message dialog through the modals manager; false when dropped because another message is open. A
 * message carrying an href navigates instead (`navigate` is injectable for tests).
 */
export function openMessageDialog(
  request: MessageDialogRequest,
  navigate: (href: string) => void = (href) => window.location.assign(href),
): boolean {
  if (open) return false;
  const resolved = resolveMessage(request.message, request.defaultKey);
  if (resolved.kind === 'navigate') {
    navigate(resolved.href);
    return true;
  }
  open = true;
  openModal({
    modalId: MODAL_ID,
    title: request.title,
    size: isMobileNow() ? '95%' : (request.width ?? MESSAGE_DIALOG_WIDTH),
    centered: true,
    closeButtonProps: { 'aria-label': 'Close dialog' },
    styles: { title: { fontWeight: 600 } },
    // Every way out (Close, the X, Escape, the overlay) comes through here, once.
    onClose: () => {
      open = false;
      request.onClose?.();
    },
    children: <MessageDialog lines={resolved.lines} links={request.links} onClose={() => closeModal(MODAL_ID)} />,
  });
  return true;
}
