import { REPORTING_TYPES, type ReportingManager } from '@dossier/shared';
import { MOBILE_MAX } from '@dossier/shared';
import { ApiError } from '../../../lib/api';
import { chooseErrorMessage } from '../../../lib/error-message';
import { openMessageDialog } from '../../../components/message-dialog';

export const NOT_AUTHORIZED_MOBILE = 'You are not authorized to access this mobile number';
export const REPORTING_NOT_FOUND = 'Reporting Not Found';
export const REPORTING_DIALOG_WIDTH = 500;

/** The configured reporting-type map (000 §2): only these entries are shown. */
const SHOWN_TYPES = new Set<number>(REPORTING_TYPES.map((t) => t.id));

/** Numbered 'name, reporting_name' lines, or 'Reporting Not Found' (000 §2, §8). */
export function showReporting(managers: readonly ReportingManager[]): void {
  const lines = managers.filter((m) => SHOWN_TYPES.has(m.reporting_type)).map((m) => `${m.name}, ${m.reporting_name}`);
  openMessageDialog({
    title: 'Reporting Managers',
    message: lines.length > 0 ? Object.fromEntries(lines.map((line, i) => [String(i + 1), line])) : REPORTING_NOT_FOUND,
    defaultKey: 'Reporting',
    width: REPORTING_DIALOG_WIDTH,
  });
}

/** Spec 000 §8: a number shows as 'Mobile Number' (a tel link on 767px or narrower); none → refused. */
export function showMobile(mobile: string | undefined): void {
  if (!mobile) {
    openMessageDialog({ title: 'Error', message: NOT_AUTHORIZED_MOBILE });
    return;
  }
  const narrow = window.matchMedia(`(max-width: ${MOBILE_MAX}px)`).matches;
  openMessageDialog({
    title: 'Success',
    message: mobile,
    defaultKey: 'Mobile Number',
    links: narrow ? { 'Mobile Number': `tel:${mobile}` } : undefined,
  });
}

/** A refused lookup (outside the team, unknown partner) reads as the spec's refusal; others as they are. */
export function showMobileError(error: unknown): void {
  if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
    openMessageDialog({ title: 'Error', message: NOT_AUTHORIZED_MOBILE });
    return;
  }
  openMessageDialog({ title: 'Error', message: chooseErrorMessage(error) });
}
