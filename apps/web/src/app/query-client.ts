import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { reportApiError } from './api-errors';

/** Client errors (4xx) will not change on retry; a dropped connection may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 && failureCount < 1;
  return false;
}

/**
 * Failed calls reach the user through the caches, so no screen has to remember to handle errors;
 * a call opts out with `meta: { errorDialog: false }` when it shows the error itself.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorDialog === false) return;
        reportApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (mutation.meta?.errorDialog === false) return;
        reportApiError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
