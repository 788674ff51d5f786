export { openMessageDialog, closeMessageDialog, MESSAGE_DIALOG_WIDTH } from './dialog-store';
export type { MessageDialogRequest } from './dialog-store';
export { MessageDialogHost } from './MessageDialogHost';
export { resolveMessage } from './message-lines';
