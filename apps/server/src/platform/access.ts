import { can, type Permission, type PermissionHolder } from '@dossier/shared';
import type { Db } from './db';
import type { InferResult, Selectable } from 'kysely';
import type { Appointments, Cases, Employees, Partners, Policies } from './db-types';
import { forbidden } from './http-errors';
import type { Viewer } from './viewer';

/**
 * Where access is decided (docs/decisions/029-one-access-module.md): `requirePermission` for what the viewer
 * may do, `requireAccess` (one rule per target kind in `TARGET_RULES`) for whether a target is theirs. An
 * unknown target is refused exactly like one outside the subtree, so other teams' ids cannot be probed.
 */

/** 403 with `message` unless the viewer may. */
export function requirePermission(who: PermissionHolder, permission: Permission, message: string): void {
  if (!can(who, permission)) throw forbidden(message);
}

/** The refusal of the administration area (docs/product/administration.md). */
const ADMIN_ONLY = 'Administration is for administrators only';

const isAdministrator = (viewer: Viewer | null): viewer is Viewer & { isAdmin: true } => viewer !== null && can(viewer, 'administration');

/** The viewer, known to hold the admin flag of their user (read on every request); 403 for anyone else. */
export function requireAdministrator(viewer: Viewer | null): Viewer & { isAdmin: true } {
  if (!isAdministrator(viewer)) throw forbidden(ADMIN_ONLY);
  return viewer;
}

/** Role 204 is the life-only role: of the team area it may use Life Renewals and Mapped Partners only (docs/product/shell.md, 'Users and roles'). */
export function refuseLifeOnlyRole(viewer: PermissionHolder, screen: string): void {
  requirePermission(viewer, 'team-area', `${screen} is not available to your role`);
}

/**
 * A report or dashboard the viewer's role may open: the life-only role 204 opens the life ones only
 * (docs/product/shell.md, 'Users and roles'); whether one is a life report is the catalogue's to say.
 */
export function requireReportRole(viewer: PermissionHolder, opened: { kind: 'report' | 'dashboard'; life: boolean }): void {
  if (!opened.life) requirePermission(viewer, 'business-reports', `This ${opened.kind} is not available for your role`);
}

/** True when `employeeId` is the viewer or below them (closure table, one indexed lookup). */
export async function isInSubtree(db: Db, viewerEmployeeId: number, employeeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('employee_closure')
    .select('depth')
    .where('ancestor_id', '=', viewerEmployeeId)
    .where('descendant_id', '=', employeeId)
    .executeTakeFirst();
  return row !== undefined;
}

export type CaseRow = Pick<Selectable<Cases>, 'id' | 'customer_id' | 'partner_id' | 'trm_id' | 'product_type_id' | 'pincode' | 'status'>;

/** Who holds a policy: the credited employee, and the partner it was sold through (docs/decisions/003-policy-credited-employee.md). */
export type PolicyHolders = Pick<Selectable<Policies>, 'employee_id'> & { partner_code: Selectable<Partners>['unique_code'] | null };

/** What `requireAccess` is asked about, by kind of target. */
interface AccessTargets {
  /** An employee by code (a team member, a drilled account, a reassignment target). */
  employee: { code: string };
  /** A partner by code: one currently mapped to someone in the viewer's subtree. */
  partner: { code: string };
  /** A call-centre case by id. */
  case: { id: number };
  /** A call-centre appointment by id. */
  appointment: { id: number };
  /** A policy the service looked up (by number or payment id), or `undefined` when none matched. */
  policy: { policy: PolicyHolders | undefined };
  /** Another user by id: an active one in the viewer's subtree or above the viewer (someone to share with). */
  colleague: { userId: number };
}

/** What `requireAccess` returns for each kind. */
interface AccessRows {
  employee: Pick<Selectable<Employees>, 'id' | 'name' | 'unique_code'>;
  partner: Pick<Selectable<Partners>, 'id' | 'name' | 'unique_code'>;
  case: CaseRow;
  appointment: Pick<Selectable<Appointments>, 'id' | 'booked_by' | 'status'>;
  policy: PolicyHolders;
  colleague: InferResult<ReturnType<typeof colleaguesOf>>[number];
}

type AccessKind = keyof AccessTargets;
/** A target of one kind, e.g. `{ kind: 'case', id: 12 }`. */
type AccessTarget<K extends AccessKind = AccessKind> = { [P in K]: { kind: P } & AccessTargets[P] }[K];
type TargetRules = { [K in AccessKind]: (db: Db, viewer: Viewer, target: AccessTarget<K>) => Promise<AccessRows[K]> };

async function employeeRule(db: Db, viewer: Viewer, { code }: AccessTarget<'employee'>): Promise<AccessRows['employee']> {
  const employee = await db
    .selectFrom('employees')
    .select(['id', 'name', 'unique_code'])
    .where('unique_code', '=', code)
    .executeTakeFirst();
  if (!employee || !(await isInSubtree(db, viewer.employeeId, employee.id))) throw forbidden(`Account ${code} is outside your team`);
  return employee;
}

async function partnerMappedInSubtree(db: Db, viewerEmployeeId: number, partnerId: number): Promise<boolean> {
  const mapped = await db
    .selectFrom('partner_mappings as m')
    .innerJoin('employee_closure as c', 'c.descendant_id', 'm.manager_id')
    .select('m.id')
    .where('m.partner_id', '=', partnerId)
    .where('m.valid_to', 'is', null)
    .where('c.ancestor_id', '=', viewerEmployeeId)
    .executeTakeFirst();
  return mapped !== undefined;
}

async function partnerRule(db: Db, viewer: Viewer, { code }: AccessTarget<'partner'>): Promise<AccessRows['partner']> {
  const partner = await db.selectFrom('partners').select(['id', 'name', 'unique_code']).where('unique_code', '=', code).executeTakeFirst();
  if (!partner || !(await partnerMappedInSubtree(db, viewer.employeeId, partner.id)))
    throw forbidden(`Partner ${code} is outside your team`);
  return partner;
}

/**
 * A case the viewer may work on: its TRM is the viewer or in their team, or it reaches an RM as a lead and its
 * partner is mapped to someone in the viewer's team (docs/product/callcentre.md).
 */
async function caseRule(db: Db, viewer: Viewer, { id }: AccessTarget<'case'>): Promise<CaseRow> {
  const outside = () => forbidden(`Case ${id} is outside your team`);
  const row = await db
    .selectFrom('cases')
    .select(['id', 'customer_id', 'partner_id', 'trm_id', 'product_type_id', 'pincode', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw outside();
  const found: CaseRow = row;
  if (found.trm_id !== null && (await isInSubtree(db, viewer.employeeId, found.trm_id))) return found;
  if (found.partner_id !== null) {
    const viaLead = await db
      .selectFrom('leads as l')
      .innerJoin('partner_mappings as m', (j) => j.on('m.partner_id', '=', found.partner_id).on('m.valid_to', 'is', null))
      .innerJoin('employee_closure as ec', 'ec.descendant_id', 'm.manager_id')
      .select('l.id')
      .where('l.case_id', '=', id)
      .where('ec.ancestor_id', '=', viewer.employeeId)
      .executeTakeFirst();
    if (viaLead) return found;
  }
  throw outside();
}

/** A booking the viewer or someone in their team made. */
async function appointmentRule(db: Db, viewer: Viewer, { id }: AccessTarget<'appointment'>): Promise<AccessRows['appointment']> {
  const appt = await db.selectFrom('appointments').select(['id', 'booked_by', 'status']).where('id', '=', id).executeTakeFirst();
  if (!appt || !(await isInSubtree(db, viewer.employeeId, appt.booked_by))) throw forbidden(`Appointment ${id} is outside your team`);
  return appt;
}

/**
 * A policy held in the viewer's subtree: its credited employee is in it, or its partner is currently mapped
 * into it (docs/product/renewals.md, 'Renewal row actions').
 */
async function policyRule(db: Db, viewer: Viewer, { policy }: AccessTarget<'policy'>): Promise<PolicyHolders> {
  const outside = () => forbidden('This policy is outside your team');
  if (!policy) throw outside();
  if (await isInSubtree(db, viewer.employeeId, policy.employee_id)) return policy;
  if (policy.partner_code !== null) {
    const partner = await db.selectFrom('partners').select('id').where('unique_code', '=', policy.partner_code).executeTakeFirst();
    if (partner && (await partnerMappedInSubtree(db, viewer.employeeId, partner.id))) return policy;
  }
  throw outside();
}

/**
 * The other active users whose names the viewer already sees: their subtree and their line of managers (whom
 * a saved view may be shared with). A query to narrow and run.
 */
export function colleaguesOf(db: Db, viewer: Viewer) {
  return db
    .selectFrom('users as u')
    .innerJoin('employees as e', 'e.id', 'u.employee_id')
    .select(['u.id as user_id', 'e.name', 'u.login', 'e.unique_code as code'])
    .where('u.active', '=', true)
    .where('e.active', '=', true)
    .where('u.id', '<>', viewer.userId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('employee_closure as c')
            .select('c.depth')
            .where('c.ancestor_id', '=', viewer.employeeId)
            .whereRef('c.descendant_id', '=', 'e.id'),
        ),
        eb.exists(
          eb
            .selectFrom('employee_closure as c')
            .select('c.depth')
            .whereRef('c.ancestor_id', '=', 'e.id')
            .where('c.descendant_id', '=', viewer.employeeId),
        ),
      ]),
    );
}

/** The refusal of a user who is not (or no longer) one of the viewer's colleagues. */
export const notAColleague = (userId: number) => forbidden(`User ${userId} is not an active colleague in your team or above you`);

/** An active user in the viewer's subtree or line of managers, not the viewer. */
async function colleagueRule(db: Db, viewer: Viewer, { userId }: AccessTarget<'colleague'>): Promise<AccessRows['colleague']> {
  const colleague = await colleaguesOf(db, viewer).where('u.id', '=', userId).executeTakeFirst();
  if (!colleague) throw notAColleague(userId);
  return colleague;
}

const TARGET_RULES: TargetRules = {
  employee: employeeRule,
  partner: partnerRule,
  case: caseRule,
  appointment: appointmentRule,
  policy: policyRule,
  colleague: colleagueRule,
};

/** The target's row if it is the viewer's (see `TARGET_RULES`); 403 otherwise, unknown targets included. */
export function requireAccess<K extends AccessKind>(db: Db, viewer: Viewer, target: AccessTarget<K>): Promise<AccessRows[K]> {
  const rule: TargetRules[K] = TARGET_RULES[target.kind];
  return rule(db, viewer, target);
}
