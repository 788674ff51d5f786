import { useQueryClient } from '@tanstack/react-query';
import { callCentreKeys } from '../api/keys';
import { closeCallDialog, useCallDialog } from '../lib/dialog-store';
import { CallHistoryDialog } from './CallHistoryDialog';
import { ConnectCallDialog } from './connect/ConnectCallDialog';

/** Renders the one open call dialog; closing it refreshes the lists it may have changed. */
export function CallDialogHost() {
  const dialog = useCallDialog();
  const qc = useQueryClient();
  if (!dialog) return null;
  const close = () => {
    closeCallDialog();
    void qc.invalidateQueries({ queryKey: callCentreKeys.all });
  };
  if (dialog.type === 1) return <CallHistoryDialog record={dialog.record} onClose={close} />;
  return <ConnectCallDialog className={dialog.className} callDataInfo={dialog.callDataInfo} trmDash={dialog.trmDash} onClose={close} />;
}
