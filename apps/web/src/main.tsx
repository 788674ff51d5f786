import '@mantine/core/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from './app/App';
import type { RouteHandle } from './app/lazy-screen';
import { routes } from './app/routes';
import { isLoggedIn } from './lib/session';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Fetches the opened address's screens before the first render, so it shows them at once instead of suspending
 * (see lazyScreen). Without a session the address redirects to sign-in, already in the first download.
 */
function preloadScreens(): Promise<unknown> {
  if (!isLoggedIn()) return Promise.resolve();
  const matches = matchRoutes(routes, window.location) ?? [];
  const preloads = matches.flatMap((m) => (m.route.handle as RouteHandle | undefined)?.preload ?? []);
  return Promise.allSettled(preloads.map((preload) => preload()));
}

void preloadScreens().then(() => {
  // As a transition the first render is done in slices of a few milliseconds instead of one long task
  // that keeps the page from answering input (Lighthouse: total blocking time, worst on slow phones).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
