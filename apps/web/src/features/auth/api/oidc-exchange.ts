import { useMutation } from '@tanstack/react-query';
import { OidcExchangeResponse, SIGN_IN_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';

/** The one-time code from the company sign-in becomes a session (once). */
export function useOidcExchange() {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(SIGN_IN_PATHS.oidcExchange, OidcExchangeResponse, { method: 'POST', body: { code }, auth: false }),
    meta: { errorDialog: false },
  });
}
