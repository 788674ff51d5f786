import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { isLoggedIn, subscribeSession } from '../lib/session';
import { createQueryClient } from './query-client';

// The modals manager and Mantine's Modal load after the first screen, keeping them out of the initial bundle.
const ModalsHost = lazy(() => import('../components/modals/ModalsHost'));
import { cssVariablesResolver, theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  // Signing out (logout, a 401, another tab) must not leave one user's data cached for the next.
  // Deferred: the sign-out may happen inside a query's own error callback.
  useEffect(
    () =>
      subscribeSession(() => {
        if (!isLoggedIn()) setTimeout(() => queryClient.clear(), 0);
      }),
    [queryClient],
  );

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {children}
        {/* Inside the query client: a dialog's content (the call dialogs) reads and writes server state. */}
        <Suspense fallback={null}>
          <ModalsHost />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
