export { openMessageDialog, MESSAGE_DIALOG_WIDTH } from './dialog-store';
export { MessageDialogHost } from './MessageDialogHost';
