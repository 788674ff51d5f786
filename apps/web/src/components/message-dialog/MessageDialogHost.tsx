import { lazy, Suspense } from 'react';
import { useMessageDialog } from './dialog-store';

// The modal code loads on the first dialog, keeping it out of the initial bundle.
const MessageDialog = lazy(() => import('./MessageDialog'));

/** Mounted once near the root; shows the single open dialog, if any. */
export function MessageDialogHost() {
  const dialog = useMessageDialog();
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <MessageDialog dialog={dialog} />
    </Suspense>
  );
}
