import type { Subscription } from '@dossier/shared';
import { closeModal, modalIdFor, openModal } from '../../../components/modals/open-modal';
import { EditScheduleDialog } from './EditScheduleDialog';

/** One at a time: while it is open, further requests are ignored. */
let open = false;

/** 'Edit' on My subscriptions: the subscription's schedule to change. */
export function openEditScheduleDialog(subscription: Subscription): void {
  if (open) return;
  open = true;
  const modalId = modalIdFor(`edit-subscription-${subscription.id}`);
  openModal({
    modalId,
    title: `Edit ${subscription.report_name}`,
    centered: true,
    onClose: () => {
      open = false;
    },
    children: <EditScheduleDialog key={modalId} subscription={subscription} onClose={() => closeModal(modalId)} />,
  });
}
