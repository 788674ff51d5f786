import type { AdminUser, PersonDetail } from '@dossier/shared';
import { closeModal, modalIdFor, openModal } from '../../../components/modals/open-modal';
import { ConfirmDeactivation } from './ConfirmDeactivation';
import { PersonFormDialog } from './PersonFormDialog';
import { UserCreateDialog } from './UserCreateDialog';

/**
 * The administration's dialogs, one at a time: while one is open, further requests are ignored. A refusal shows
 * inside the form (`FormActions`), so no message opens over a dialog and what was typed stays.
 */
let open = false;

const CLOSE_LABEL = { 'aria-label': 'Close' };
const closed = (then?: () => void) => () => {
  open = false;
  then?.();
};

/** Asks before a user or an employee is deactivated; `onConfirm` runs on 'Deactivate'. */
export function openConfirmDeactivation(request: { kind: 'user' | 'employee'; who: string; onConfirm: () => void }): void {
  if (open) return;
  open = true;
  const modalId = modalIdFor('confirm-deactivation');
  openModal({
    modalId,
    title: request.kind === 'user' ? `Deactivate user ${request.who}?` : `Deactivate ${request.who}?`,
    closeButtonProps: CLOSE_LABEL,
    onClose: closed(),
    children: <ConfirmDeactivation key={modalId} kind={request.kind} onConfirm={request.onConfirm} onClose={() => closeModal(modalId)} />,
  });
}

/** 'Add user' for an employee; `onClosed` runs however it closes, after `onSaved` when it saved. */
export function openUserCreateDialog(employeeCode: string, handlers: { onSaved: (user: AdminUser) => void; onClosed: () => void }): void {
  if (open) return;
  open = true;
  const modalId = modalIdFor('user-create');
  openModal({
    modalId,
    title: 'Add user',
    closeButtonProps: CLOSE_LABEL,
    onClose: closed(handlers.onClosed),
    children: (
      <UserCreateDialog
        key={modalId}
        employeeCode={employeeCode}
        onClose={() => closeModal(modalId)}
        onSaved={(user) => {
          closeModal(modalId);
          handlers.onSaved(user);
        }}
      />
    ),
  });
}

/** 'Add employee', or editing one (`person`); the dialog closes once saved, then `onSaved` runs. */
export function openPersonFormDialog(person: PersonDetail['person'] | undefined, onSaved?: (detail: PersonDetail) => void): void {
  if (open) return;
  open = true;
  const modalId = modalIdFor('person-form');
  openModal({
    modalId,
    title: person ? `Edit ${person.name}` : 'Add employee',
    size: 'lg',
    closeButtonProps: CLOSE_LABEL,
    onClose: closed(),
    children: (
      <PersonFormDialog
        key={modalId}
        person={person}
        onClose={() => closeModal(modalId)}
        onSaved={(detail) => {
          closeModal(modalId);
          onSaved?.(detail);
        }}
      />
    ),
  });
}
