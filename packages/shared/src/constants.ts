/** Business constants (docs/product/shell.md, 'Constants'; docs/product/data-model.md, 'Reference data'). */

export interface ProductDef {
  product_type_id: number;
  name: string;
  /** Business line used for grouping (health business, life issuance, loans, activation by line). */
  line: 'motor' | 'cv' | 'health' | 'life' | 'travel' | 'sme' | 'loan';
  /** The product type key (docs/product/data-model.md, 'Reference data'). */
  product_type: string;
  /** Weightage premium = paid amount × this factor. */
  weightage_factor: number;
}

/** Product ids 9-36 with the product's names; ids without a given name carry plausible products (docs/product/data-model.md). */
export const PRODUCTS: readonly ProductDef[] = [
  { product_type_id: 9, name: 'Two Wheeler Comprehensive', line: 'motor', product_type: 'motor', weightage_factor: 1 },
  { product_type_id: 10, name: 'Four Wheeler Comprehensive', line: 'motor', product_type: 'motor', weightage_factor: 1 },
  { product_type_id: 11, name: 'Health Topup', line: 'health', product_type: 'health', weightage_factor: 1.5 },
  { product_type_id: 12, name: 'Health Base', line: 'health', product_type: 'health', weightage_factor: 1.5 },
  { product_type_id: 13, name: 'SME Fire', line: 'sme', product_type: 'sme', weightage_factor: 1.2 },
  { product_type_id: 14, name: 'SME Marine', line: 'sme', product_type: 'sme', weightage_factor: 1.2 },
  { product_type_id: 15, name: 'Personal Loan', line: 'loan', product_type: 'rb_loan', weightage_factor: 0.5 },
  { product_type_id: 16, name: 'Credit Card', line: 'loan', product_type: 'rb_cards', weightage_factor: 0.5 },
  { product_type_id: 17, name: 'Auto Loan', line: 'loan', product_type: 'auto_loan', weightage_factor: 0.5 },
  { product_type_id: 18, name: 'Road Side Assistance', line: 'motor', product_type: 'rsa', weightage_factor: 0.8 },
  { product_type_id: 19, name: 'Health Wellness', line: 'health', product_type: 'rb_wellness', weightage_factor: 1.5 },
  { product_type_id: 20, name: 'Suraksha Gold', line: 'health', product_type: 'rb_suraksha_gold', weightage_factor: 1.5 },
  { product_type_id: 21, name: 'RPA', line: 'sme', product_type: 'sme', weightage_factor: 1.2 },
  { product_type_id: 22, name: 'Commercial PCV', line: 'cv', product_type: 'cv', weightage_factor: 1 },
  { product_type_id: 23, name: 'Commercial GCV', line: 'cv', product_type: 'cv', weightage_factor: 1 },
  { product_type_id: 24, name: 'Commercial MISC', line: 'cv', product_type: 'cv', weightage_factor: 1 },
  { product_type_id: 25, name: 'TravAssured', line: 'travel', product_type: 'travel', weightage_factor: 1.1 },
  { product_type_id: 26, name: 'HealthAssure', line: 'health', product_type: 'health', weightage_factor: 1.5 },
  { product_type_id: 27, name: 'TravAssured w/o SIM', line: 'travel', product_type: 'travel', weightage_factor: 1.1 },
  { product_type_id: 28, name: 'TwoWheelerFP', line: 'motor', product_type: 'motor', weightage_factor: 1 },
  { product_type_id: 29, name: 'Two Wheeler Third Party', line: 'motor', product_type: 'motor', weightage_factor: 0.7 },
  { product_type_id: 30, name: 'Four Wheeler Third Party', line: 'motor', product_type: 'motor', weightage_factor: 0.7 },
  { product_type_id: 31, name: 'PCV Third Party', line: 'cv', product_type: 'cv', weightage_factor: 0.7 },
  { product_type_id: 32, name: 'GCV Third Party', line: 'cv', product_type: 'cv', weightage_factor: 0.7 },
  { product_type_id: 33, name: 'MISC Third Party', line: 'cv', product_type: 'cv', weightage_factor: 0.7 },
  { product_type_id: 34, name: 'Life Protection', line: 'life', product_type: 'life', weightage_factor: 2 },
  { product_type_id: 35, name: 'Life Saving', line: 'life', product_type: 'life', weightage_factor: 2 },
  { product_type_id: 36, name: 'Life Trop', line: 'life', product_type: 'life', weightage_factor: 2 },
];

export const BUSINESS_TYPES = [
  { id: 1, name: 'New Business' },
  { id: 2, name: 'Rollover' },
  { id: 3, name: 'Renewal' },
] as const;

export const REPORTING_TYPES = [
  { id: 2, name: 'Partner to Field RM' },
  { id: 8, name: 'Partner to Health FRM' },
  { id: 9, name: 'Partner to Life FRM' },
  { id: 20, name: 'Motor Health Life FRM Hybrid' },
  { id: 21, name: 'Motor Life FRM Hybrid' },
  { id: 22, name: 'Motor Health FRM Hybrid' },
  { id: 23, name: 'Health Life FRM Hybrid' },
] as const;

export const ZONES = [
  { id: 1, name: 'North' },
  { id: 2, name: 'West' },
  { id: 3, name: 'South' },
  { id: 4, name: 'East' },
] as const;

/** emp_role values. 201 gets paymaster links, 204 is the life-only role (docs/product/shell.md, 'Users and roles'). */
export const ROLE_PAYMASTER = '201';
export const ROLE_LIFE_ONLY = '204';
export const EMP_ROLES = ['head', 'zsm', 'asm', 'team_lead', 'rm', 'trm', 'supervisor', '201', '204'] as const;
export type EmpRole = (typeof EMP_ROLES)[number];

export const DESIGNATIONS = ['national_head', 'zsm', 'asm', 'team_lead', 'rm', 'trm', 'supervisor'] as const;
export type Designation = (typeof DESIGNATIONS)[number];

/** What people call each role and designation; the stored code stays behind it (docs/product/administration.md, 'People'). */
export const ROLE_NAMES: Readonly<Record<EmpRole | Designation, string>> = {
  head: 'National head',
  national_head: 'National head',
  zsm: 'Zonal sales manager',
  asm: 'Area sales manager',
  team_lead: 'Team lead',
  rm: 'Relationship manager',
  trm: 'Telephone relationship manager',
  supervisor: 'Call-centre supervisor',
  '201': 'Paymaster (201)',
  '204': 'Life only (204)',
};

/** A role or designation code as people name it; a code the product does not know is shown as it is. */
export function roleName(code: string): string {
  const names: Readonly<Partial<Record<string, string>>> = ROLE_NAMES;
  return (Object.hasOwn(names, code) ? names[code] : undefined) ?? code;
}

/** Partner and executive codes contain this marker (docs/product/shell.md, 'Users and roles'). */
export const PARTNER_CODE_MARKER = 'EI';

export const PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

export const SIDE_MENU_WIDTH = 240;
export const SIDE_MENU_COLLAPSE_MAX = 480;
export const SIDE_MENU_HIDDEN_MAX = 768;
export const MOBILE_MAX = 767;

export const HEADER_TOKEN_DELAY_MS = 500;
export const FILTER_RESTORE_DELAY_MS = 500;

/** Local storage keys (docs/product/shell.md, 'Session values'). */
export const STORAGE_KEYS = {
  token: 'token',
  code: 'code',
  taToken: 'ta_token',
  insurers: 'insurers',
  states: 'states',
  businessType: 'business_type',
  breadcrumbs: 'breadcrums',
  sidenav: 'dossier-sidenav',
  userType: 'user_type',
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  tier: 'tier',
  registrationDate: 'registration_date',
} as const;

export const TIME_ZONE = 'Asia/Kolkata';

/**
 * The first path segments the API server answers (besides the web app's files): the dev server proxies them
 * and the server gives every other GET the web app's page. They mirror the hosts of the original deployment.
 */
export const API_PREFIXES = ['/api', '/accounts', '/services', '/healthz', '/readyz', '/demo-portal'] as const;

/** True when a request path belongs to the API (a prefix as a whole segment: '/api/x' yes, '/apiary' no). */
export const isApiPath = (path: string): boolean => API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
