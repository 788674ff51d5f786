import { z } from 'zod';
import { DESIGNATIONS, EMP_ROLES } from './constants';
import { ImportEntity, ImportSource } from './imports';
import { IsoDate, pathSegment } from './primitives';

/**
 * Contracts of the administration area (/admin, admins only) and of the signed-in user's own
 * sessions. Behaviour: docs/product/administration.md.
 */

export const ADMIN_PATHS = {
  options: '/api/admin/options/',
  people: '/api/admin/people/',
  person: (code: string) => `/api/admin/people/${pathSegment(code)}/`,
  personDeactivate: (code: string) => `/api/admin/people/${pathSegment(code)}/deactivate/`,
  personActivate: (code: string) => `/api/admin/people/${pathSegment(code)}/activate/`,
  users: '/api/admin/users/',
  user: (id: number | string) => `/api/admin/users/${pathSegment(id)}/`,
  userDeactivate: (id: number | string) => `/api/admin/users/${pathSegment(id)}/deactivate/`,
  userActivate: (id: number | string) => `/api/admin/users/${pathSegment(id)}/activate/`,
  userResetPassword: (id: number | string) => `/api/admin/users/${pathSegment(id)}/reset-password/`,
  userSessions: (id: number | string) => `/api/admin/users/${pathSegment(id)}/sessions/`,
  userSessionsRevoke: (id: number | string) => `/api/admin/users/${pathSegment(id)}/sessions/revoke/`,
  hierarchy: '/api/admin/hierarchy/',
  hierarchySearch: '/api/admin/hierarchy/search/',
  audit: '/api/admin/audit/',
  auditDownload: '/api/admin/audit/download/',
} as const;

export const SESSION_PATHS = {
  mine: '/accounts/api/v1/sessions/',
  revoke: '/accounts/api/v1/sessions/revoke/',
  passwordReset: '/accounts/api/v1/password-reset/',
} as const;

/** Rows per page of the admin lists (people, users, audit trail). */
export const ADMIN_PAGE_SIZES = [20, 50, 100] as const;
export const ADMIN_MAX_PAGE = 200;
/** Hierarchy search answers at most this many people. */
export const HIERARCHY_SEARCH_LIMIT = 50;
/** Partners listed on one person's page (the total is always given). */
export const PERSON_PARTNERS_SHOWN = 100;
/** A one-time password link works this long. */
export const PASSWORD_RESET_HOURS = 24;
/** The CLI, the README and the password page ask for the same length. */
export const PASSWORD_MIN_LENGTH = 12;

/**
 * An empty required field says only that it is required, not that it also breaks the filled-field rules
 * (docs/product/messages.md, 'Refused input').
 */
const required = (label: string) => ({ error: `${label} is required`, abort: true });

const trimmed = (max: number, label: string) =>
  z.string(`${label} is required`).trim().min(1, required(label)).max(max, `${label} must be at most ${max} characters`);

/**
 * An employee code: letters, digits, - or _. Its messages name the field, as a form shows them under it and
 * the server answers them alone: 'Code is required', not a fragment.
 */
const employeeCode = (label: string) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, required(label))
    .max(40, `${label} must be at most 40 characters`)
    .regex(/^[A-Za-z0-9_-]+$/, { message: `${label} may only hold letters, digits, - or _` });
export const AdminEmployeeCode = employeeCode('Employee code');

const Paging = {
  limit: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE).default(50).describe('rows per page'),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0).describe('rows to skip'),
};
const Search = z.string().trim().max(100, 'Search text must be at most 100 characters').optional();
export const ActiveFilter = z.enum(['all', 'active', 'inactive']).default('all');

// ---- reference lists for the forms ----

export const AdminOptions = z.object({
  zones: z.array(z.object({ id: z.number().int(), name: z.string() })),
  emp_roles: z.array(z.string()),
  designations: z.array(z.string()),
});
export type AdminOptions = z.infer<typeof AdminOptions>;

// ---- people ----

export const PeopleQuery = z.object({ q: Search.describe('code, name or email'), status: ActiveFilter, ...Paging });
export type PeopleQuery = z.infer<typeof PeopleQuery>;

export const PersonRow = z.object({
  code: z.string(),
  name: z.string(),
  email: z.string(),
  emp_role: z.string(),
  designation: z.string(),
  zone: z.string().nullable(),
  manager_code: z.string().nullable(),
  manager_name: z.string().nullable(),
  active: z.boolean(),
  user_login: z.string().nullable(),
});
export type PersonRow = z.infer<typeof PersonRow>;

export const PeopleList = z.object({ rows: z.array(PersonRow), total: z.number().int() });
export type PeopleList = z.infer<typeof PeopleList>;

export const PersonRef = z.object({ code: z.string(), name: z.string(), designation: z.string(), active: z.boolean() });
export type PersonRef = z.infer<typeof PersonRef>;

export const CodeParams = z.object({ code: AdminEmployeeCode });

const Email = z
  .string('Email is required')
  .trim()
  .toLowerCase()
  .min(1, required('Email'))
  .max(200, 'Email must be at most 200 characters')
  .email('Email must be an email address');
const Phone = z
  .string('Phone is required')
  .trim()
  .min(1, required('Phone'))
  .regex(/^\+?[0-9]{10,15}$/, 'Phone must be 10 to 15 digits');
// A person picks from a list: an empty choice is 'required', anything else was not on the list. The internal
// codes are not listed in the message; the form's list shows the choices.
const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' || issue.input === null
        ? `${label} is required`
        : `Choose a ${label.toLowerCase()} from the list`,
  });
const EmpRole = choice(EMP_ROLES, 'Role');
const Designation = choice(DESIGNATIONS, 'Designation');
const Pincode = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, 'Pincode must be 6 digits');

export const PersonCreate = z.object({
  code: employeeCode('Code'),
  name: trimmed(120, 'Name'),
  email: Email,
  phone: Phone,
  emp_role: EmpRole,
  designation: Designation,
  zone_id: z.number().int().min(1).max(32767).nullable().default(null),
  pincode: Pincode.nullable().default(null),
  /** null: a person at the top of the organisation. */
  manager_code: employeeCode('Manager code').nullable(),
});
export type PersonCreate = z.infer<typeof PersonCreate>;

/** Changes to one person; a new manager_code moves them (and everyone under them). */
export const PersonUpdate = z
  .object({
    name: trimmed(120, 'Name'),
    email: Email,
    phone: Phone,
    emp_role: EmpRole,
    designation: Designation,
    zone_id: z.number().int().min(1).max(32767).nullable(),
    pincode: Pincode.nullable(),
    manager_code: employeeCode('Manager code').nullable(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type PersonUpdate = z.infer<typeof PersonUpdate>;

export const AdminUser = z.object({
  id: z.number().int(),
  login: z.string(),
  employee_code: z.string(),
  employee_name: z.string(),
  email: z.string(),
  /** The account itself; the person may still be inactive (employee_active). */
  active: z.boolean(),
  employee_active: z.boolean(),
  is_admin: z.boolean(),
  email_report_access: z.boolean(),
  download_report_access: z.boolean(),
  has_password: z.boolean(),
  active_sessions: z.number().int(),
  last_used_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const PersonDetail = z.object({
  person: PersonRow.extend({ phone: z.string(), pincode: z.string().nullable(), zone_id: z.number().int().nullable() }),
  /** Managers from the top of the organisation down to the direct manager. */
  chain: z.array(PersonRef),
  reports: z.array(PersonRef),
  team_size: z.number().int(),
  partners: z.object({
    total: z.number().int(),
    rows: z.array(z.object({ code: z.string(), name: z.string(), reporting_type: z.string() })),
  }),
  user: AdminUser.nullable(),
});
export type PersonDetail = z.infer<typeof PersonDetail>;

// ---- users ----

export const UsersQuery = z.object({ q: Search.describe('login, code or name'), status: ActiveFilter, ...Paging });
export type UsersQuery = z.infer<typeof UsersQuery>;

export const UsersList = z.object({ rows: z.array(AdminUser), total: z.number().int() });
export type UsersList = z.infer<typeof UsersList>;

export const UserIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const Login = z
  .string('Login is required')
  .trim()
  .toLowerCase()
  .min(1, required('Login'))
  .regex(/^[a-z0-9._@-]{3,150}$/, 'Login must be 3 to 150 letters, digits, dots, dashes, underscores or @');

export const UserCreate = z.object({
  employee_code: AdminEmployeeCode,
  login: Login,
  is_admin: z.boolean().default(false),
  email_report_access: z.boolean().default(true),
  download_report_access: z.boolean().default(true),
  /** Mail the person a one-time link to set a local password. */
  send_password_link: z.boolean().default(false),
});
export type UserCreate = z.input<typeof UserCreate>;

export const UserUpdate = z
  .object({ is_admin: z.boolean(), email_report_access: z.boolean(), download_report_access: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type UserUpdate = z.infer<typeof UserUpdate>;

export const PasswordLinkSent = z.object({ ok: z.literal(true), sent_to: z.string() });
export type PasswordLinkSent = z.infer<typeof PasswordLinkSent>;

// ---- sessions (a user's own and, for admins, anyone's) ----

export const SessionRow = z.object({
  id: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  method: z.enum(['password', 'oidc']),
  /** The session this request came with. */
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof SessionRow>;
export const SessionsList = z.object({ rows: z.array(SessionRow) });
export type SessionsList = z.infer<typeof SessionsList>;

/** One session by id, or every session when absent ('Sign out everywhere'). */
export const RevokeSessions = z.object({
  session_id: z
    .string()
    .regex(/^[0-9]{1,18}$/, 'session_id must be a session id')
    .optional(),
});
export type RevokeSessions = z.infer<typeof RevokeSessions>;
export const RevokedSessions = z.object({ ok: z.literal(true), revoked: z.number().int() });
export type RevokedSessions = z.infer<typeof RevokedSessions>;

export const PasswordResetBody = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid'),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200, 'Password must be at most 200 characters'),
});
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

// ---- hierarchy ----

export const HierarchyQuery = z.object({ parent: AdminEmployeeCode.optional().describe('children of this person; absent = the top') });
export const HierarchyNode = z.object({
  code: z.string(),
  name: z.string(),
  designation: z.string(),
  active: z.boolean(),
  direct_reports: z.number().int(),
  /** Everyone below, at any depth. */
  team_size: z.number().int(),
  /** Partners currently mapped to anyone in the subtree, this person included. */
  partners: z.number().int(),
});
export type HierarchyNode = z.infer<typeof HierarchyNode>;
export const HierarchyChildren = z.object({ parent: z.string().nullable(), nodes: z.array(HierarchyNode) });
export type HierarchyChildren = z.infer<typeof HierarchyChildren>;

export const HierarchySearchQuery = z.object({ q: z.string().trim().min(1, 'Type a code or a name').max(100) });
export const HierarchySearchHit = z.object({
  code: z.string(),
  name: z.string(),
  designation: z.string(),
  active: z.boolean(),
  /** Codes from the top of the organisation down to this person. */
  path: z.array(z.string()),
});
export type HierarchySearchHit = z.infer<typeof HierarchySearchHit>;
export const HierarchySearchResult = z.object({ hits: z.array(HierarchySearchHit) });
export type HierarchySearchResult = z.infer<typeof HierarchySearchResult>;

// ---- audit trail ----

const AuditFields = {
  person: Search.describe("the actor's login, code or name"),
  action: z.string().trim().max(80).optional().describe('exact action, e.g. admin.person_move'),
  entity: z.string().trim().max(80).optional().describe('entity kind, e.g. employee, user'),
  entity_id: z.string().trim().max(120).optional(),
  from: IsoDate.optional().describe('yyyy-MM-dd, from the start of that day (India time)'),
  to: IsoDate.optional().describe('yyyy-MM-dd, to the end of that day (India time)'),
};
const datesInOrder = (f: { from?: string | undefined; to?: string | undefined }) => !f.from || !f.to || f.from <= f.to;
const DATES_MESSAGE = { message: 'The end date cannot be before the start date', path: ['to'] };

export const AuditDownloadQuery = z.object(AuditFields).refine(datesInOrder, DATES_MESSAGE);
export type AuditDownloadQuery = z.infer<typeof AuditDownloadQuery>;
export const AuditQuery = z.object({ ...AuditFields, ...Paging }).refine(datesInOrder, DATES_MESSAGE);
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditRow = z.object({
  id: z.string(),
  at: z.string(),
  actor_login: z.string().nullable(),
  actor_code: z.string().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditRow = z.infer<typeof AuditRow>;
export const AuditPage = z.object({ rows: z.array(AuditRow), total: z.number().int(), actions: z.array(z.string()) });
export type AuditPage = z.infer<typeof AuditPage>;

// ---- imports and ingestion API keys ----

export const ADMIN_IMPORT_PATHS = {
  imports: '/api/admin/imports/',
  rejected: (id: string) => `/api/admin/imports/${pathSegment(id)}/rejected/`,
  apiKeys: '/api/admin/api-keys/',
  revokeKey: (name: string) => `/api/admin/api-keys/${pathSegment(name)}/revoke/`,
  /** The body is the file itself (CSV, XLSX or NDJSON, by its Content-Type). */
  upload: (entity: string) => `/api/admin/imports/upload/${pathSegment(entity)}/`,
} as const;

const flag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((v) => v === 'true')
  .optional();
export const ImportUploadParams = z.object({ entity: ImportEntity });
export const ImportUploadQuery = z.object({ dry_run: flag, partial: flag });

export const ImportsQuery = z.object({ ...Paging });
export const ImportRunRow = z.object({
  id: z.string(),
  entity: z.string(),
  source: ImportSource,
  /** A login, an API key's name, a connector job, or `user@host` for the command line. */
  actor: z.string().nullable(),
  /** The employee's name behind the login of an upload on /admin. */
  actor_name: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  dry_run: z.boolean(),
  partial: z.boolean(),
  applied: z.boolean(),
  received: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
});
export type ImportRunRow = z.infer<typeof ImportRunRow>;
export const ImportRunsPage = z.object({ rows: z.array(ImportRunRow), total: z.number().int() });
export type ImportRunsPage = z.infer<typeof ImportRunsPage>;
export const ImportRunParams = z.object({ id: z.string().regex(/^[0-9]{1,18}$/, 'must be an import id') });

export const ApiKeyRow = z.object({
  name: z.string(),
  /** The entities the key may push (docs/product/security.md, 'Ingestion keys'). */
  entities: z.array(ImportEntity),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ApiKeyRow = z.infer<typeof ApiKeyRow>;
export const ApiKeysList = z.object({ rows: z.array(ApiKeyRow) });
export type ApiKeysList = z.infer<typeof ApiKeysList>;
export const ApiKeyName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'Key name: letters, digits, _ . - (up to 64), starting with a letter or digit');
/** A key's scope: at least one entity, each named once. */
export const ApiKeyEntities = z
  .array(ImportEntity)
  .min(1, 'Choose the entities the key may push')
  .refine((list) => new Set(list).size === list.length, 'Name each entity once');
export const ApiKeyCreate = z.object({ name: ApiKeyName, entities: ApiKeyEntities });
export type ApiKeyCreate = z.infer<typeof ApiKeyCreate>;
/** The key itself appears in this answer only: it is stored hashed and cannot be shown again. */
export const ApiKeyCreated = z.object({ name: z.string(), key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;
export const ApiKeyParams = z.object({ name: ApiKeyName });
