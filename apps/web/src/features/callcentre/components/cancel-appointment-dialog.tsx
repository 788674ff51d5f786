import type { AppointmentRow } from '@dossier/shared';
import { closeModal, modalIdFor, openModal } from '../../../components/modals/open-modal';
import { CancelAppointmentDialog } from './CancelAppointmentDialog';

/** One at a time: while it is open, further requests are ignored. */
let open = false;

/** Asks for the reason before a booked appointment is cancelled (My Booked Appointment). */
export function openCancelAppointmentDialog(appointment: AppointmentRow): void {
  if (open) return;
  open = true;
  const modalId = modalIdFor(`cancel-appointment-${appointment.appointment_id}`);
  openModal({
    modalId,
    title: 'Cancel appointment',
    size: 400,
    onClose: () => {
      open = false;
    },
    children: <CancelAppointmentDialog key={modalId} appointment={appointment} onClose={() => closeModal(modalId)} />,
  });
}
