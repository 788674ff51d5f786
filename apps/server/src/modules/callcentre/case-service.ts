import {
  CUSTOMER_CHOICES,
  PARTNER_CHOICES,
  PARTNER_REASONS,
  titleCaseOrNA,
  type AssignNewPartnerResponse,
  type MessageResponse,
  type RecommendedPartnersRequest,
  type RecommendedPartnersResponse,
  type UpdateRemarksRequest,
  type UpdateStatusResponse,
} from '@dossier/shared';
import { requireAccess, requirePermission } from '../../platform/access';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { inTransaction } from '../../platform/transaction';
import { badRequest, conflict, notFound } from '../../platform/http-errors';
import { hitRateLimit } from '../../platform/rate-limit';
import type { Viewer } from '../../platform/viewer';
import { requireOpen } from './open-case';
import {
  countRemarksOfCall,
  insertReassignment,
  insertRemark,
  latestCallId,
  partnerByCode,
  reassignOpenCase,
  recommendedPartners,
  setCaseRemark,
  setCaseStatusIfUnchanged,
} from './case-queries';

const RECOMMENDED_LIMIT = 20;
/** Notes one call keeps (each shows in the call history and the listing's hover). */
export const MAX_NOTES_PER_CALL = 20;
/** Advisor searches one user may run per minute (a reassignment takes one or two). */
export const RECOMMENDATIONS_PER_MINUTE = 20;

/** Role 204 works no call-centre screens (docs/product/callcentre.md), so it reassigns no case. */
function requireReassigningRole(viewer: Viewer): void {
  requirePermission(viewer, 'case-reassignment', 'Reassigning cases is not available for your role');
}
const MATCH = ['pincode', 'area', 'region'] as const;

const labelOf = (list: readonly { value: number; label: string }[], value: number | null | undefined) =>
  list.find((c) => c.value === value)?.label ?? null;

/* Ticket status, remarks and reassignment of a case (the connect-call dialog's Save). */

export async function updateStatus(
  db: Db,
  viewer: Viewer,
  caseId: number,
  status: 'open' | 'closed',
  ip: string,
): Promise<UpdateStatusResponse> {
  const found = await requireAccess(db, viewer, { kind: 'case', id: caseId });
  if (found.status === status) return { message: `Ticket is already ${status}`, status };
  await inTransaction(db, async (trx) => {
    // Conditional on the status read above: of concurrent requests only one makes the transition
    // (and is audited); the others find it changed and answer 409.
    const changed = await setCaseStatusIfUnchanged(trx, caseId, found.status, status);
    if (changed === 0) throw conflict(`This ticket was just changed by someone else: it is already ${status}.`);
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'case_status',
      entity: 'case',
      entityId: caseId,
      before: { status: found.status },
      after: { status },
      ip,
    });
  });
  return { message: status === 'closed' ? 'Ticket closed successfully' : 'Ticket reopened successfully', status };
}

/**
 * Records the outcome of a customer or partner conversation. The notes attach to that side's latest
 * call (they show under it in the call history) and the choice becomes the case's remark.
 */
export async function updateRemarks(db: Db, viewer: Viewer, body: UpdateRemarksRequest, ip: string): Promise<MessageResponse> {
  const found = await requireAccess(db, viewer, { kind: 'case', id: body.case_id });
  const audience = (body.is_customer ?? body.reason == null) ? 'customer' : 'partner';
  let label: string | null;
  if (audience === 'customer') {
    if (body.reason != null) throw badRequest('reason belongs to the partner flow only');
    label = labelOf(CUSTOMER_CHOICES, body.remark ?? 1);
    if (!label) throw badRequest(`remark ${body.remark} is not a customer choice (1-3)`);
  } else {
    const choice = labelOf(PARTNER_CHOICES, body.remark);
    const reason = labelOf(PARTNER_REASONS, body.reason);
    label = choice
      ? `Partner: ${choice}`
      : reason
        ? `Partner not connected: ${reason}`
        : body.is_connected
          ? 'Partner connected'
          : 'Partner not connected';
  }
  const callId = await latestCallId(db, found.id, audience);
  await inTransaction(db, async (trx) => {
    // The case's row is locked first, so concurrent remarks on one case count in turn and the cap holds.
    await setCaseRemark(trx, found.id, label);
    const kept = await countRemarksOfCall(trx, found.id, callId);
    if (kept >= MAX_NOTES_PER_CALL) {
      throw conflict(`A call keeps at most ${MAX_NOTES_PER_CALL} notes. Place the next call to add more.`);
    }
    await insertRemark(trx, {
      case_id: found.id,
      call_id: callId,
      author_id: viewer.employeeId,
      audience,
      is_connected: body.is_connected,
      choice: audience === 'customer' ? (body.remark ?? 1) : (body.remark ?? null),
      reason: body.reason ?? null,
      label,
      notes: body.notes.trim(),
    });
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'case_remark',
      entity: 'case',
      entityId: found.id,
      after: { audience, label, is_connected: body.is_connected, call_id: callId },
      ip,
    });
  });
  return { message: 'Remarks updated successfully' };
}

/**
 * Advisors near the customer's pincode, best first, without the current partner; only for roles that reassign,
 * for an open case the viewer works, around its own pincode, so the directory cannot be walked.
 */
export async function recommended(db: Db, viewer: Viewer, body: RecommendedPartnersRequest): Promise<RecommendedPartnersResponse> {
  requireReassigningRole(viewer);
  await hitRateLimit(
    db,
    [`recommend:user:${viewer.userId}`],
    RECOMMENDATIONS_PER_MINUTE,
    60,
    (s) => `Too many advisor searches. Try again in ${s} seconds.`,
  );
  await requireAccess(db, viewer, { kind: 'employee', code: body.partner_ams_id });
  const found = await requireAccess(db, viewer, { kind: 'case', id: body.case_id });
  requireOpen(found, 'search for advisors');
  if (body.pincode !== found.pincode) {
    throw badRequest(`Advisors are searched near the customer's pincode on this case (${found.pincode}).`);
  }
  const rows = await recommendedPartners(db, found.pincode, found.partner_id, RECOMMENDED_LIMIT);
  return {
    data: rows.map((r) => ({
      name: titleCaseOrNA(r.name),
      partner_ams_id: r.unique_code,
      pincode: r.pincode,
      match: MATCH[r.tier] ?? 'region',
    })),
  };
}

/** Hands the customer to another advisor; recorded in case_reassignments and audited. */
export async function assignNewPartner(
  db: Db,
  viewer: Viewer,
  caseId: number,
  code: string,
  ip: string,
): Promise<AssignNewPartnerResponse> {
  requireReassigningRole(viewer);
  const found = await requireAccess(db, viewer, { kind: 'case', id: caseId });
  requireOpen(found, 'assign a new advisor');
  const partner = await partnerByCode(db, code);
  if (!partner) throw notFound(`No advisor ${code}`);
  if (!partner.active) throw badRequest(`Advisor ${code} is not active`);
  if (partner.id === found.partner_id) throw badRequest(`Advisor ${code} already has this case`);
  // Re-checked here, not trusted from the dialog: only an advisor the search offers for this case.
  const offered = await recommendedPartners(db, found.pincode, found.partner_id, RECOMMENDED_LIMIT);
  if (!offered.some((r) => r.unique_code === partner.unique_code)) {
    throw badRequest(`Advisor ${code} is not among the advisors recommended for this case. Search advisors and choose one of them.`);
  }
  await inTransaction(db, async (trx) => {
    // Conditional on what was read: a concurrent reassignment or closing wins, this one answers 409.
    const changed = await reassignOpenCase(trx, caseId, found.partner_id, partner.id);
    if (changed === 0) throw conflict('This case was just changed by someone else. Reload it and try again.');
    await insertReassignment(trx, {
      case_id: caseId,
      from_partner_id: found.partner_id,
      to_partner_id: partner.id,
      assigned_by: viewer.employeeId,
      pincode: found.pincode,
    });
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'case_reassigned',
      entity: 'case',
      entityId: caseId,
      before: { partner_id: found.partner_id },
      after: { partner_id: partner.id, partner_code: partner.unique_code },
      ip,
    });
  });
  const name = titleCaseOrNA(partner.name);
  return { message: `Case assigned to ${name} (${partner.unique_code})`, partner_name: name, partner_ei_code: partner.unique_code };
}
