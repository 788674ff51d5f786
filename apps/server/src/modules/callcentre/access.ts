import type { CaseStatus } from '@dossier/shared';
import { isInSubtree } from '../../platform/access';
import type { Db } from '../../platform/db';
import { conflict, forbidden } from '../../platform/http-errors';
import type { Viewer } from '../../platform/viewer';

export interface CaseRow {
  id: number;
  customer_id: number;
  partner_id: number | null;
  trm_id: number | null;
  product_type_id: number;
  pincode: string;
  status: CaseStatus;
}

/**
 * A case the viewer may work on: its TRM is the viewer or in their team, or it reaches an RM as a lead
 * and its partner is mapped to someone in the viewer's team. An unknown case answers like anyone else's
 * (403, the same message), so case numbers outside the team cannot be probed.
 */
export async function caseForViewer(db: Db, viewer: Viewer, caseId: number): Promise<CaseRow> {
  const row = await db
    .selectFrom('cases')
    .select(['id', 'customer_id', 'partner_id', 'trm_id', 'product_type_id', 'pincode', 'status'])
    .where('id', '=', caseId)
    .executeTakeFirst();
  if (!row) throw forbidden(`Case ${caseId} is outside your team`);
  const found: CaseRow = row;
  if (found.trm_id !== null && (await isInSubtree(db, viewer.employeeId, found.trm_id))) return found;
  if (found.partner_id !== null) {
    const viaLead = await db
      .selectFrom('leads as l')
      .innerJoin('partner_mappings as m', (j) => j.on('m.partner_id', '=', found.partner_id).on('m.valid_to', 'is', null))
      .innerJoin('employee_closure as ec', 'ec.descendant_id', 'm.manager_id')
      .select('l.id')
      .where('l.case_id', '=', caseId)
      .where('ec.ancestor_id', '=', viewer.employeeId)
      .executeTakeFirst();
    if (viaLead) return found;
  }
  throw forbidden(`Case ${caseId} is outside your team`);
}

/** Calls, bookings and reassignments change an open case only. */
export function requireOpen(row: CaseRow, action: string): void {
  if (row.status !== 'open') throw conflict(`This ticket is closed. Reopen it to ${action}.`);
}
