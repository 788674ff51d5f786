import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { modalsReady } from './open-modal';

/**
 * The one modals manager (`@mantine/modals`), mounted once in `app/providers.tsx` beside the app rather than
 * around it: dialogs are opened by events, and their content needs only the providers above it.
 */
export default function ModalsHost() {
  // Runs after the manager's own effects, so its listeners are in place when the waiting dialogs open.
  useEffect(modalsReady, []);
  return <ModalsProvider />;
}
