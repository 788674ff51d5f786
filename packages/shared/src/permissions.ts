import { ROLE_LIFE_ONLY, ROLE_PAYMASTER, type Designation } from './constants';

/**
 * What a person may do by their role and account flags (docs/product/security.md). One table, read by the
 * server's access checks, the web's side menu and the access-matrix test; pure data, no Node or DOM imports.
 */
export type Permission =
  /** The business (non-life) dashboards and reports, and the Dashboard screen. */
  | 'business-reports'
  /** The team area: Manage Team, Requester View, the mapping screens and analytics. */
  | 'team-area'
  /** Advisor search and reassigning a call-centre case to another advisor. */
  | 'case-reassignment'
  /** The Partner Search hand-off and the partner summary link. */
  | 'partner-search'
  /** The paymaster links of the header. */
  | 'paymaster-links'
  /** Running the ETL on demand and reading its errors. */
  | 'etl-operations'
  /** The /admin area. */
  | 'administration'
  /** Downloading a report as CSV or XLSX (the user's `download_report_access`). */
  | 'report-download'
  /** Having a report mailed, now or by subscription (the user's `email_report_access`). */
  | 'report-email';

/** Who is asking: their role, and the flags of their account where a rule reads them (absent = not granted). */
export interface PermissionHolder {
  empRole: string;
  isAdmin?: boolean;
  downloadReportAccess?: boolean;
  emailReportAccess?: boolean;
}

// Refreshing the warehouse on demand is an operations action: the national head and supervisors.
const ETL_OPERATOR_ROLES: readonly string[] = ['head', 'supervisor'];
// Role 204 is the life-only role: no business reports, no team area, no partner search (docs/product/shell.md, 'Users and roles').
const notLifeOnly = (who: PermissionHolder) => who.empRole !== ROLE_LIFE_ONLY;

const PERMISSION_RULES: Readonly<Record<Permission, (who: PermissionHolder) => boolean>> = {
  'business-reports': notLifeOnly,
  'team-area': notLifeOnly,
  'case-reassignment': notLifeOnly,
  'partner-search': notLifeOnly,
  'paymaster-links': (who) => who.empRole === ROLE_PAYMASTER,
  'etl-operations': (who) => ETL_OPERATOR_ROLES.includes(who.empRole),
  administration: (who) => who.isAdmin === true,
  'report-download': (who) => who.downloadReportAccess === true,
  'report-email': (who) => who.emailReportAccess === true,
};

/** Whether `who` may, by the table. */
export function can(who: PermissionHolder, permission: Permission): boolean {
  return PERMISSION_RULES[permission](who);
}

/** What a person's designation (their place in the sales hierarchy) decides, beside their role. */
export type DesignationRule =
  /** Requester View splits the unmapped partners and the managers by product line (docs/product/team.md). */
  | 'mapping-by-line'
  /** My day is the landing page (docs/product/brief.md). */
  | 'brief-landing'
  /** Call-centre staff: they take no partners, so are never the manager of a mapping. */
  | 'call-centre-staff'
  /** A team's lead: the groups of the activation report by team lead. */
  | 'team-lead'
  /** Ranked on a contest board (docs/product/reports-catalogue.md). */
  | 'contest-entrant';

const DESIGNATION_RULES: Readonly<Record<DesignationRule, readonly Designation[]>> = {
  'mapping-by-line': ['asm'],
  'brief-landing': ['rm', 'team_lead', 'asm'],
  'call-centre-staff': ['trm', 'supervisor'],
  'team-lead': ['team_lead'],
  'contest-entrant': ['rm'],
};

/** The designations a rule holds for (for queries that filter people by it). */
export function designationsWith(rule: DesignationRule): readonly Designation[] {
  return DESIGNATION_RULES[rule];
}

/** Whether a person of `designation` falls under `rule`, by the table. */
export function designationHas(designation: string, rule: DesignationRule): boolean {
  return (DESIGNATION_RULES[rule] as readonly string[]).includes(designation);
}
