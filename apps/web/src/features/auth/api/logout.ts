import { useMutation } from '@tanstack/react-query';
import { LogoutResponse, SIGN_IN_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { clearSession } from '../../../lib/session';

export function postLogout(): Promise<LogoutResponse> {
  return apiRequest(SIGN_IN_PATHS.logout, LogoutResponse, { method: 'POST', body: {} });
}

/**
 * docs/product/shell.md, 'Sign-out': revoke the token, clear local storage, go to sign-in with the current address as
 * `next` (the route guard does the redirect once the token is gone). The local sign-out happens
 * even when the server cannot be reached, so no error dialog: the user asked to leave. A session
 * that began at the company's identity provider ends there too (the provider's sign-out page).
 */
export function useLogout() {
  return useMutation({
    mutationFn: postLogout,
    meta: { errorDialog: false },
    onSuccess: (response) => {
      if (response.logout_url) window.location.assign(response.logout_url);
    },
    onSettled: () => clearSession(),
  });
}
