import { z } from 'zod';
import { BodyId, IsoDate, PathId, pathSegment } from './primitives';

/**
 * Call-centre contracts (docs/product/callcentre.md): the two listings, the call-history and connect-call dialogs,
 * scheduling and reassignment. Phone numbers never appear in any response shape here.
 */

export const NOTE_MAX = 260;
export const PINCODE_LENGTH = 6;
/** How long a result message stays in the connect dialog (docs/product/callcentre.md, 'Connect-call dialog'). */
export const MESSAGE_MS = 3000;
export const REMARK_MESSAGE_MS = 5000;
/** Call-history popup on the leads screen: left 30px under x 720, else x - 190 (docs/product/callcentre.md, 'Advisor Connect Leads'). */
export const POPUP_LEFT_SWITCH_X = 720;
export const POPUP_LEFT_NEAR = 30;
export const POPUP_LEFT_SHIFT = 190;
/** Where recordings and other communication-service paths live; recording_url is relative to it. */
export const COMMUNICATION_SERVICE_PATH = '/services/communication';
export const CALLCENTRE_API = `${COMMUNICATION_SERVICE_PATH}/api/v1`;
export const PARTNER_SERVICE_API = '/services/partner';

/**
 * The call centre's paths (the original product's). A path with a parameter is a function of it: the server
 * registers it with `':rmId'`/`':callId'`, the web app passes the encoded value.
 */
export const CALLCENTRE_PATHS = {
  partnerListing: (rmId: string) => `${CALLCENTRE_API}/partner-listing/${pathSegment(rmId)}/`,
  partnerListingByRm: (rmId: string) => `${CALLCENTRE_API}/partner-listing-by-rm/${pathSegment(rmId)}/`,
  trmCaseHistory: (rmId: string) => `${CALLCENTRE_API}/trm-case-history/${pathSegment(rmId)}/`,
  callDetails: `${CALLCENTRE_API}/trm-partner-customer-call-details/`,
  callToConnect: `${CALLCENTRE_API}/trm-call-to-connect/`,
  updateStatus: `${CALLCENTRE_API}/trm-update-status/`,
  updateRemarks: `${CALLCENTRE_API}/trm-update-remarks/`,
  assignNewPartner: `${CALLCENTRE_API}/trm-assign-new-partner/`,
  saveOutcome: `${CALLCENTRE_API}/trm-save-outcome/`,
  recommendedPartners: `${PARTNER_SERVICE_API}/trm/recommended_partners/`,
  slots: `${CALLCENTRE_API}/scheduler/slots/`,
  bookCustomerSlot: `${CALLCENTRE_API}/scheduler/book-customer-slot/`,
  myAppointments: `${CALLCENTRE_API}/scheduler/my-appointments/`,
  cancelAppointment: `${CALLCENTRE_API}/scheduler/cancel-appointment/`,
  myCases: `${CALLCENTRE_API}/scheduler/my-cases/`,
  recording: (callId: string) => `${CALLCENTRE_API}/recordings/${pathSegment(callId)}/`,
} as const;

/** Leads screen date choices (docs/product/callcentre.md, 'Advisor Connect Leads'). */
export const LEAD_DATE_CHOICE = { today: 0, tomorrow: 1, calendar: 2 } as const;
/** Connect dialog meeting-date cards; a picked date is index 3 (docs/product/callcentre.md, 'Connect-call dialog'). */
export const MEETING_DATE_CHOICE = { today: 0, tomorrow: 1, picked: 3 } as const;

export const CUSTOMER_CHOICES = [
  { value: 1, label: 'Call Back' },
  { value: 2, label: 'Not Interested in Advisors' },
  { value: 3, label: 'Schedule call' },
] as const;
export const CUSTOMER_CHOICE_NOT_INTERESTED = 2;
export const CUSTOMER_CHOICE_SCHEDULE = 3;

export const PARTNER_REASONS = [
  { value: 1, label: 'Reason 1' },
  { value: 2, label: 'Other' },
] as const;

/** Choice 4 (schedule) exists but no control reaches it (docs/product/callcentre.md, 'Connect-call dialog'). */
export const PARTNER_CHOICES = [
  { value: 1, label: 'Call Back' },
  { value: 2, label: 'IVR' },
  { value: 3, label: 'Partner Not interested in Lead' },
  { value: 4, label: 'Schedule call' },
] as const;
export const PARTNER_CHOICE_CALL_BACK = 1;

export const CALL_STATUS_OPTIONS = [
  { value: false, label: 'Not Connected' },
  { value: true, label: 'Connected' },
] as const;

/** Remarks a case starts with in the sales pipeline (docs/product/callcentre.md, 'Reference lists'). */
export const REMARK_OPTIONS = [
  'Follow-up',
  'Not interested',
  'Document Section',
  'Payment Pending',
  'Update Quote',
  'Payment Link Sent',
] as const;
export const CANCELLATION_REASONS = ['Customer not available', 'Customer not interested', 'Other'] as const;

export const TICKET_HEADERS = [
  'ID',
  'Ticket Status',
  'Partner',
  'Customer',
  'Date & Time',
  'Call Logs',
  'pin',
  'Remarks',
  'Action',
] as const;
export const LEAD_HEADERS = ['Partner Name', 'Username', 'Product', 'Customer Name', 'Date', 'Remark', 'Calls', 'Status'] as const;

export const CASE_STATUSES = ['open', 'closed'] as const;
export const CaseStatus = z.enum(CASE_STATUSES);
export type CaseStatus = z.infer<typeof CaseStatus>;

/** Provider call statuses (Exotel's vocabulary); no-answer, busy, failed and canceled show as missed. */
export const PROVIDER_CALL_STATUSES = ['queued', 'ringing', 'in-progress', 'completed', 'no-answer', 'busy', 'failed', 'canceled'] as const;
export const ProviderCallStatus = z.enum(PROVIDER_CALL_STATUSES);
export type ProviderCallStatus = z.infer<typeof ProviderCallStatus>;
export const ACTIVE_CALL_STATUSES: readonly ProviderCallStatus[] = ['queued', 'ringing', 'in-progress'];
export const MISSED_CALL_STATUSES: readonly ProviderCallStatus[] = ['no-answer', 'busy', 'failed', 'canceled'];

/** What a table badge and the dialog show: 'missed' is flagged red (docs/product/callcentre.md, 'Advisor Connect Leads'). */
export const CallStatusView = z.enum(['queued', 'ringing', 'in-progress', 'completed', 'missed']);
export type CallStatusView = z.infer<typeof CallStatusView>;

export function callStatusView(status: ProviderCallStatus): CallStatusView {
  return MISSED_CALL_STATUSES.includes(status) ? 'missed' : (status as CallStatusView);
}

// ---- shared field rules -------------------------------------------------------------------------

/** Query strings send '' for a cleared field: treat it as absent rather than as bad input. */
const blankAsAbsent = (v: unknown) => (v === '' ? undefined : v);
const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema.optional());
const page = z.preprocess(blankAsAbsent, z.coerce.number().int().min(1, 'must be 1 or more').max(100_000).default(1));

/** Employee codes (the rmId path segment, trm_id, partner_ams_id). */
export const EmployeeCode = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a valid code');
export const RmParams = z.object({ rmId: EmployeeCode });

/** The four pincode messages (docs/product/callcentre.md, 'Validation'), in the order a user meets them (first failure only). */
export const Pincode = z
  .string({ error: 'Pincode is Required!' })
  .trim()
  .min(1, { message: 'Pincode is Required!', abort: true })
  .min(PINCODE_LENGTH, { message: 'Pincode should be atleast 6 characters long!', abort: true })
  .max(PINCODE_LENGTH, { message: 'Pincode can not be more then 6 characters long!', abort: true })
  .regex(/^\d+$/, 'Pincode is Incorrect');

export const Note = z.string().max(NOTE_MAX, `Note can not be more than ${NOTE_MAX} characters long`);

export const Listing = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), total_pages: z.number().int(), current_page: z.number().int() });

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

// ---- advisor connect leads (rm-dashboard) ---------------------------------------------------------

export const LeadListingQuery = z.object({
  date: optionalQuery(IsoDate),
  /** A partner id from the 'Advisor Name' dropdown. */
  partner_id: optionalQuery(PathId),
  /** The chosen lead category's value (the original API's name for it); 0 or absent = all. */
  call_status: optionalQuery(z.coerce.number().int().min(0).max(32_767)),
  current_page: page,
});
export type LeadListingQuery = z.infer<typeof LeadListingQuery>;

/** The lead-category counts follow the listing's date filter (absent = every date). */
export const PartnerListByRmQuery = z.object({ date: optionalQuery(IsoDate) });
export type PartnerListByRmQuery = z.infer<typeof PartnerListByRmQuery>;

export const LeadRow = z.object({
  lead_id: z.number().int(),
  case_id: z.number().int(),
  category: z.number().int(),
  partner_id: z.number().int().nullable(),
  partner_name: z.string().nullable(),
  username: z.string().nullable(),
  product_code: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string().nullable(),
  date: z.string(),
  remark: z.string().nullable(),
  call_count: z.number().int(),
  last_call_status: CallStatusView.nullable(),
  status: CaseStatus,
});
export type LeadRow = z.infer<typeof LeadRow>;
export const LeadListing = Listing(LeadRow);
export type LeadListing = z.infer<typeof LeadListing>;

export const LeadCategory = z.object({
  value: z.number().int(),
  name: z.string(),
  icon: z.string(),
  'leads-no': z.number().int(),
});
export type LeadCategory = z.infer<typeof LeadCategory>;

export const PartnerListByRm = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string() })),
  leadsData: z.array(LeadCategory),
});
export type PartnerListByRm = z.infer<typeof PartnerListByRm>;

// ---- calls ----------------------------------------------------------------------------------------

/**
 * One bridged call as the provider's call details (CallSid … Legs) plus the display fields the dialogs use.
 * To and From are masked: the browser never receives a phone number.
 */
export const CallDetail = z.object({
  call_id: z.number().int(),
  CallSid: z.string(),
  DateCreated: z.string(),
  DateUpdated: z.string(),
  Status: ProviderCallStatus,
  To: z.string(),
  From: z.string(),
  PhoneNumberSid: z.string().nullable(),
  StartTime: z.string().nullable(),
  EndTime: z.string().nullable(),
  ConversationDuration: z.number().int(),
  Legs: z.array(z.object({ OnCallDuration: z.number().int(), Status: z.string() })),
  direction: z.enum(['customer', 'partner']),
  from_name: z.string(),
  to_name: z.string(),
  call_status: CallStatusView,
  start_time: z.string(),
  notes: z.array(z.string()),
  /** Relative to COMMUNICATION_SERVICE_PATH; a signed, expiring link. */
  recording_url: z.string().nullable(),
});
export type CallDetail = z.infer<typeof CallDetail>;

export const PartnerCallLog = z.object({
  start_time: z.string(),
  from_name: z.string(),
  to_name: z.string(),
  call_status: z.string(),
});
export type PartnerCallLog = z.infer<typeof PartnerCallLog>;

export const CaseRequest = z.object({ case_id: BodyId });

export const CallDetailsResponse = z.object({
  data: z.object({ case_id: z.number().int(), status: CaseStatus, call_details: z.array(CallDetail) }),
});
export type CallDetailsResponse = z.infer<typeof CallDetailsResponse>;

export const CallToConnectRequest = z.object({
  is_customer: z.boolean(),
  case_id: BodyId,
  /** The customer's id (is_customer) or the partner's id. */
  to_user_id: BodyId,
  /** The calling manager's code: must be the signed-in user. */
  trm_id: EmployeeCode,
});
export type CallToConnectRequest = z.infer<typeof CallToConnectRequest>;
export const CallToConnectResponse = z.object({ message: z.string(), call: CallDetail });
export type CallToConnectResponse = z.infer<typeof CallToConnectResponse>;

// ---- TRM dashboard ---------------------------------------------------------------------------------

export const TrmCaseQuery = z.object({
  date: optionalQuery(IsoDate),
  status: optionalQuery(CaseStatus),
  current_page: page,
});
export type TrmCaseQuery = z.infer<typeof TrmCaseQuery>;

export const TrmCaseRow = z.object({
  case_id: z.number().int().nullable(),
  status: CaseStatus,
  product_code: z.number().int(),
  customer_id: z.number().int(),
  partner_id: z.number().int().nullable(),
  partner_name: z.string().nullable(),
  partner_ei_code: z.string().nullable(),
  customer_name: z.string().nullable(),
  date: z.string(),
  /** When the customer raised the case, India time ('04:05 PM'); with `date`, the 'Date & Time' column. */
  time: z.string(),
  pin: z.string().nullable(),
  remark: z.string().nullable(),
  notes: z.array(z.string()),
  call_count: z.number().int(),
  last_call_status: CallStatusView.nullable(),
  call_details: z.array(CallDetail),
  partner_call_logs: z.array(PartnerCallLog),
});
export type TrmCaseRow = z.infer<typeof TrmCaseRow>;
export const TrmCaseListing = Listing(TrmCaseRow);
export type TrmCaseListing = z.infer<typeof TrmCaseListing>;

/** The call record the connect dialog opens with (docs/product/callcentre.md, 'Connect-call dialog'). */
export const CallRecord = z.object({
  case_id: z.number().int(),
  customer_id: z.number().int(),
  partner_id: z.number().int().nullable(),
  partner_name: z.string().nullable(),
  product_code: z.number().int(),
  status: CaseStatus,
  /** The customer's pincode on the case: advisors are searched around it. */
  pin: z.string().nullable(),
});
export type CallRecord = z.infer<typeof CallRecord>;

// ---- connect dialog outcomes ------------------------------------------------------------------------

export const UpdateStatusRequest = z.object({ case_id: BodyId, status: CaseStatus });
export const UpdateStatusResponse = z.object({ message: z.string(), status: CaseStatus });
export type UpdateStatusResponse = z.infer<typeof UpdateStatusResponse>;

export const UpdateRemarksRequest = z.object({
  case_id: BodyId,
  /** Customer choice 1-3, or partner choice 1-4; absent when a connected partner needs no choice. */
  remark: z.number().int().min(1).max(4).nullable().optional(),
  is_connected: z.boolean(),
  notes: Note.default(''),
  /** Partner flow only: why the partner was not connected. */
  reason: z.number().int().min(1).max(2).nullable().optional(),
  /** Which section the remark comes from; defaults to the customer unless a reason is given. */
  is_customer: z.boolean().optional(),
});
export type UpdateRemarksRequest = z.infer<typeof UpdateRemarksRequest>;

export const RecommendedPartnersRequest = z.object({
  pincode: Pincode,
  /** The manager's code (docs/product/callcentre.md, 'Calls'); must be the signed-in user or in their team. */
  partner_ams_id: EmployeeCode,
  /** The case being reassigned (required): advisors near its pincode, its current partner left out. */
  case_id: BodyId,
});
export type RecommendedPartnersRequest = z.infer<typeof RecommendedPartnersRequest>;
export const RecommendedPartner = z.object({
  name: z.string(),
  partner_ams_id: z.string(),
  pincode: z.string(),
  match: z.enum(['pincode', 'area', 'region']),
});
export type RecommendedPartner = z.infer<typeof RecommendedPartner>;
export const RecommendedPartnersResponse = z.object({ data: z.array(RecommendedPartner) });
export type RecommendedPartnersResponse = z.infer<typeof RecommendedPartnersResponse>;

export const AssignNewPartnerRequest = z.object({
  case_id: BodyId,
  new_partner_username: z.string().trim().min(1, 'Choose an advisor').max(40),
});
export const AssignNewPartnerResponse = z.object({
  message: z.string(),
  partner_name: z.string(),
  partner_ei_code: z.string(),
});
export type AssignNewPartnerResponse = z.infer<typeof AssignNewPartnerResponse>;

// ---- scheduling ----------------------------------------------------------------------------------

export const SlotsQuery = z.object({
  /** With both, each slot says whether it is still free for that advisor on that day. */
  partner_id: optionalQuery(PathId),
  date: optionalQuery(IsoDate),
});
export const Slot = z.object({ slot_id: z.number().int(), slot: z.string(), available: z.boolean() });
export type Slot = z.infer<typeof Slot>;
export const SlotsResponse = z.object({ data: z.array(Slot) });
export type SlotsResponse = z.infer<typeof SlotsResponse>;

export const BookSlotRequest = z.object({
  customer_id: BodyId,
  partner_id: BodyId,
  product_code: z.number().int().min(1).max(32_767),
  case_id: BodyId,
  slot_id: z.number().int().min(1).max(32_767),
  /** The selected slot's label, as shown. */
  start_end_time: z.string().trim().min(1).max(60),
  date: IsoDate,
});
export type BookSlotRequest = z.infer<typeof BookSlotRequest>;
export const BookSlotResponse = z.object({ message: z.string(), appointment_id: z.number().int() });
export type BookSlotResponse = z.infer<typeof BookSlotResponse>;

// ---- the connect dialog's Save, in one transaction -------------------------------------------------

/**
 * Everything the connect-call dialog saves at once (remark, meeting slot, advisor, ticket status), in that
 * order and under their own endpoints' rules; one part refused leaves nothing saved.
 */
export const SaveCaseOutcomeRequest = z.object({
  case_id: BodyId,
  remark: UpdateRemarksRequest.omit({ case_id: true }).optional(),
  slot: BookSlotRequest.omit({ case_id: true }).optional(),
  new_partner_username: AssignNewPartnerRequest.shape.new_partner_username.optional(),
  status: CaseStatus.optional(),
});
export type SaveCaseOutcomeRequest = z.infer<typeof SaveCaseOutcomeRequest>;
export const SaveCaseOutcomeResponse = z.object({
  /** The saved parts' messages joined as the dialog shows them (remark, booking, reassignment). */
  message: z.string(),
  remark: MessageResponse.optional(),
  appointment: BookSlotResponse.optional(),
  reassignment: AssignNewPartnerResponse.optional(),
  status: UpdateStatusResponse.optional(),
});
export type SaveCaseOutcomeResponse = z.infer<typeof SaveCaseOutcomeResponse>;

export const AppointmentsQuery = z.object({ status: optionalQuery(z.enum(['booked', 'cancelled'])), current_page: page });
export const AppointmentRow = z.object({
  appointment_id: z.number().int(),
  case_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  partner_name: z.string().nullable(),
  partner_ei_code: z.string().nullable(),
  product_code: z.number().int(),
  date: z.string(),
  slot: z.string(),
  status: z.enum(['booked', 'cancelled']),
  cancel_reason: z.string().nullable(),
});
export type AppointmentRow = z.infer<typeof AppointmentRow>;
export const AppointmentListing = Listing(AppointmentRow);
export type AppointmentListing = z.infer<typeof AppointmentListing>;

export const CancelAppointmentRequest = z.object({ appointment_id: BodyId, reason: z.enum(CANCELLATION_REASONS) });

/** Cases the viewer may book an appointment on (the Book an Appointment screen). */
export const BookableCasesQuery = z.object({
  search: optionalQuery(z.string().trim().max(80)),
  current_page: page,
});
export const BookableCase = z.object({
  case_id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string().nullable(),
  partner_id: z.number().int().nullable(),
  partner_name: z.string().nullable(),
  partner_ei_code: z.string().nullable(),
  product_code: z.number().int(),
  date: z.string(),
  status: CaseStatus,
});
export type BookableCase = z.infer<typeof BookableCase>;
export const BookableCaseListing = Listing(BookableCase);
export type BookableCaseListing = z.infer<typeof BookableCaseListing>;
