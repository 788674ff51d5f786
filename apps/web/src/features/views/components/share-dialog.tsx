import { closeModal, openModal } from '../../../components/modals/open-modal';
import type { SavedView } from '@dossier/shared';
import { ShareViewDialog } from './ShareViewDialog';

/** One share dialog at a time: while one is open, further requests are ignored. */
let open = false;

/** Opens the owner's share dialog for the view (docs/product/views.md, 'Sharing a view'). */
export function openShareViewDialog(view: Pick<SavedView, 'id' | 'name'>): void {
  if (open) return;
  open = true;
  const modalId = `share-view-${view.id}`;
  openModal({
    modalId,
    title: `Share ${view.name}`,
    size: 480,
    closeButtonProps: { 'aria-label': 'Close dialog' },
    onClose: () => {
      open = false;
    },
    children: <ShareViewDialog viewId={view.id} onClose={() => closeModal(modalId)} />,
  });
}
