import {
  designationHas,
  type CancelMappingResponse,
  type MappingLists,
  type MappingManager,
  type ProductLine,
  type SubmitMappingRequest,
  type SubmitMappingResponse,
  type UnmappedPartner,
  type UnmappedPartnersResponse,
} from '@dossier/shared';
import { isInSubtree, refuseLifeOnlyRole } from '../../platform/access';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http-errors';
import type { Viewer } from '../../platform/viewer';
import { decideItems, linesOf, primaryLine, specialties } from '../team/module';
import {
  employeeByCode,
  insertItems,
  insertRequest,
  latestItemOfPartner,
  mappingTargets,
  partnerByCode,
  partnersForRequest,
  unmappedPartners,
} from './queries';

/** Life business needs a life-certified (LI) POS; motor and health take any partner. */
const servesLine = (line: ProductLine, partner: { li_pos_status: boolean }) => line !== 'life' || partner.li_pos_status;

export async function unmappedLists(db: Db, viewer: Viewer): Promise<UnmappedPartnersResponse> {
  refuseLifeOnlyRole(viewer, 'Requester View');
  const [pool, targets] = await Promise.all([unmappedPartners(db, viewer.employeeId), mappingTargets(db, viewer.employeeId)]);
  const specialtyOf = await specialties(
    db,
    targets.map((t) => t.id),
  );
  const partners = pool.map((p): UnmappedPartner & { li: boolean } => ({
    unique_code: p.unique_code,
    name: p.name,
    pincode: p.pincode,
    state: p.state,
    li_pos_status: p.li_pos_status,
    pending_request: p.pending_request,
    pending_manager: p.manager_name && p.manager_code ? `${p.manager_name} (${p.manager_code})` : null,
    can_cancel: p.pending_request !== null && p.can_cancel,
    li: p.li_pos_status,
  }));
  const managers = targets.map((t) => ({ manager: t, lines: linesOf(specialtyOf.get(t.id)) }));
  const toManager = ({ manager, lines }: (typeof managers)[number]): MappingManager => ({
    unique_code: manager.unique_code,
    name: manager.name,
    designation: manager.designation,
    product: lines.join(', '),
  });
  const strip = ({ li: _li, ...p }: UnmappedPartner & { li: boolean }): UnmappedPartner => p;
  if (!designationHas(viewer.designation, 'mapping-by-line')) {
    return { designation: viewer.designation, partners: partners.map(strip), managers: managers.map(toManager) };
  }
  const forLine = (line: ProductLine): MappingLists => ({
    partners: partners.filter((p) => servesLine(line, { li_pos_status: p.li })).map(strip),
    managers: managers.filter((m) => m.lines.includes(line)).map(toManager),
  });
  return { designation: viewer.designation, motor: forLine('motor'), health: forLine('health'), life: forLine('life') };
}

const isUniqueViolation = (err: unknown) => (err as { code?: unknown }).code === '23505';

/**
 * Raises a mapping request of partners (unmapped or in the viewer's team) to a manager of the team; all or
 * nothing. A partner waiting in another request is refused (one pending request per partner).
 */
export async function submitMapping(db: Db, viewer: Viewer, body: SubmitMappingRequest, ip: string): Promise<SubmitMappingResponse> {
  refuseLifeOnlyRole(viewer, 'Requester View');
  const manager = await employeeByCode(db, body.manager_code);
  // An unknown code answers like a manager of another team, so codes cannot be probed.
  if (!manager || !(await isInSubtree(db, viewer.employeeId, manager.id)))
    throw forbidden(`Manager ${body.manager_code} is outside your team`);
  if (!manager.active || designationHas(manager.designation, 'call-centre-staff')) {
    throw badRequest(`${manager.name} (${manager.unique_code}) cannot take partners`);
  }
  const specialty = (await specialties(db, [manager.id])).get(manager.id);
  const line = body.product ?? primaryLine(specialty);
  if (!linesOf(specialty).includes(line)) throw badRequest(`${manager.name} (${manager.unique_code}) does not serve ${line}`);

  const codes = [...new Set(body.partner_list)];
  const rows = await partnersForRequest(db, codes);
  const unknown = codes.filter((c) => !rows.some((r) => r.unique_code === c));
  if (unknown.length > 0) throw notFound(`No partner ${unknown.join(', ')}`);
  const partnerIds = new Map<string, number>();
  for (const r of rows) {
    partnerIds.set(r.unique_code, r.id);
    if (r.pending_request)
      throw conflict(`${r.unique_code} is already waiting in request ${r.pending_request}`, {
        partner: r.unique_code,
        request_raised: r.pending_request,
      });
    if (r.manager_id === manager.id) throw conflict(`${r.unique_code} is already mapped to ${manager.name} (${manager.unique_code})`);
    if (r.manager_id !== null && !(await isInSubtree(db, viewer.employeeId, r.manager_id)))
      throw forbidden(`Partner ${r.unique_code} is outside your team`);
    if (!servesLine(line, r)) throw badRequest(`${r.unique_code} is not life certified (LI) and cannot be mapped for life`);
  }

  try {
    return await db.transaction().execute(async (trx) => {
      const request = await insertRequest(trx, viewer.employeeId, manager.id, line);
      const items = await insertItems(trx, request.id, [...partnerIds.values()]);
      await audit(trx, {
        actorUserId: viewer.userId,
        action: 'mapping_request_raised',
        entity: 'mapping_request',
        entityId: request.code,
        after: { manager: manager.unique_code, product_line: line, partners: codes, items: items.map((i) => i.id) },
        ip,
      });
      const noun = codes.length === 1 ? 'partner' : 'partners';
      return {
        message: `Mapping request ${request.code} raised: ${codes.length} ${noun} to ${manager.name} (${manager.unique_code}) for ${line}`,
        request_raised: request.code,
        partners: codes.length,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('One of these partners was just put in another request; nothing was raised. Reload the list.');
    throw err;
  }
}

/** Withdraws the partner's pending request item: the requester or someone above them may. */
export async function cancelMapping(db: Db, viewer: Viewer, partnerCode: string, ip: string): Promise<CancelMappingResponse> {
  refuseLifeOnlyRole(viewer, 'Requester View');
  const partner = await partnerByCode(db, partnerCode);
  // Unknown partner, no request, or another team's request: one answer, so nothing about other teams shows.
  const notYours = () => forbidden(`${partnerCode} has no mapping request raised in your team`);
  if (!partner) throw notYours();
  return db.transaction().execute(async (trx) => {
    const item = await latestItemOfPartner(trx, partner.id);
    if (!item || !(await isInSubtree(trx, viewer.employeeId, item.requested_by))) throw notYours();
    if (item.status !== 'pending')
      throw conflict(`The request for ${partner.unique_code} (${item.code}) was already ${item.status}; nothing was changed`);
    const done = await decideItems(trx, [item.id], 'cancelled', viewer.employeeId);
    if (done.length !== 1) throw conflict(`The request for ${partner.unique_code} was decided a moment ago; nothing was changed`);
    const before = { status: 'pending', partner: partner.unique_code, request_raised: item.code };
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'mapping_request_cancelled',
      entity: 'mapping_request_item',
      entityId: item.id,
      before,
      after: { ...before, status: 'cancelled' },
      ip,
    });
    return { message: `Mapping request ${item.code} for ${partner.unique_code} cancelled`, request_raised: item.code };
  });
}
