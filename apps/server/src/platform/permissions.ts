import { ROLE_LIFE_ONLY, ROLE_PAYMASTER } from '@dossier/shared';
import { forbidden } from './http-errors';

/**
 * What a person may do by their role, whatever the target (docs/product/shell.md, 'Users and roles';
 * docs/product/security.md). One table: services ask `can` or `requirePermission` before they read anything,
 * and the access matrix test reads the same table for the roles it expects refused. Whether a target is in
 * the viewer's subtree is the other half of access: `platform/access.ts`.
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
  | 'administration';

/** Who is asking: their role and admin flag. */
export interface RoleHolder {
  empRole: string;
  isAdmin?: boolean;
}

// Refreshing the warehouse on demand is an operations action: the national head and supervisors.
const ETL_OPERATOR_ROLES: readonly string[] = ['head', 'supervisor'];
const notLifeOnly = (who: RoleHolder) => who.empRole !== ROLE_LIFE_ONLY;

const RULES: Readonly<Record<Permission, (who: RoleHolder) => boolean>> = {
  'business-reports': notLifeOnly,
  'team-area': notLifeOnly,
  'case-reassignment': notLifeOnly,
  'partner-search': notLifeOnly,
  'paymaster-links': (who) => who.empRole === ROLE_PAYMASTER,
  'etl-operations': (who) => ETL_OPERATOR_ROLES.includes(who.empRole),
  administration: (who) => who.isAdmin === true,
};

export function can(who: RoleHolder, permission: Permission): boolean {
  return RULES[permission](who);
}

/** 403 with `message` unless the viewer may. */
export function requirePermission(who: RoleHolder, permission: Permission, message: string): void {
  if (!can(who, permission)) throw forbidden(message);
}

/** Role 204 is the life-only role: of the team area it may use Life Renewals and Mapped Partners only (docs/product/shell.md, 'Users and roles'). */
export function refuseLifeOnlyRole(viewer: RoleHolder, screen: string): void {
  requirePermission(viewer, 'team-area', `${screen} is not available to your role`);
}
