import { useMutation } from '@tanstack/react-query';
import { AUTH_PATHS, type LoginRequest, LoginResponse } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';

export function postLogin(credentials: LoginRequest): Promise<LoginResponse> {
  return apiRequest(AUTH_PATHS.login, LoginResponse, { method: 'POST', body: credentials, auth: false });
}

/** The sign-in form shows the server's message itself (401, 429, 400), so no error dialog. */
export function useLogin() {
  return useMutation({ mutationFn: postLogin, meta: { errorDialog: false } });
}
