import type { AcceptMemberListRequest, DecisionResponse, ReporteeDetailQuery, ReporteeRow, TeamListQuery, TeamRow } from '@dossier/shared';
import { refuseLifeOnlyRole, requireAccess } from '../../platform/access';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { conflict, forbidden, notFound } from '../../platform/http-errors';
import type { Viewer } from '../../platform/viewer';
import { kolkataDayEnd, kolkataDayStart } from '@dossier/shared';
import { checkedRange, kolkataDate } from '../../platform/date-ranges';
import {
  closeCurrentMappings,
  decidableRequests,
  decideItems,
  employeeName,
  findRequest,
  lockItemsForDecision,
  openMapping,
  partnersByCode,
  pendingItemsForManager,
} from './queries';
import { isProductLine, reportingTypeFor, specialties } from './specialty';

const NO_REQUEST = 'null';
const person = (name: string, code: string) => `${name} (${code})`;

export async function teamList(db: Db, viewer: Viewer, query: TeamListQuery): Promise<(TeamRow & { total_count: string })[]> {
  refuseLifeOnlyRole(viewer, 'Manage Team');
  const hasDates = query.start_date !== undefined || query.end_date !== undefined;
  const range = hasDates ? checkedRange(query.start_date, query.end_date, () => ({ start: '', end: '' })) : null;
  const window = range ? { from: kolkataDayStart(range.start), to: kolkataDayEnd(range.end) } : null;
  const rows = await decidableRequests(db, viewer.employeeId, window, query);
  return rows.map((r) => ({
    name: person(r.manager_name, r.manager_code),
    unique_code: r.manager_code,
    request_raised: r.code,
    product_line: r.product_line,
    requested_by: person(r.requester_name, r.requester_code),
    raised_on: kolkataDate(r.created_at),
    pending: r.pending,
    total_count: r.total_count,
  }));
}

/** A request code of a decision or detail call: must exist and be for this manager. */
async function requestFor(db: Db, code: string | undefined, managerId: number, managerCode: string) {
  if (code === undefined || code === '' || code === NO_REQUEST) return null;
  const request = await findRequest(db, code);
  if (!request) throw notFound(`No mapping request ${code}`);
  if (request.manager_id !== managerId) throw notFound(`Mapping request ${code} is not for ${managerCode}`);
  return request;
}

export async function reporteeDetail(db: Db, viewer: Viewer, query: ReporteeDetailQuery): Promise<ReporteeRow[]> {
  refuseLifeOnlyRole(viewer, 'Reportee list');
  const manager = await requireAccess(db, viewer, { kind: 'employee', code: query.unique_code });
  const request = await requestFor(db, query.request_raised, manager.id, manager.unique_code);
  if (request && request.requested_by === viewer.employeeId) throw forbidden(`You raised ${request.code}; another manager must decide it`);
  const rows = await pendingItemsForManager(db, manager.id, request?.id ?? null, viewer.employeeId);
  return rows.map((r) => ({
    unique_code: r.unique_code,
    name: r.name,
    pos_code: r.pos_code,
    pincode: r.pincode,
    state: r.state,
    li_pos_status: r.li_pos_status ? 'Yes' : 'No',
    gi_pos_status: r.gi_pos_status ? 'Yes' : 'No',
    product_line: r.product_line,
    request_raised: r.request_code,
    requested_by: person(r.requester_name, r.requester_code),
    raised_on: kolkataDate(r.created_at),
  }));
}

/**
 * Accepts or rejects reportees in one transaction, by the target manager or above, never the requester. Items
 * are locked first so of two approvers one wins (the other 409); accepting remaps the partner, all audited.
 */
export async function decide(db: Db, viewer: Viewer, body: AcceptMemberListRequest, ip: string): Promise<DecisionResponse> {
  refuseLifeOnlyRole(viewer, 'Manage Team');
  const status = body.is_accepted ? 'accepted' : 'rejected';
  const manager = await requireAccess(db, viewer, { kind: 'employee', code: body.manager });
  const request = await requestFor(db, body.request_raised, manager.id, manager.unique_code);
  const codes = [...new Set(body.reportee)];
  const found = await partnersByCode(db, codes);
  const unknown = codes.filter((c) => !found.some((p) => p.unique_code === c));
  if (unknown.length > 0) throw notFound(`No partner ${unknown.join(', ')}`);
  // In the order asked, so a refusal names the first offending reportee of the selection.
  const partners = codes.flatMap((c) => found.filter((p) => p.unique_code === c));

  return db.transaction().execute(async (trx) => {
    const items = await lockItemsForDecision(
      trx,
      manager.id,
      partners.map((p) => p.id),
      request?.id ?? null,
    );
    const chosen: { partner: (typeof partners)[number]; item: (typeof items)[number] }[] = [];
    for (const p of partners) {
      const mine = items.filter((i) => i.partner_id === p.id);
      const pending = mine.find((i) => i.status === 'pending');
      if (pending) {
        chosen.push({ partner: p, item: pending });
        continue;
      }
      const last = mine[0];
      if (!last) throw notFound(`${p.unique_code} has no mapping request to ${manager.unique_code}`);
      const decider = last.decided_by === null ? undefined : await employeeName(trx, last.decided_by);
      const by = decider ? ` by ${decider.name}` : '';
      const on = last.decided_at ? ` on ${kolkataDate(last.decided_at)}` : '';
      throw conflict(`${p.unique_code} was already ${last.status}${by}${on}; nothing was changed`, {
        partner: p.unique_code,
        request_raised: last.code,
        status: last.status,
      });
    }
    const own = chosen.find((c) => c.item.requested_by === viewer.employeeId);
    if (own) throw forbidden(`You raised ${own.item.code}; another manager must decide it`);

    const decided = await decideItems(
      trx,
      chosen.map((c) => c.item.id),
      status,
      viewer.employeeId,
    );
    if (decided.length !== chosen.length) {
      throw conflict('Some of these reportees were decided by someone else a moment ago; nothing was changed');
    }
    const specialty = (await specialties(trx, [manager.id])).get(manager.id);
    for (const { partner, item } of chosen) {
      const before = { status: 'pending', partner: partner.unique_code, manager: manager.unique_code, request_raised: item.code };
      if (status === 'rejected') {
        await audit(trx, {
          actorUserId: viewer.userId,
          action: 'mapping_request_rejected',
          entity: 'mapping_request_item',
          entityId: item.id,
          before,
          after: { ...before, status },
          ip,
        });
        continue;
      }
      const line = isProductLine(item.product_line) ? item.product_line : 'motor';
      const closed = await closeCurrentMappings(trx, partner.id);
      const opened = await openMapping(trx, partner.id, manager.id, reportingTypeFor(line, specialty), item.id);
      await audit(trx, {
        actorUserId: viewer.userId,
        action: 'mapping_request_accepted',
        entity: 'mapping_request_item',
        entityId: item.id,
        before,
        after: { ...before, status, mapping_id: opened.id },
        ip,
      });
      await audit(trx, {
        actorUserId: viewer.userId,
        action: 'partner_mapping_changed',
        entity: 'partner',
        entityId: partner.unique_code,
        before: { mappings: closed.map((m) => ({ id: m.id, manager_id: m.manager_id, reporting_type: m.reporting_type })) },
        after: { mapping_id: opened.id, manager: manager.unique_code, request_item_id: item.id },
        ip,
      });
    }
    const noun = chosen.length === 1 ? 'reportee' : 'reportees';
    return { message: `${chosen.length} ${noun} ${status} for ${manager.name} (${manager.unique_code})`, status, decided: chosen.length };
  });
}
