import { useMutation } from '@tanstack/react-query';
import { OkResponse } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { clearSession } from '../../../lib/session';

export const LOGOUT_PATH = '/accounts/api/v1/logout/';

export function postLogout(): Promise<{ ok: true }> {
  return apiRequest(LOGOUT_PATH, OkResponse, { method: 'POST', body: {} });
}

/**
 * Spec 001 §8: revoke the token, clear local storage, go to sign-in with the current address as
 * `next` (the route guard does the redirect once the token is gone). The local sign-out happens
 * even when the server cannot be reached, so no error dialog: the user asked to leave.
 */
export function useLogout() {
  return useMutation({
    mutationFn: postLogout,
    meta: { errorDialog: false },
    onSettled: () => clearSession(),
  });
}
