import { z } from 'zod';
import { BUSINESS_TYPES, DESIGNATIONS, EMP_ROLES, PARTNER_CODE_MARKER, REPORTING_TYPES } from './constants';
import { isDate } from './dates';

/**
 * What a distributor imports (docs/data-contract.md): one row schema per entity, keyed by natural keys, used
 * by every way in. Listed in import order: each entity after the ones its rows refer to.
 */
export const ImportEntity = z.enum([
  'insurers',
  'employees',
  'partners',
  'partner_mappings',
  'customers',
  'policies',
  'targets',
  'contests',
  'cases',
  'leads',
  'users',
]);
export type ImportEntity = z.infer<typeof ImportEntity>;

/** How rows came in: the dossier command, the ingestion API, a source connector, a file uploaded on /admin. */
export const ImportSource = z.enum(['cli', 'api', 'connector', 'upload']);
export type ImportSource = z.infer<typeof ImportSource>;

/** One rejected row (or file-level problem): the line it came from, the column, a sentence a person understands. */
export const ImportError = z.object({
  line: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof ImportError>;

/** The answer of every way in. `errors` lists at most MAX_REPORTED_ERRORS; `rejected` counts every bad row. */
export const ImportReport = z.object({
  entity: ImportEntity,
  received: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  /** True when the rows were written: not a dry run, and no row was rejected or partial was asked for. */
  applied: z.boolean(),
  dryRun: z.boolean(),
  partial: z.boolean(),
  errors: z.array(ImportError),
});
export type ImportReport = z.infer<typeof ImportReport>;

export const MAX_REPORTED_ERRORS = 1000;
/** A cell longer than this is refused (a runaway line, a binary file read as text). */
export const MAX_CELL_LENGTH = 10_000;

/** One source row: its line in the file (1 = the header of a CSV) and its cells by column name. */
export interface ImportRow {
  line: number;
  values: Record<string, string | null>;
}

// ---- cell formats -------------------------------------------------------------------------------

const FORMULA_START = /^[=@\t\r]|^[+-](?![\d\s(])/;

/** Required text. Empty cells are null before validation, so only presence and shape are checked here. */
const text = (max = 200) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `is longer than ${max} characters`)
    .refine((v) => !FORMULA_START.test(v), 'looks like a spreadsheet formula (starts with =, +, - or @)');
const optText = (max = 200) => text(max).nullable().default(null);
/**
 * A link that goes into WhatsApp text, mails and PDFs: https only, so a `javascript:` or `data:` address (or a
 * plain-text http one) never reaches a customer (docs/product/security.md, 'Links in imported rows').
 */
const isHttpsLink = (v: string): boolean => {
  try {
    const url = new URL(v);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
};
const optLink = (max = 500) =>
  text(max).refine(isHttpsLink, 'is not an https:// link (only https links are accepted)').nullable().default(null);

const date = () => z.string({ error: 'is required' }).trim().refine(isDate, 'is not a date (yyyy-MM-dd)');
const optDate = () => date().nullable().default(null);

const INSTANT = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;
/** ISO 8601 date-time; without an offset it is Indian time (a bare date is midnight in Kolkata). */
export function normaliseInstant(v: string): string | null {
  const m = INSTANT.exec(v.trim());
  if (!m || !isDate(m[1] ?? '')) return null;
  const [hh, mm, ss] = [m[2] ?? '00', m[3] ?? '00', m[4] ?? '00'];
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return null;
  let offset = m[6] ?? '+05:30';
  if (offset !== 'Z' && offset.length === 5) offset = `${offset.slice(0, 3)}:${offset.slice(3)}`;
  const iso = `${m[1]}T${hh}:${mm}:${ss}${m[5] ?? ''}${offset}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}
const instant = () =>
  z.string({ error: 'is required' }).transform((v, ctx) => {
    const iso = normaliseInstant(v);
    if (iso === null) {
      ctx.addIssue({ code: 'custom', message: 'is not a date and time (ISO 8601, e.g. 2026-04-01T10:30:00+05:30)' });
      return z.NEVER;
    }
    return iso;
  });
const optInstant = () => instant().nullable().default(null);

const amount = () =>
  z
    .string({ error: 'is required' })
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'is not an amount in rupees (digits, up to 2 decimals, no sign or separators)');
const optAmount = () => amount().nullable().default(null);

const TRUE = ['true', '1', 'yes', 'y'];
const FALSE = ['false', '0', 'no', 'n'];
const bool = (fallback: boolean) =>
  z
    .string()
    .transform((v, ctx) => {
      const s = v.trim().toLowerCase();
      if (TRUE.includes(s)) return 'true';
      if (FALSE.includes(s)) return 'false';
      ctx.addIssue({ code: 'custom', message: 'is not true or false' });
      return z.NEVER;
    })
    .nullable()
    .transform((v) => v ?? String(fallback));

const oneOf = (values: readonly string[], what = 'is not one of') =>
  z
    .string({ error: 'is required' })
    .trim()
    .transform((v, ctx) => {
      const found = values.find((x) => x.toLowerCase() === v.toLowerCase());
      if (found === undefined) {
        ctx.addIssue({ code: 'custom', message: `"${v}" ${what} ${values.join(', ')}` });
        return z.NEVER;
      }
      return found;
    });

const integer = (min: number, max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .regex(/^\d+$/, 'is not a whole number')
    .refine((v) => Number(v) >= min && Number(v) <= max, `is not between ${min} and ${max}`);
const optInteger = (min: number, max: number) => integer(min, max).nullable().default(null);

const pincode = () =>
  z
    .string({ error: 'is required' })
    .trim()
    .regex(/^\d{6}$/, 'is not a 6-digit pincode');
const email = () => text(200).refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'is not an email address');
const phone = () =>
  z
    .string({ error: 'is required' })
    .trim()
    .regex(/^\+?[\d\s-]{6,20}$/, 'is not a phone number');
const code = () => text(64).refine((v) => /^[A-Za-z0-9_.\-/]+$/.test(v), 'may hold only letters, digits and _ . - / (no spaces)');
const optCode = () => code().nullable().default(null);
const month = () =>
  z
    .string({ error: 'is required' })
    .trim()
    .transform((v, ctx) => {
      const m = /^(\d{4})-(\d{2})(?:-01)?$/.exec(v);
      if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) {
        ctx.addIssue({ code: 'custom', message: 'is not a month (yyyy-MM)' });
        return z.NEVER;
      }
      return `${m[1]}-${m[2]}-01`;
    });

// ---- row schemas ----------------------------------------------------------------------------------

export const EmployeeImportRow = z.object({
  unique_code: code(),
  name: text(),
  email: email(),
  phone: phone(),
  emp_role: oneOf(EMP_ROLES),
  designation: oneOf(DESIGNATIONS),
  manager_code: optCode(),
  zone: optText(40),
  pincode: pincode().nullable().default(null),
  active: bool(true),
});

export const PartnerImportRow = z.object({
  unique_code: code().refine((v) => v.includes(PARTNER_CODE_MARKER), `must contain ${PARTNER_CODE_MARKER} (partner codes do)`),
  pos_code: code(),
  name: text(),
  phone: phone(),
  email: email(),
  pincode: pincode(),
  state: text(60),
  li_pos_status: bool(false),
  gi_pos_status: bool(false),
  registered_at: date(),
  documents_at: optDate(),
  training_at: optDate(),
  exam_at: optDate(),
  certified_at: optDate(),
  first_sale_at: optDate(),
});

const REPORTING_TYPE_IDS = REPORTING_TYPES.map((r) => String(r.id));
export const PartnerMappingImportRow = z.object({
  partner_code: code(),
  manager_code: code(),
  reporting_type: oneOf(REPORTING_TYPE_IDS),
  valid_from: instant(),
  valid_to: optInstant(),
});

export const CustomerImportRow = z.object({
  customer_code: code(),
  name: text(),
  phone: phone(),
  email: email(),
  pincode: pincode(),
});

const BUSINESS_TYPE_VALUES = BUSINESS_TYPES.flatMap((b) => [String(b.id), b.name]);
export const PolicyImportRow = z.object({
  proposal_no: code(),
  policy_no: optCode(),
  partner_code: optCode(),
  employee_code: optCode(),
  customer_code: code(),
  product_type_id: integer(9, 36),
  insurer: text(100),
  state: text(60),
  business_type: oneOf(BUSINESS_TYPE_VALUES).transform((v) =>
    String(BUSINESS_TYPES.find((b) => String(b.id) === v || b.name === v)?.id ?? v),
  ),
  channel: oneOf(['pos', 'direct', 'online']),
  status: oneOf(['success', 'pending', 'cancelled']),
  paid_amount: amount(),
  /** Empty = paid_amount × the product's weightage factor. */
  weightage_premium: optAmount(),
  loan_amount: optAmount(),
  payment_id: text(100),
  issued_at: instant(),
  premium_payment_term: optInteger(0, 99),
  premium_installment_type: optText(40),
  expiry_date: optDate(),
  previous_policy_no: optCode(),
  next_due_date: optDate(),
  renewal_link: optLink(500),
  one_click_url: optLink(500),
});

export const InsurerImportRow = z.object({ name: text(100) });

export const TargetImportRow = z.object({
  employee_code: code(),
  month: month(),
  premium: amount(),
});

export const ContestImportRow = z.object({
  name: text(100),
  /** Zone names separated by | (e.g. North|West). */
  zones: text(200),
  starts_on: date(),
  ends_on: date(),
  target_wp: amount(),
});

export const CaseImportRow = z.object({
  case_code: code(),
  customer_code: code(),
  partner_code: optCode(),
  product_type_id: integer(9, 36),
  pincode: pincode(),
  case_date: date(),
  status: oneOf(['open', 'closed'])
    .nullable()
    .transform((v) => v ?? 'open'),
  /** The TRM working the case (an employee code). */
  owner_code: optCode(),
  remark: optText(500),
});

export const LeadImportRow = z.object({
  case_code: code(),
  /** A lead category by name (Call Back Requested, Quote Drop-off, …). */
  category: text(60),
  lead_date: date(),
});

export const UserImportRow = z.object({
  /** Stored lower-case: logins compare case-insensitively everywhere. */
  login: code().transform((v) => v.toLowerCase()),
  employee_code: code(),
  email_report_access: bool(true),
  download_report_access: bool(true),
  active: bool(true),
});

export const IMPORT_ROW_SCHEMAS = {
  employees: EmployeeImportRow,
  partners: PartnerImportRow,
  partner_mappings: PartnerMappingImportRow,
  customers: CustomerImportRow,
  policies: PolicyImportRow,
  insurers: InsurerImportRow,
  targets: TargetImportRow,
  contests: ContestImportRow,
  leads: LeadImportRow,
  cases: CaseImportRow,
  users: UserImportRow,
} as const satisfies Record<ImportEntity, z.ZodObject>;

/** The columns of an entity in contract order (the CSV header a distributor sends). */
export function importColumns(entity: ImportEntity): string[] {
  return Object.keys(IMPORT_ROW_SCHEMAS[entity].shape);
}

/** Columns that must be present in the header: those whose empty cell is refused. */
export function requiredImportColumns(entity: ImportEntity): string[] {
  const shape: Record<string, z.ZodType> = IMPORT_ROW_SCHEMAS[entity].shape;
  return Object.entries(shape)
    .filter(([, schema]) => !schema.safeParse(null).success)
    .map(([name]) => name);
}
