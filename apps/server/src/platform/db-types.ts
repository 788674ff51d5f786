import type { ColumnType, Generated } from 'kysely';

/** Kysely table types, hand-written to mirror migrations/*.sql. numeric columns arrive as strings. */
type Numeric = ColumnType<string, string | number, string | number>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** date columns come back as 'yyyy-MM-dd' text (see db.ts): no time-zone shifts. */
type DateCol = string;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DefaultedDate = ColumnType<string, string | undefined, string>;

export interface ZonesTable {
  id: number;
  name: string;
}
export interface StatesTable {
  id: number;
  name: string;
  zone_id: number;
}
export interface InsurersTable {
  id: number;
  name: string;
}
export interface ProductsTable {
  product_type_id: number;
  name: string;
  line: string;
  product_type: string;
  weightage_factor: Numeric;
}
export interface BusinessTypesTable {
  id: number;
  name: string;
}
export interface ReportingTypesTable {
  id: number;
  name: string;
}

export interface EmployeesTable {
  id: Generated<number>;
  unique_code: string;
  name: string;
  email: string;
  phone: string;
  emp_role: string;
  designation: string;
  manager_id: number | null;
  zone_id: number | null;
  pincode: string | null;
  active: Defaulted<boolean>;
  created_at: DefaultedTimestamp;
}
export interface EmployeeClosureTable {
  ancestor_id: number;
  descendant_id: number;
  depth: number;
}

export interface UsersTable {
  id: Generated<number>;
  login: string;
  /** null: the user signs in only through the identity provider. */
  password_hash: string | null;
  employee_id: number;
  user_type: Defaulted<string>;
  tier: Defaulted<string>;
  registered_at: DefaultedDate;
  email_report_access: Defaulted<boolean>;
  download_report_access: Defaulted<boolean>;
  active: Defaulted<boolean>;
  created_at: DefaultedTimestamp;
  is_admin: Defaulted<boolean>;
}
export interface AuthTokensTable {
  token_hash: string;
  user_id: number;
  created_at: DefaultedTimestamp;
  last_used_at: DefaultedTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  id: Generated<string>;
  ip: string | null;
  user_agent: string | null;
  method: Defaulted<'password' | 'oidc'>;
  id_token: string | null;
}
export interface OidcLoginsTable {
  state_hash: string;
  nonce: string;
  code_verifier: string;
  next_path: Defaulted<string>;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  user_id: number | null;
  id_token: string | null;
  exchange_hash: string | null;
  exchanged_at: Timestamp | null;
}
export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_by: number | null;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
export interface HandoffTokensTable {
  token_hash: string;
  /** The session that minted it (null only for tokens from before this column). */
  session_token_hash: string | null;
  user_id: number;
  target: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface PartnersTable {
  id: Generated<number>;
  unique_code: string;
  pos_code: string;
  name: string;
  phone: string;
  email: string;
  pincode: string;
  state_id: number;
  li_pos_status: Defaulted<boolean>;
  gi_pos_status: Defaulted<boolean>;
  registered_at: DateCol;
  documents_at: DateCol | null;
  training_at: DateCol | null;
  exam_at: DateCol | null;
  certified_at: DateCol | null;
  first_sale_at: DateCol | null;
  created_at: DefaultedTimestamp;
}
export interface PartnerMappingsTable {
  id: Generated<string>;
  partner_id: number;
  manager_id: number;
  reporting_type: number;
  valid_from: Timestamp;
  valid_to: Timestamp | null;
  /** 004_team: the accepted request item that opened this mapping; null = offline mapping. */
  request_item_id: ColumnType<number | null, number | null | undefined, number | null>;
}
export interface MappingRequestsTable {
  id: Generated<number>;
  code: string;
  requested_by: number;
  manager_id: number;
  product_line: Defaulted<string>;
  created_at: DefaultedTimestamp;
}
export interface MappingRequestItemsTable {
  id: Generated<number>;
  request_id: number;
  partner_id: number;
  status: Defaulted<'pending' | 'accepted' | 'rejected' | 'cancelled'>;
  decided_by: number | null;
  decided_at: Timestamp | null;
}

export interface CustomersTable {
  id: Generated<string>;
  customer_code: string | null;
  name: string;
  phone: string;
  email: string;
  pincode: string;
}
export interface PoliciesTable {
  id: Generated<string>;
  proposal_no: string;
  policy_no: string | null;
  partner_id: number | null;
  employee_id: number;
  customer_id: string;
  product_type_id: number;
  insurer_id: number;
  state_id: number;
  business_type: number;
  channel: 'pos' | 'direct' | 'online';
  status: 'success' | 'pending' | 'cancelled';
  paid_amount: Numeric;
  weightage_premium: Numeric;
  loan_amount: Numeric | null;
  payment_id: string;
  issued_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  expiry_date: DateCol | null;
  previous_policy_no: string | null;
  premium_payment_term: number | null;
  premium_installment_type: string | null;
  next_due_date: DateCol | null;
  renewal_link: string | null;
  one_click_url: string | null;
}
export interface TargetsTable {
  employee_id: number;
  month: DateCol;
  premium: Numeric;
}
export interface ContestsTable {
  id: number;
  name: string;
  zone_ids: number[];
  starts_on: DateCol;
  ends_on: DateCol;
  target_wp: Numeric;
}
export interface AuditEventsTable {
  id: Generated<string>;
  actor_user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: DefaultedTimestamp;
}

export interface EtlJobsTable {
  name: string;
  status: Defaulted<string>;
  last_successful_run_at: Timestamp | null;
  last_transaction_created_at: Timestamp | null;
  last_transaction_updated_at: Timestamp | null;
  rows_processed: ColumnType<string, string | number | undefined, string | number>;
  last_error: string | null;
  updated_at: DefaultedTimestamp;
  rollups_changed_at: Timestamp | null;
  /** Source connector jobs: digest of the rows the last successful run read (null: none, or too many to keep). */
  source_digest: string | null;
}

export interface LoginFailuresTable {
  login: string;
  client: string;
  failures: number;
  last_failed_at: DefaultedTimestamp;
}

export interface RateLimitHitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

/** Call centre (migration 005). */
export interface LeadCategoriesTable {
  id: number;
  name: string;
  icon: string;
  sort_order: number;
}
export interface CasesTable {
  id: Generated<string | number>;
  customer_id: string | number;
  partner_id: number | null;
  trm_id: number | null;
  product_type_id: number;
  case_date: DateCol;
  pincode: string;
  status: Defaulted<'open' | 'closed'>;
  remark: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  case_code: string | null;
}
export interface LeadsTable {
  id: Generated<string | number>;
  case_id: string | number;
  category_id: number;
  lead_date: DateCol;
  created_at: DefaultedTimestamp;
}
export interface CallsTable {
  id: Generated<string | number>;
  sid: string;
  provider: string;
  case_id: string | number;
  direction: 'customer' | 'partner';
  placed_by: number;
  to_user_id: string | number;
  from_number: string;
  to_number: string;
  phone_number_sid: string | null;
  status: string;
  status_rank: number;
  date_created: Timestamp;
  date_updated: Timestamp;
  start_time: Timestamp | null;
  end_time: Timestamp | null;
  conversation_duration: Defaulted<number>;
  legs: ColumnType<unknown, string | undefined, string>;
  recording_url: string | null;
  last_checked_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}
export interface PartnerCallLogsTable {
  id: Generated<string | number>;
  case_id: string | number;
  partner_id: number;
  call_id: string | number | null;
  start_time: Timestamp;
  from_name: string;
  to_name: string;
  call_status: string;
  created_at: DefaultedTimestamp;
}
export interface SlotsTable {
  id: number;
  label: string;
  starts_at: string;
  ends_at: string;
  sort_order: number;
  active: Defaulted<boolean>;
}
export interface AppointmentsTable {
  id: Generated<string | number>;
  case_id: string | number | null;
  customer_id: string | number;
  partner_id: number;
  product_type_id: number;
  slot_id: number;
  appointment_date: DateCol;
  start_end_time: string;
  booked_by: number;
  status: Defaulted<'booked' | 'cancelled'>;
  cancel_reason: string | null;
  cancelled_by: number | null;
  cancelled_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}
export interface RemarksTable {
  id: Generated<string | number>;
  case_id: string | number;
  call_id: string | number | null;
  author_id: number;
  audience: 'customer' | 'partner';
  is_connected: boolean;
  choice: number | null;
  reason: number | null;
  label: string | null;
  notes: Defaulted<string>;
  created_at: DefaultedTimestamp;
}
export interface CaseReassignmentsTable {
  id: Generated<string | number>;
  case_id: string | number;
  from_partner_id: number | null;
  to_partner_id: number;
  assigned_by: number;
  pincode: string;
  created_at: DefaultedTimestamp;
}
export interface SigningKeysTable {
  name: string;
  secret: string;
  created_at: DefaultedTimestamp;
}

/** One attachment as stored in email_outbox.attachments. */
export interface StoredAttachment {
  filename: string;
  content_type: string;
  content_base64: string;
}
export interface EmailOutboxTable {
  id: Generated<string>;
  kind: string;
  to_addresses: string[];
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: ColumnType<StoredAttachment[], string | undefined, string>;
  status: Defaulted<'pending' | 'sending' | 'sent' | 'failed'>;
  attempts: Defaulted<number>;
  next_attempt_at: DefaultedTimestamp;
  last_error: string | null;
  created_by: number | null;
  created_at: DefaultedTimestamp;
  sent_at: Timestamp | null;
  message_id: string | null;
}

export interface FactDailyBusinessTable {
  day: string;
  employee_id: number;
  product_type_id: number;
  insurer_id: number;
  state_id: number;
  business_type: number;
  channel: string;
  status: string;
  payment_term: number;
  installment_type: string;
  nop: number;
  premium: Numeric;
  weightage_premium: Numeric;
  loan_amount: Numeric;
}
export interface FactPartnerMonthlyTable {
  month: string;
  partner_id: number;
  line: string;
  nop: number;
  premium: Numeric;
  weightage_premium: Numeric;
  last_issue_day: string;
}
export interface FactSubtreeMonthlyTable {
  month: string;
  ancestor_id: number;
  status: string;
  business_type: number;
  channel: string;
  line: string;
  nop: number;
  premium: Numeric;
  weightage_premium: Numeric;
  loan_amount: Numeric;
}
export interface EtlPolicyStateTable {
  policy_id: string;
  day: string;
  employee_id: number;
  partner_id: number | null;
  /** The policy's updated_at when it was folded (null: folded before versions were kept). */
  updated_at: Timestamp | null;
}
export interface EtlAffectedTable {
  day: string;
  employee_id: number;
  partner_id: number | null;
}

export interface ImportRunsTable {
  id: Generated<string>;
  entity: string;
  source: 'cli' | 'api' | 'connector';
  actor: string | null;
  started_at: DefaultedTimestamp;
  finished_at: Timestamp | null;
  dry_run: Defaulted<boolean>;
  partial: Defaulted<boolean>;
  applied: Defaulted<boolean>;
  received: Defaulted<number>;
  inserted: Defaulted<number>;
  updated: Defaulted<number>;
  unchanged: Defaulted<number>;
  rejected: Defaulted<number>;
  /** [{line, field, message}] as reported, at most the first 1000. */
  errors: ColumnType<unknown, string | undefined, string>;
}

export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  key_hash: string;
  created_at: DefaultedTimestamp;
  revoked_at: Timestamp | null;
  last_used_at: Timestamp | null;
}

/** 014_subscriptions.sql: scheduled report mails. */
export interface ReportSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  report_id: number;
  /** The report filter body (ReportFilterBody); read back as an object, written as JSON text. */
  filters: ColumnType<unknown, string, string>;
  frequency: 'daily' | 'weekly' | 'monthly';
  minute_of_day: number;
  weekdays_only: Defaulted<boolean>;
  weekday: number | null;
  day_of_month: number | null;
  paused: Defaulted<boolean>;
  paused_reason: string | null;
  next_run_at: Timestamp;
  claimed_until: Timestamp | null;
  last_run_at: Timestamp | null;
  last_result: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** 015_saved_views.sql: saved report views. */
export interface SavedViewsTable {
  id: Generated<string>;
  user_id: number;
  name: string;
  screen: 'reports' | 'dashboard';
  report_id: number;
  account_id: string | null;
  /** Dates and filter lists (SavedViewFilters in modules/views); read back as an object, written as JSON text. */
  filters: ColumnType<unknown, string, string>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface Database {
  import_runs: ImportRunsTable;
  api_keys: ApiKeysTable;
  fact_daily_business: FactDailyBusinessTable;
  fact_partner_monthly: FactPartnerMonthlyTable;
  fact_subtree_monthly: FactSubtreeMonthlyTable;
  etl_policy_state: EtlPolicyStateTable;
  etl_affected: EtlAffectedTable;
  rate_limit_hits: RateLimitHitsTable;
  login_failures: LoginFailuresTable;
  email_outbox: EmailOutboxTable;
  etl_jobs: EtlJobsTable;
  zones: ZonesTable;
  states: StatesTable;
  insurers: InsurersTable;
  products: ProductsTable;
  business_types: BusinessTypesTable;
  reporting_types: ReportingTypesTable;
  employees: EmployeesTable;
  employee_closure: EmployeeClosureTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  oidc_logins: OidcLoginsTable;
  password_resets: PasswordResetsTable;
  handoff_tokens: HandoffTokensTable;
  partners: PartnersTable;
  partner_mappings: PartnerMappingsTable;
  mapping_requests: MappingRequestsTable;
  mapping_request_items: MappingRequestItemsTable;
  customers: CustomersTable;
  policies: PoliciesTable;
  targets: TargetsTable;
  contests: ContestsTable;
  audit_events: AuditEventsTable;
  lead_categories: LeadCategoriesTable;
  cases: CasesTable;
  leads: LeadsTable;
  calls: CallsTable;
  partner_call_logs: PartnerCallLogsTable;
  slots: SlotsTable;
  appointments: AppointmentsTable;
  remarks: RemarksTable;
  case_reassignments: CaseReassignmentsTable;
  signing_keys: SigningKeysTable;
  report_subscriptions: ReportSubscriptionsTable;
  saved_views: SavedViewsTable;
}
