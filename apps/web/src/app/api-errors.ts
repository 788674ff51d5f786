import { ApiError } from '../lib/api';
import { chooseErrorMessage } from '../lib/error-message';
import { clearSession } from '../lib/session';
import { MESSAGE_DIALOG_WIDTH, openMessageDialog } from '../components/message-dialog/open-message-dialog';

/**
 * The one reaction to a failed call: 401 drops the session (the route guard then sends the user to sign-in);
 * anything else opens the generic error dialog (docs/product/shell.md, 'Error dialog').
 */
export function reportApiError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    clearSession();
    return;
  }
  openMessageDialog({ title: 'Error', message: chooseErrorMessage(error), width: MESSAGE_DIALOG_WIDTH });
}
