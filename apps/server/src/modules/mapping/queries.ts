import { designationsWith } from '@dossier/shared';
import { sql } from 'kysely';
import type { Db } from '../../platform/db';

/**
 * Partners with no mapping in force (the requester's pool), each with the pending request holding
 * it, if any, and whether the viewer may withdraw that request (raised by them or below them).
 */
export function unmappedPartners(db: Db, viewerEmployeeId: number) {
  return (
    db
      .selectFrom('partners as p')
      .innerJoin('states as s', 's.id', 'p.state_id')
      .leftJoin('mapping_request_items as i', (j) => j.onRef('i.partner_id', '=', 'p.id').on('i.status', '=', 'pending'))
      .leftJoin('mapping_requests as r', 'r.id', 'i.request_id')
      // The manager a pending request is waiting on is shown only when they are in the viewer's team:
      // requests of other branches say that the partner is taken, not to whom.
      .leftJoin('employee_closure as mc', (j) =>
        j.onRef('mc.descendant_id', '=', 'r.manager_id').on('mc.ancestor_id', '=', viewerEmployeeId),
      )
      .leftJoin('employees as m', 'm.id', 'mc.descendant_id')
      .leftJoin('employee_closure as c', (j) =>
        j.onRef('c.descendant_id', '=', 'r.requested_by').on('c.ancestor_id', '=', viewerEmployeeId),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('partner_mappings as pm')
              .select(sql`1`.as('one'))
              .whereRef('pm.partner_id', '=', 'p.id')
              .where('pm.valid_to', 'is', null),
          ),
        ),
      )
      .select([
        'p.id',
        'p.unique_code',
        'p.name',
        'p.pincode',
        's.name as state',
        'p.li_pos_status',
        'r.code as pending_request',
        'm.name as manager_name',
        'm.unique_code as manager_code',
        sql<boolean>`c.ancestor_id is not null`.as('can_cancel'),
      ])
      .orderBy('p.registered_at', 'desc')
      .orderBy('p.unique_code')
      .execute()
  );
}

/** Employees of the viewer's subtree who can take partners. */
export function mappingTargets(db: Db, viewerEmployeeId: number) {
  return db
    .selectFrom('employees as e')
    .innerJoin('employee_closure as c', (j) => j.onRef('c.descendant_id', '=', 'e.id').on('c.ancestor_id', '=', viewerEmployeeId))
    .where('e.active', '=', true)
    .where('e.designation', 'not in', designationsWith('call-centre-staff'))
    .select(['e.id', 'e.unique_code', 'e.name', 'e.designation', 'c.depth'])
    .orderBy('c.depth')
    .orderBy('e.name')
    .execute();
}

export function employeeByCode(db: Db, code: string) {
  return db
    .selectFrom('employees')
    .select(['id', 'unique_code', 'name', 'designation', 'active'])
    .where('unique_code', '=', code)
    .executeTakeFirst();
}

/** The partners with their current managers (none for unmapped partners) and any pending request. */
export function partnersForRequest(db: Db, codes: readonly string[]) {
  return db
    .selectFrom('partners as p')
    .leftJoin('partner_mappings as pm', (j) => j.onRef('pm.partner_id', '=', 'p.id').on('pm.valid_to', 'is', null))
    .leftJoin('mapping_request_items as i', (j) => j.onRef('i.partner_id', '=', 'p.id').on('i.status', '=', 'pending'))
    .leftJoin('mapping_requests as r', 'r.id', 'i.request_id')
    .where('p.unique_code', 'in', codes)
    .select(['p.id', 'p.unique_code', 'p.li_pos_status', 'pm.manager_id', 'r.code as pending_request'])
    .execute();
}

export function insertRequest(db: Db, requestedBy: number, managerId: number, productLine: string) {
  return db
    .insertInto('mapping_requests')
    .values({
      code: sql<string>`'MR' || lpad(nextval('mapping_request_code_seq')::text, 6, '0')`,
      requested_by: requestedBy,
      manager_id: managerId,
      product_line: productLine,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}

export function insertItems(db: Db, requestId: number, partnerIds: readonly number[]) {
  return db
    .insertInto('mapping_request_items')
    .values(partnerIds.map((partner_id) => ({ request_id: requestId, partner_id })))
    .returning(['id', 'partner_id'])
    .execute();
}

/** The partner's latest request item, locked, with its request. */
export function latestItemOfPartner(db: Db, partnerId: number) {
  return db
    .selectFrom('mapping_request_items as i')
    .innerJoin('mapping_requests as r', 'r.id', 'i.request_id')
    .where('i.partner_id', '=', partnerId)
    .select(['i.id', 'i.status', 'r.code', 'r.requested_by', 'r.manager_id'])
    .orderBy(sql`i.status = 'pending'`, 'desc')
    .orderBy('i.id', 'desc')
    .limit(1)
    .forUpdate('i')
    .executeTakeFirst();
}

/** The partner a cancellation names, by its code; undefined when there is none. */
export function partnerByCode(db: Db, code: string) {
  return db.selectFrom('partners').select(['id', 'unique_code']).where('unique_code', '=', code).executeTakeFirst();
}
