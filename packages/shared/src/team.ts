import { z } from 'zod';
import { DayMonthYearDate, EntityCode, IsoDate, SearchText, SortOrder } from './primitives';

/**
 * Contracts of the team and partner management area (docs/product/team.md, docs/product/renewals.md). Field
 * names are the original product's; paths are ours (see TEAM_PATHS).
 */

export const TEAM_PATHS = {
  renewalsDue: '/api/v2/renewals_due/',
  mappedPartners: '/api/v2/mapped_partners/',
  reportingManagers: '/api/v2/reporting_managers/',
  dialerInfo: '/accounts/api/v1/reporting_check/',
  teamList: '/api/v2/team_list/',
  reporteeDetail: '/api/v2/reportee_detail/',
  acceptMemberList: '/api/v2/accept_member_list/',
  unmappedPartners: '/api/v2/unmapped_partners/',
  submitMapping: '/api/v2/submit_mapping/',
  cancelMapping: '/api/v2/cancel_mapping/',
  analytics: '/api/v2/analytics/',
} as const;

/** At most this many partners in one mapping request or one accept/reject decision. */
export const MAX_MAPPING_ITEMS = 500;
/** Longest date range the renewals, team list and analytics calls accept (two years). */
export const MAX_RANGE_DAYS = 731;
/** Mobile number reveals per user per minute (each one is audited). */
export const DIALER_LOOKUPS_PER_MINUTE = 20;
/** Most rows one list call returns; `limit`/`offset` page through more. */
export const MAX_LIST_ROWS = 10_000;

export const PRODUCT_LINES = ['motor', 'health', 'life'] as const;
export type ProductLine = (typeof PRODUCT_LINES)[number];

/** The lines each reporting type serves: hybrids serve several (docs/product/team.md, 'Mapping requests'). */
export const REPORTING_TYPE_LINES: Readonly<Record<number, readonly ProductLine[]>> = {
  2: ['motor'],
  8: ['health'],
  9: ['life'],
  20: ['motor', 'health', 'life'],
  21: ['motor', 'life'],
  22: ['motor', 'health'],
  23: ['health', 'life'],
};
/** Reporting type of a new mapping raised for a line, when the manager has no specialty that serves it. */
export const LINE_REPORTING_TYPE: Readonly<Record<ProductLine, number>> = { motor: 2, health: 8, life: 9 };

/** Mapping dashboard column groups (docs/product/team.md, 'Mapping Dashboard'): the header shows 'Online' over 8, 'Offline' over 2. */
export const ANALYTICS_MANAGER_COLUMN = 'Manager';
export const ANALYTICS_ONLINE_COLUMNS = [
  'Requests Raised',
  'Accepted',
  'Rejected',
  'Pending',
  'Cancelled',
  'Motor Mapped',
  'Health Mapped',
  'Life Mapped',
] as const;
export const ANALYTICS_OFFLINE_COLUMNS = ['Bulk Mapped', 'Total Offline'] as const;
/** What the Mapping Dashboard sorts by on the server (`sort`): the Manager column, then each count column in order. */
export const ANALYTICS_SORTS = [
  'manager',
  'raised',
  'accepted',
  'rejected',
  'pending',
  'cancelled',
  'motor',
  'health',
  'life',
  'bulk',
  'total_offline',
] as const;
export type AnalyticsSort = (typeof ANALYTICS_SORTS)[number];
/** The dashboard's columns in order, each with its `sort` value. */
export const ANALYTICS_COLUMNS: readonly { label: string; sort: AnalyticsSort }[] = [
  ANALYTICS_MANAGER_COLUMN,
  ...ANALYTICS_ONLINE_COLUMNS,
  ...ANALYTICS_OFFLINE_COLUMNS,
].map((label, i) => ({ label, sort: ANALYTICS_SORTS[i] ?? 'manager' }));

const ListPaging = {
  limit: z.coerce.number().int().min(1).max(MAX_LIST_ROWS).default(MAX_LIST_ROWS).describe('rows per page (server paging)'),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0).describe('rows to skip'),
};

// ---- Life Renewals Report ----

/** Columns the Life Renewals Report sorts by on the server (`sort`); the default is most dues first. */
export const RENEWALS_DUE_SORTS = ['code', 'nop', 'premium'] as const;

export const RenewalsDueQuery = z.object({
  start_date: IsoDate.optional().describe('yyyy-MM-dd; default first day of the current month'),
  end_date: IsoDate.optional().describe('yyyy-MM-dd; default last day of the current month'),
  search: SearchText.optional().describe('rows whose partner code contains it (case-insensitive)'),
  sort: z.enum(RENEWALS_DUE_SORTS).optional().describe('default nop, then premium, both descending'),
  order: SortOrder.optional().describe('default desc'),
  ...ListPaging,
});
export type RenewalsDueQuery = z.infer<typeof RenewalsDueQuery>;

export const RenewalDueRow = z.object({
  proposal__partner__code: z.string(),
  due_renewals_nop: z.number().int(),
  due_renewals_premium: z.number(),
});
export type RenewalDueRow = z.infer<typeof RenewalDueRow>;

// ---- Mapped Partners ----

/** Columns Mapped Partners sorts by on the server (`sort`): name, partner code, Life POS certification. */
export const MAPPED_PARTNERS_SORTS = ['name', 'code', 'li'] as const;

export const MappedPartnersQuery = z.object({
  as_on: DayMonthYearDate.optional().describe('dd/MM/yyyy; default today. The mapping in force at the end of that day'),
  return_type: z.enum(['pos_code', 'unique_code']).default('pos_code').describe('which code the `code` field carries'),
  search: SearchText.optional().describe('partners whose name, partner code or unique code contains it (case-insensitive)'),
  sort: z.enum(MAPPED_PARTNERS_SORTS).optional().describe('default name'),
  order: SortOrder.optional().describe('default asc'),
  ...ListPaging,
});
export type MappedPartnersQuery = z.infer<typeof MappedPartnersQuery>;

export const MappedPartner = z.object({
  name: z.string(),
  pos_code: z.string(),
  unique_code: z.string(),
  code: z.string(),
  li_pos_status: z.boolean(),
  gi_pos_status: z.boolean(),
  manager_name: z.string(),
  manager_code: z.string(),
  reporting_type: z.number().int(),
  mapped_since: z.string(),
});
export type MappedPartner = z.infer<typeof MappedPartner>;

export const ReportingManagersQuery = z.object({ user_id: EntityCode.describe("partner's unique_code") });
export const ReportingManager = z.object({
  name: z.string(),
  unique_code: z.string(),
  reporting_type: z.number().int(),
  reporting_name: z.string(),
  mapped_since: z.string(),
});
export type ReportingManager = z.infer<typeof ReportingManager>;

export const DialerInfoRequest = z.object({ reportee: EntityCode, is_dialer: z.literal(true) });
export type DialerInfoRequest = z.infer<typeof DialerInfoRequest>;
/** `{ mobile_number }`, or `{}` when there is no number to reveal. */
export const DialerInfoResponse = z.object({ mobile_number: z.string().optional() });
export type DialerInfoResponse = z.infer<typeof DialerInfoResponse>;

// ---- Manage Team / Reportee list ----

export const TeamListQuery = z.object({
  start_date: IsoDate.optional().describe('yyyy-MM-dd: requests raised on or after'),
  end_date: IsoDate.optional().describe('yyyy-MM-dd: requests raised on or before'),
  ...ListPaging,
});
export type TeamListQuery = z.infer<typeof TeamListQuery>;

/** One raised request the viewer may decide: the target manager and the request code. */
export const TeamRow = z.object({
  name: z.string().describe("'Manager Name (CODE)'"),
  unique_code: z.string(),
  request_raised: z.string(),
  product_line: z.string(),
  requested_by: z.string(),
  raised_on: z.string(),
  pending: z.number().int(),
});
export type TeamRow = z.infer<typeof TeamRow>;
/** An array normally; a `{ message }` answer is shown in a dialog (docs/product/team.md, 'Manage Team'). */
export const TeamListResponse = z.union([z.array(TeamRow), z.object({ message: z.string() })]);
export type TeamListResponse = z.infer<typeof TeamListResponse>;

export const ReporteeDetailQuery = z.object({
  unique_code: EntityCode.describe("the target manager's code"),
  request_raised: z
    .string()
    .trim()
    .max(40)
    .default('null')
    .describe("request code, or the text 'null' for every pending request to this manager"),
});
export type ReporteeDetailQuery = z.infer<typeof ReporteeDetailQuery>;

export const ReporteeRow = z.object({
  unique_code: z.string(),
  name: z.string(),
  pos_code: z.string(),
  pincode: z.string(),
  state: z.string(),
  li_pos_status: z.string(),
  gi_pos_status: z.string(),
  product_line: z.string(),
  request_raised: z.string(),
  requested_by: z.string(),
  raised_on: z.string(),
});
export type ReporteeRow = z.infer<typeof ReporteeRow>;

export const AcceptMemberListRequest = z.object({
  reportee: z
    .array(EntityCode)
    .min(1, { message: 'Select at least one reportee' })
    .max(MAX_MAPPING_ITEMS, { message: `At most ${MAX_MAPPING_ITEMS} reportees at a time` }),
  manager: EntityCode,
  is_accepted: z.boolean(),
  request_raised: z.string().trim().max(40).optional().describe("limit the decision to one request ('null' or absent: any)"),
});
export type AcceptMemberListRequest = z.infer<typeof AcceptMemberListRequest>;

export const DecisionResponse = z.object({
  message: z.string(),
  status: z.enum(['accepted', 'rejected']),
  decided: z.number().int(),
});
export type DecisionResponse = z.infer<typeof DecisionResponse>;

// ---- Requester view ----

export const UnmappedPartner = z.object({
  unique_code: z.string(),
  name: z.string(),
  pincode: z.string(),
  state: z.string(),
  li_pos_status: z.boolean(),
  /** Code of the pending request holding this partner, if any (it cannot be requested again). */
  pending_request: z.string().nullable(),
  pending_manager: z.string().nullable(),
  /** The viewer raised that request or is above its requester, so may withdraw it. */
  can_cancel: z.boolean(),
});
export type UnmappedPartner = z.infer<typeof UnmappedPartner>;

export const MappingManager = z.object({
  unique_code: z.string(),
  name: z.string(),
  designation: z.string(),
  product: z.string().describe('lines the manager serves, e.g. motor or motor, health'),
});
export type MappingManager = z.infer<typeof MappingManager>;

export const MappingLists = z.object({ partners: z.array(UnmappedPartner), managers: z.array(MappingManager) });
export type MappingLists = z.infer<typeof MappingLists>;

/** One pair of lists per product line where the designation splits them ('mapping-by-line'); otherwise one pair. */
export const UnmappedPartnersResponse = z.union([
  z.object({ designation: z.string(), motor: MappingLists, health: MappingLists, life: MappingLists }),
  z.object({ designation: z.string(), partners: z.array(UnmappedPartner), managers: z.array(MappingManager) }),
]);
export type UnmappedPartnersResponse = z.infer<typeof UnmappedPartnersResponse>;

export const SubmitMappingRequest = z.object({
  manager_code: EntityCode,
  partner_list: z
    .array(EntityCode)
    .min(1, { message: 'Select at least one partner' })
    .max(MAX_MAPPING_ITEMS, { message: `At most ${MAX_MAPPING_ITEMS} partners in one request` }),
  is_submit: z.literal(true),
  product: z.enum(PRODUCT_LINES).optional().describe('product line (the asm product radio); default the manager specialty'),
});
export type SubmitMappingRequest = z.infer<typeof SubmitMappingRequest>;

export const SubmitMappingResponse = z.object({ message: z.string(), request_raised: z.string(), partners: z.number().int() });
export type SubmitMappingResponse = z.infer<typeof SubmitMappingResponse>;

export const CancelMappingRequest = z.object({ partner_unique_code: EntityCode });
export type CancelMappingRequest = z.infer<typeof CancelMappingRequest>;
export const CancelMappingResponse = z.object({ message: z.string(), request_raised: z.string() });
export type CancelMappingResponse = z.infer<typeof CancelMappingResponse>;

// ---- Mapping analytics ----

export const AnalyticsQuery = z.object({
  start_date: DayMonthYearDate.optional().describe('dd/MM/yyyy; default 30 days before today'),
  end_date: DayMonthYearDate.optional().describe('dd/MM/yyyy; default today'),
  search: SearchText.optional().describe('managers whose name, code or designation contains it (case-insensitive)'),
  sort: z.enum(ANALYTICS_SORTS).optional().describe('default requests raised, then total offline, both descending, then name'),
  order: SortOrder.optional().describe('default desc, asc for manager'),
  ...ListPaging,
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/** Flat rows with dynamic columns; the Manager cell carries (escaped, sanitisable) HTML. */
export const AnalyticsRow = z.record(z.string(), z.union([z.string(), z.number()]));
export type AnalyticsRow = z.infer<typeof AnalyticsRow>;
