import { useQuery } from '@tanstack/react-query';
import { SIGN_IN_PATHS, SignInOptions } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';
import { authKeys } from './keys';

/** Whether the sign-in page shows the password form, the company sign-in button, or both. */
export function useSignInOptions() {
  return useQuery({
    queryKey: authKeys.signInOptions,
    queryFn: ({ signal }) => apiRequest(SIGN_IN_PATHS.options, SignInOptions, { signal, auth: false }),
    staleTime: Infinity,
    meta: { errorDialog: false },
  });
}

/** The server's start of a company sign-in; `next` comes back after it. */
export const oidcStartUrl = (next: string) => `${SIGN_IN_PATHS.oidcStart}?next=${encodeURIComponent(next)}`;
