import { closeModal, openModal } from '../modals/open-modal';
import type { CallRecord } from '@dossier/shared';
import { isMobileNow } from '../../lib/media';
import { CALL_HISTORY_DIALOG_WIDTH, CONNECT_DIALOG_INNER, connectDialogContent, NARROW_WIDTH } from './lib/dialog-sizes';
import { CallHistoryDialog } from './CallHistoryDialog';
import { ConnectCallDialog, type ConnectDialogMemory } from './connect/ConnectCallDialog';

/**
 * The call dialogs (docs/product/callcentre.md, 'Dialogs'): type 1 call history, type 2 connect call. One at a
 * time: while one is open, further requests are ignored.
 */
let open = false;

const CLOSE_LABEL = { 'aria-label': 'Close' };

/** The calls made on a case. `onClosed` runs however the dialog is closed (the lists it may have changed reload). */
export function openCallHistoryDialog(record: CallRecord, onClosed: () => void): boolean {
  if (open) return false;
  open = true;
  const modalId = `call-history-${record.case_id}`;
  openModal({
    modalId,
    title: 'Meeting Details:',
    size: isMobileNow() ? NARROW_WIDTH : CALL_HISTORY_DIALOG_WIDTH,
    closeButtonProps: CLOSE_LABEL,
    onClose: () => {
      open = false;
      onClosed();
    },
    children: <CallHistoryDialog record={record} onClose={() => closeModal(modalId)} />,
  });
  return true;
}

/**
 * Place a bridged call and record its outcome; `className` is the opening screen's, set on the dialog; `party`
 * whom it starts on (the customer by default).
 */
export function openConnectCallDialog(
  request: { className: string; callDataInfo: CallRecord; party?: 1 | 2 },
  onClosed: () => void,
): boolean {
  if (open) return false;
  open = true;
  const modalId = `connect-call-${request.callDataInfo.case_id}`;
  // The modals manager shows one modal at a time: an error dialog takes this one's place and, when closed,
  // gives it back as a new mount. What the user entered lives here, so it is still there on return.
  let kept: Parameters<ConnectDialogMemory['keep']>[0] | undefined;
  const memory: ConnectDialogMemory = { values: () => kept, keep: (values) => (kept = values) };
  openModal({
    modalId,
    title: 'Meeting Details:',
    className: request.className,
    yOffset: '5vh',
    size: 'auto',
    closeButtonProps: CLOSE_LABEL,
    styles: { content: connectDialogContent(isMobileNow()), inner: CONNECT_DIALOG_INNER },
    onClose: () => {
      open = false;
      onClosed();
    },
    children: (
      <ConnectCallDialog
        callDataInfo={request.callDataInfo}
        party={request.party ?? 1}
        memory={memory}
        onClose={() => closeModal(modalId)}
      />
    ),
  });
  return true;
}
