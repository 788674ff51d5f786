import { useMutation } from '@tanstack/react-query';
import { DialerInfoResponse, TEAM_PATHS } from '@dossier/shared';
import { apiRequest } from '../../../lib/api';

/** The audited mobile lookup: `{ mobile_number }`, `{}` when there is none, 403 outside the team. */
export function postDialerInfo(partnerCode: string): Promise<DialerInfoResponse> {
  return apiRequest(TEAM_PATHS.dialerInfo, DialerInfoResponse, { method: 'POST', body: { reportee: partnerCode, is_dialer: true } });
}

/** Refusals are shown by the screen with the spec's own message, not the generic error dialog. */
export function useDialerInfo() {
  return useMutation({ mutationFn: postDialerInfo, meta: { errorDialog: false } });
}
