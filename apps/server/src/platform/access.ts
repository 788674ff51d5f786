import type { Db } from './db';
import { forbidden } from './http-errors';

/** Call-centre staff do not take partners; everyone else in a subtree may be a mapping target. */
export const NON_MAPPING_DESIGNATIONS: readonly string[] = ['trm', 'supervisor'];

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

/**
 * Resolves an employee code to an id the viewer may see. An unknown code answers like one outside the
 * viewer's subtree (403, the same message), so the answers never tell which codes exist elsewhere.
 */
export async function employeeInSubtree(
  db: Db,
  viewerEmployeeId: number,
  code: string,
): Promise<{ id: number; name: string; unique_code: string }> {
  const employee = await db
    .selectFrom('employees')
    .select(['id', 'name', 'unique_code'])
    .where('unique_code', '=', code)
    .executeTakeFirst();
  if (!employee || !(await isInSubtree(db, viewerEmployeeId, employee.id))) throw forbidden(`Account ${code} is outside your team`);
  return employee;
}

/**
 * A partner the viewer may see: one currently mapped to someone in the viewer's subtree. An unknown code
 * answers like a partner of another branch (403, the same message).
 */
export async function partnerInSubtree(
  db: Db,
  viewerEmployeeId: number,
  code: string,
): Promise<{ id: number; name: string; unique_code: string }> {
  const partner = await db.selectFrom('partners').select(['id', 'name', 'unique_code']).where('unique_code', '=', code).executeTakeFirst();
  if (!partner) throw forbidden(`Partner ${code} is outside your team`);
  const mapped = await db
    .selectFrom('partner_mappings as m')
    .innerJoin('employee_closure as c', 'c.descendant_id', 'm.manager_id')
    .select('m.id')
    .where('m.partner_id', '=', partner.id)
    .where('m.valid_to', 'is', null)
    .where('c.ancestor_id', '=', viewerEmployeeId)
    .executeTakeFirst();
  if (!mapped) throw forbidden(`Partner ${code} is outside your team`);
  return partner;
}
