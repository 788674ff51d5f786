import { useMutation } from '@tanstack/react-query';
import { OkResponse, SESSION_PATHS, type PasswordResetBody } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';

export function usePasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetBody) => apiRequest(SESSION_PATHS.passwordReset, OkResponse, { method: 'POST', body, auth: false }),
    meta: { errorDialog: false },
  });
}
