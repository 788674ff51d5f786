import { useEffect, useState } from 'react';
import { HEADER_TOKEN_DELAY_MS } from '@dossier/shared';
import { readStoredUser, readToken } from '../../lib/session';

export interface HeaderSession {
  /** A usable token was read: the hand-off buttons may be used. */
  ready: boolean;
  code: string;
  name: string;
}

const NOT_READ: HeaderSession = { ready: false, code: '', name: '' };

/**
 * The header reads the session token and user code from local storage 500 ms after it starts
 * (docs/product/shell.md, 'Header': the original sign-in widget wrote them asynchronously). Until then hand-offs stay disabled.
 */
export function useHeaderSession(): HeaderSession {
  const [session, setSession] = useState<HeaderSession>(NOT_READ);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const user = readStoredUser();
      setSession({
        ready: readToken() !== null,
        code: user.code,
        name: [user.firstName, user.lastName].filter(Boolean).join(' '),
      });
    }, HEADER_TOKEN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return session;
}
