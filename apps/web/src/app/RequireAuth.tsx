import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from '../lib/next-path';
import { useLoggedIn } from '../lib/session';

/**
 * App routes need a session. Without one (never signed in, logout, a 401 anywhere, sign-out in
 * another tab) the user goes to /login?next=<this address> and comes back after signing in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  const { pathname, search } = useLocation();
  if (!loggedIn) return <Navigate to={loginPathFor(`${pathname}${search}`)} replace />;
  return children;
}
