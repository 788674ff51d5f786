import { z } from 'zod';
import { CUSTOMER_CHOICE_SCHEDULE, Note, type CaseStatus, type RecommendedPartner } from '@dossier/shared';
import { isMeetingDateAllowed, meetingDate, type MeetingChoice } from '../lib/meeting-date';

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

/** Everything the connect dialog holds: the form's values (`useForm` in `ConnectCallDialog`). */
// A type, not an interface: the form resolver takes values as a plain record.
export type ConnectValues = {
  status: CaseStatus;
  party: 1 | 2;
  customer: CustomerFormState;
  partner: PartnerFormState;
  advisor: AdvisorState;
  /** A new advisor was assigned in this dialog: the search is not offered again. */
  assigned: boolean;
  /** The call placed from this dialog, shown in the call section. */
  placedCallId: number | null;
};

export const initialConnectValues = (status: CaseStatus, pin: string | null, party: 1 | 2 = 1): ConnectValues => ({
  status,
  party,
  customer: INITIAL_CUSTOMER,
  partner: INITIAL_PARTNER,
  advisor: initialAdvisor(pin),
  assigned: false,
  placedCallId: null,
});

/**
 * The dialog's rules (docs/product/callcentre.md, 'Validation'): notes within the shared `Note` limit, a
 * scheduled meeting not before today, a chosen advisor. Each section is judged alone (`form.isValid('customer')`).
 */
export function connectSchema(today: string) {
  return z.object({
    customer: z
      .object({ notes: Note, choice: z.number(), meeting: z.number(), picked: z.string().nullable() })
      .refine(
        (c) =>
          c.choice !== CUSTOMER_CHOICE_SCHEDULE || isMeetingDateAllowed(meetingDate(c.meeting as MeetingChoice, c.picked, today), today),
        { message: 'The meeting date can not be before today', path: ['picked'] },
      ),
    partner: z.object({ notes: Note }),
    advisor: z.object({ chosen: z.string({ error: 'Choose an advisor' }) }),
  });
}
