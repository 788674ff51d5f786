import { useMutation } from '@tanstack/react-query';
import { LoginResponse, type LoginRequest } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';

export const LOGIN_PATH = '/accounts/api/v1/login/';

export function postLogin(credentials: LoginRequest): Promise<LoginResponse> {
  return apiRequest(LOGIN_PATH, LoginResponse, { method: 'POST', body: credentials, auth: false });
}

/** The sign-in form shows the server's message itself (401, 429, 400), so no error dialog. */
export function useLogin() {
  return useMutation({ mutationFn: postLogin, meta: { errorDialog: false } });
}
