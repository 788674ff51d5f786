import { closeModal, modalIdFor, openModal } from '../../../components/modals/open-modal';
import type { SavedView } from '@dossier/shared';
import { DeleteViewDialog } from './DeleteViewDialog';
import { EditViewDialog } from './EditViewDialog';
import { ShareViewDialog } from './ShareViewDialog';

/**
 * The dialogs of My views, one at a time: while one is open, further requests are ignored. A refusal shows
 * inside the dialog, so no message opens over it and what was typed stays.
 */
let open = false;

const CLOSE_LABEL = { 'aria-label': 'Close dialog' };
const closed = () => {
  open = false;
};

/** Opens the owner's share dialog for the view (docs/product/views.md, 'Sharing a view'). */
export function openShareViewDialog(view: Pick<SavedView, 'id' | 'name'>): void {
  if (open) return;
  open = true;
  const modalId = modalIdFor(`share-view-${view.id}`);
  openModal({
    modalId,
    title: `Share ${view.name}`,
    size: 480,
    closeButtonProps: CLOSE_LABEL,
    onClose: closed,
    children: <ShareViewDialog key={modalId} viewId={view.id} onClose={() => closeModal(modalId)} />,
  });
}

/** The view's name and description to edit (docs/product/views.md, 'My views'). */
export function openEditViewDialog(view: SavedView): void {
  if (open) return;
  open = true;
  const modalId = modalIdFor(`edit-view-${view.id}`);
  openModal({
    modalId,
    title: 'Edit view',
    size: 460,
    closeButtonProps: CLOSE_LABEL,
    onClose: closed,
    children: <EditViewDialog key={modalId} view={view} onClose={() => closeModal(modalId)} />,
  });
}

/** Asks before the view is deleted for everyone it reaches (docs/product/views.md, 'My views'). */
export function openDeleteViewDialog(view: Pick<SavedView, 'id' | 'name'>): void {
  if (open) return;
  open = true;
  const modalId = modalIdFor(`delete-view-${view.id}`);
  openModal({
    modalId,
    title: 'Delete view',
    size: 400,
    closeButtonProps: CLOSE_LABEL,
    onClose: closed,
    children: <DeleteViewDialog key={modalId} view={view} onClose={() => closeModal(modalId)} />,
  });
}
