import { useMutation } from '@tanstack/react-query';
import { DialerInfoResponse, MOBILE_MAX, TEAM_PATHS } from '@dossier/shared';
import { ApiError, apiRequest } from '../../lib/api';
import { chooseErrorMessage } from '../../lib/error-message';
import { MESSAGE_DIALOG_WIDTH, openMessageDialog } from '../message-dialog/open-message-dialog';

/**
 * The audited mobile number lookup (docs/product/renewals.md, 'Mobile number lookup'), shared by every screen with a phone
 * action (Mapped Partners' Contact, the report tables' partner rows).
 */
export const NOT_AUTHORIZED_MOBILE = 'You are not authorized to access this mobile number';

export function postDialerInfo(partnerCode: string): Promise<DialerInfoResponse> {
  return apiRequest(TEAM_PATHS.dialerInfo, DialerInfoResponse, { method: 'POST', body: { reportee: partnerCode, is_dialer: true } });
}

/** 'Mobile Number' in a 350px dialog, a tel: link on 767px or narrower; an empty answer is refused. */
export function showMobile(mobile: string | undefined, narrow = window.matchMedia(`(max-width: ${MOBILE_MAX}px)`).matches): void {
  if (!mobile) {
    openMessageDialog({ title: 'Error', message: NOT_AUTHORIZED_MOBILE, width: MESSAGE_DIALOG_WIDTH });
    return;
  }
  openMessageDialog({
    title: 'Success',
    message: mobile,
    defaultKey: 'Mobile Number',
    width: MESSAGE_DIALOG_WIDTH,
    links: narrow ? { 'Mobile Number': `tel:${mobile}` } : undefined,
  });
}

/** A refused lookup (outside the team, unknown partner) reads as the product's refusal text; other failures as they are. */
export function showMobileError(error: unknown): void {
  const refused = error instanceof ApiError && (error.status === 403 || error.status === 404);
  openMessageDialog({ title: 'Error', message: refused ? NOT_AUTHORIZED_MOBILE : chooseErrorMessage(error), width: MESSAGE_DIALOG_WIDTH });
}

/** Refusals get their own message (docs/product/shell.md, 'Messages'), so the generic error dialog stays out of it. */
export function useMobileLookup() {
  return useMutation({
    mutationFn: postDialerInfo,
    meta: { errorDialog: false },
    onSuccess: (res) => showMobile(res.mobile_number),
    onError: showMobileError,
  });
}
