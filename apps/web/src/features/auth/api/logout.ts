import { useMutation } from '@tanstack/react-query';
import { LogoutResponse, SIGN_IN_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { clearSession } from '../../../lib/session';

export function postLogout(): Promise<LogoutResponse> {
  return apiRequest(SIGN_IN_PATHS.logout, LogoutResponse, { method: 'POST', body: {} });
}

/**
 * Sign-out (docs/product/shell.md): revoke the token, clear local storage, go to sign-in with `next`. The local
 * part happens even when the server is unreachable; a company session also ends at the provider's sign-out page.
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
