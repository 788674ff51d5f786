import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import type { Paging } from '../../platform/paging';

export interface RaisedWindow {
  from: Date;
  to: Date;
}

/**
 * Requests with pending items whose target manager is the viewer or below them, one row per manager
 * and request. Requests the viewer raised are left out: someone else decides those.
 */
export function decidableRequests(db: Db, viewerEmployeeId: number, window: RaisedWindow | null, paging: Paging) {
  let q = db
    .selectFrom('mapping_requests as r')
    .innerJoin('employee_closure as c', (j) => j.onRef('c.descendant_id', '=', 'r.manager_id').on('c.ancestor_id', '=', viewerEmployeeId))
    .innerJoin('mapping_request_items as i', (j) => j.onRef('i.request_id', '=', 'r.id').on('i.status', '=', 'pending'))
    .innerJoin('employees as m', 'm.id', 'r.manager_id')
    .innerJoin('employees as q', 'q.id', 'r.requested_by')
    .where('r.requested_by', '<>', viewerEmployeeId);
  if (window) q = q.where('r.created_at', '>=', window.from).where('r.created_at', '<', window.to);
  return q
    .groupBy(['r.id', 'm.id', 'q.id'])
    .select([
      'r.code',
      'r.product_line',
      'r.created_at',
      'm.name as manager_name',
      'm.unique_code as manager_code',
      'q.name as requester_name',
      'q.unique_code as requester_code',
      sql<number>`count(*)::int`.as('pending'),
      sql<string>`count(*) over ()`.as('total_count'),
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
}

export function findRequest(db: Db, code: string) {
  return db.selectFrom('mapping_requests').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Pending items to one manager (optionally of one request), not raised by the viewer. */
export function pendingItemsForManager(db: Db, managerId: number, requestId: number | null, viewerEmployeeId: number) {
  let q = db
    .selectFrom('mapping_request_items as i')
    .innerJoin('mapping_requests as r', 'r.id', 'i.request_id')
    .innerJoin('partners as p', 'p.id', 'i.partner_id')
    .innerJoin('states as s', 's.id', 'p.state_id')
    .innerJoin('employees as q', 'q.id', 'r.requested_by')
    .where('r.manager_id', '=', managerId)
    .where('i.status', '=', 'pending')
    .where('r.requested_by', '<>', viewerEmployeeId);
  if (requestId !== null) q = q.where('r.id', '=', requestId);
  return q
    .select([
      'p.unique_code',
      'p.name',
      'p.pos_code',
      'p.pincode',
      's.name as state',
      'p.li_pos_status',
      'p.gi_pos_status',
      'r.product_line',
      'r.code as request_code',
      'q.name as requester_name',
      'q.unique_code as requester_code',
      'r.created_at',
    ])
    .orderBy('r.created_at')
    .orderBy('p.name')
    .execute();
}

export function partnersByCode(db: Db, codes: readonly string[]) {
  return db.selectFrom('partners').select(['id', 'unique_code', 'name']).where('unique_code', 'in', codes).execute();
}

/**
 * Every item of these partners to this manager, newest first, locked: a concurrent decision on the
 * same items waits here and then sees the committed status.
 */
export function lockItemsForDecision(db: Db, managerId: number, partnerIds: readonly number[], requestId: number | null) {
  let q = db
    .selectFrom('mapping_request_items as i')
    .innerJoin('mapping_requests as r', 'r.id', 'i.request_id')
    .where('r.manager_id', '=', managerId)
    .where('i.partner_id', 'in', partnerIds);
  if (requestId !== null) q = q.where('r.id', '=', requestId);
  return q
    .select([
      'i.id',
      'i.partner_id',
      'i.status',
      'i.decided_at',
      // Not joined to employees: after waiting on a lock PostgreSQL re-reads the locked row but
      // not an outer-joined one, so the decider's name is looked up afterwards.
      'i.decided_by',
      'r.id as request_id',
      'r.code',
      'r.requested_by',
      'r.product_line',
    ])
    .orderBy('i.id', 'desc')
    .forUpdate('i')
    .execute();
}

export function employeeName(db: Db, id: number) {
  return db.selectFrom('employees').select('name').where('id', '=', id).executeTakeFirst();
}

/** Moves pending items to a decision; items no longer pending are not touched (and not returned). */
export function decideItems(db: Db, itemIds: readonly number[], status: 'accepted' | 'rejected' | 'cancelled', deciderId: number) {
  return db
    .updateTable('mapping_request_items')
    .set({ status, decided_by: deciderId, decided_at: sql<Date>`now()` })
    .where('id', 'in', itemIds)
    .where('status', '=', 'pending')
    .returning(['id', 'partner_id', 'request_id'])
    .execute();
}

/** Closes the partner's current mappings at the transaction's instant; returns what was closed. */
export function closeCurrentMappings(db: Db, partnerId: number) {
  return db
    .updateTable('partner_mappings')
    .set({ valid_to: sql<Date>`now()` })
    .where('partner_id', '=', partnerId)
    .where('valid_to', 'is', null)
    .returning(['id', 'manager_id', 'reporting_type', 'valid_from'])
    .execute();
}

export function openMapping(db: Db, partnerId: number, managerId: number, reportingType: number, requestItemId: number) {
  return db
    .insertInto('partner_mappings')
    .values({
      partner_id: partnerId,
      manager_id: managerId,
      reporting_type: reportingType,
      valid_from: sql<Date>`now()`,
      request_item_id: requestItemId,
    })
    .returning(['id', 'valid_from'])
    .executeTakeFirstOrThrow();
}
