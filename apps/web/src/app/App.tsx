import { BrowserRouter, useRoutes } from 'react-router';
import { Providers } from './providers';
import { routes } from './routes';

// Declarative routing: the screens fetch through TanStack Query, not route loaders, and the
// data-router half of react-router would add ~17 KB gzipped to the first download.
function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
