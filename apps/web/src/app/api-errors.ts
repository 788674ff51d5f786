import { ApiError } from '../lib/api';
import { chooseErrorMessage } from '../lib/error-message';
import { clearSession } from '../lib/session';
import { MESSAGE_DIALOG_WIDTH, openMessageDialog } from '../components/message-dialog/open-message-dialog';

/**
 * The one reaction to a failed call. 401 means the token is missing, expired or revoked: drop the
 * session, and the route guard sends the user to /login?next=<here>. Anything else opens the
 * generic error dialog (docs/product/shell.md, 'Error dialog': title 'Error', 350px, one at a time).
 */
export function reportApiError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    clearSession();
    return;
  }
  openMessageDialog({ title: 'Error', message: chooseErrorMessage(error), width: MESSAGE_DIALOG_WIDTH });
}
