import { CUSTOMER_CHOICE_SCHEDULE, NOTE_MAX, type RecommendedPartner } from '@dossier/shared';
import { isMeetingDateAllowed, meetingDate, type MeetingChoice } from '../../lib/meeting-date';

/** Customer section: call status, choice (1 Call Back, 2 Not Interested in Advisors, 3 Schedule call). */
export interface CustomerFormState {
  connected: boolean;
  choice: 1 | 2 | 3;
  notes: string;
  meeting: MeetingChoice;
  picked: string | null;
  slotId: number | null;
  touched: boolean;
}

/** Partner section. `notConnected` is the Status field: true shows the reason for not connecting. */
export interface PartnerFormState {
  notConnected: boolean;
  reason: 1 | 2;
  choice: 1 | 2 | 3 | 4;
  slotId: number | null;
  notes: string;
  touched: boolean;
}

/** The new-advisor search of the customer section (choice 2). */
export interface AdvisorState {
  pincode: string;
  error: string | null;
  results: RecommendedPartner[] | null;
  chosen: string | null;
  touched: boolean;
}

export const INITIAL_CUSTOMER: CustomerFormState = {
  connected: false,
  choice: 1,
  notes: '',
  meeting: 0,
  picked: null,
  slotId: null,
  touched: false,
};
export const INITIAL_PARTNER: PartnerFormState = { notConnected: false, reason: 1, choice: 1, slotId: null, notes: '', touched: false };
/** The advisor search starts from the customer's pincode on the case, which the server searches around. */
export const initialAdvisor = (pin: string | null): AdvisorState => ({
  pincode: pin ?? '',
  error: null,
  results: null,
  chosen: null,
  touched: false,
});

export function customerValid(s: CustomerFormState, today: string): boolean {
  if (s.notes.length > NOTE_MAX) return false;
  return s.choice !== CUSTOMER_CHOICE_SCHEDULE || isMeetingDateAllowed(meetingDate(s.meeting, s.picked, today), today);
}

export function partnerValid(s: PartnerFormState): boolean {
  return s.notes.length <= NOTE_MAX;
}

export function advisorValid(s: AdvisorState): boolean {
  return s.chosen !== null;
}
