import type { ReportFilterBody } from '@dossier/shared';
import { closeModal, modalIdFor, openModal, retitleModal } from '../../../components/modals/open-modal';
import { ScheduleDialog } from './ScheduleDialog';
import type { ViewState } from './SaveViewButton';
import { SaveViewDialog } from './SaveViewDialog';

/**
 * The report screens' dialogs, one at a time: while one is open, further requests are ignored. A refusal shows
 * inside the form (`FormActions`), so no message opens over a dialog and what was typed stays.
 */
let open = false;

const closed = () => {
  open = false;
};

/** 'Save view' for what the screen shows now; once saved the dialog is 'View saved' with the link. */
export function openSaveViewDialog(state: ViewState): void {
  if (open) return;
  open = true;
  const modalId = modalIdFor('save-view');
  openModal({
    modalId,
    title: 'Save view',
    size: 440,
    closeButtonProps: { 'aria-label': 'Close dialog' },
    onClose: closed,
    children: (
      <SaveViewDialog key={modalId} state={state} onSaved={() => retitleModal(modalId, 'View saved')} onClose={() => closeModal(modalId)} />
    ),
  });
}

/** 'Schedule…' (or 'Schedule dashboard…'): subscribes to the report with the filters it shows now. */
export function openScheduleDialog(request: { reportId: number; reportName: string; filters: ReportFilterBody }): void {
  if (open) return;
  open = true;
  const modalId = modalIdFor('schedule-report');
  openModal({
    modalId,
    title: `Schedule ${request.reportName}`,
    centered: true,
    onClose: closed,
    children: <ScheduleDialog key={modalId} reportId={request.reportId} filters={request.filters} onClose={() => closeModal(modalId)} />,
  });
}
