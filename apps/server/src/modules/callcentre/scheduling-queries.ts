import { sql, type Insertable } from 'kysely';
import type { Db } from '../../platform/db';
import type { Appointments as AppointmentsTable } from '../../platform/db-types';
import { containsPattern } from '../../platform/like';
import type { Paging } from '../../platform/paging';

export function activeSlots(db: Db) {
  return db.selectFrom('slots').select(['id', 'label', 'starts_at', 'ends_at']).where('active', '=', true).orderBy('sort_order').execute();
}

export async function bookedSlotIds(db: Db, partnerId: number, date: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('appointments')
    .select('slot_id')
    .where('partner_id', '=', partnerId)
    .where('appointment_date', '=', date)
    .where('status', '=', 'booked')
    .execute();
  return new Set(rows.map((r) => r.slot_id));
}

export async function appointmentsPage(db: Db, bookedBy: number, status: 'booked' | 'cancelled' | undefined, paging: Paging) {
  let q = db.selectFrom('appointments as a').where('a.booked_by', '=', bookedBy);
  if (status) q = q.where('a.status', '=', status);
  const total = (await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
  const rows = await q
    .innerJoin('slots as s', 's.id', 'a.slot_id')
    .innerJoin('customers as cu', 'cu.id', 'a.customer_id')
    .innerJoin('partners as p', 'p.id', 'a.partner_id')
    // The names of the API's AppointmentRow.
    .select([
      'a.id as appointment_id',
      'a.case_id',
      'cu.name as customer_name',
      'p.name as partner_name',
      'p.unique_code as partner_ei_code',
      'a.product_type_id as product_code',
      'a.appointment_date as date',
      'a.start_end_time as slot',
      'a.status',
      'a.cancel_reason',
    ])
    .orderBy('a.appointment_date', 'desc')
    .orderBy('s.sort_order')
    .orderBy('a.id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  return { total, rows };
}

/** Open cases the viewer works directly: as their TRM, or as a lead of a partner mapped to them. */
export async function bookableCasesPage(db: Db, employeeId: number, search: string | undefined, paging: Paging) {
  let q = db
    .selectFrom('cases as c')
    .innerJoin('customers as cu', 'cu.id', 'c.customer_id')
    .leftJoin('partners as p', 'p.id', 'c.partner_id')
    .where('c.status', '=', 'open')
    .where('c.partner_id', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('c.trm_id', '=', employeeId),
        eb.and([
          eb.exists(eb.selectFrom('leads as l').select('l.id').whereRef('l.case_id', '=', 'c.id')),
          eb.exists(
            eb
              .selectFrom('partner_mappings as m')
              .select('m.id')
              .whereRef('m.partner_id', '=', 'c.partner_id')
              .where('m.valid_to', 'is', null)
              .where('m.manager_id', '=', employeeId),
          ),
        ]),
      ]),
    );
  if (search) {
    const asId = /^\d{1,15}$/.test(search) ? Number(search) : null;
    // The search text is a bound parameter; LIKE wildcards in it are escaped to match literally.
    const pattern = containsPattern(search);
    q = q.where((eb) => eb.or([eb('cu.name', 'ilike', pattern), eb('p.name', 'ilike', pattern), ...(asId ? [eb('c.id', '=', asId)] : [])]));
  }
  const total = (await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
  const rows = await q
    // The names of the API's BookableCase.
    .select([
      'c.id as case_id',
      'c.customer_id',
      'cu.name as customer_name',
      'c.partner_id',
      'p.name as partner_name',
      'p.unique_code as partner_ei_code',
      'c.product_type_id as product_code',
      'c.case_date as date',
      'c.status',
    ])
    .orderBy('c.case_date', 'desc')
    .orderBy('c.id', 'desc')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  return { total, rows };
}

/** An active slot by id, with what booking checks (its label and when it ends); undefined when unknown or retired. */
export function activeSlot(db: Db, slotId: number) {
  return db.selectFrom('slots').select(['id', 'label', 'ends_at']).where('id', '=', slotId).where('active', '=', true).executeTakeFirst();
}

/** Inserts a booking and returns its id; a second booking of the same slot fails on the unique index (23505). */
export async function insertAppointment(db: Db, appointment: Insertable<AppointmentsTable>): Promise<number> {
  const row = await db.insertInto('appointments').values(appointment).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** What cancelling checks of an appointment: who booked it and its status; undefined when unknown. */
/** Cancels an appointment only while booked; 0 rows when a concurrent cancellation came first. */
export async function cancelBookedAppointment(db: Db, appointmentId: number, reason: string, cancelledBy: number): Promise<number> {
  const changed = await db
    .updateTable('appointments')
    .set({ status: 'cancelled', cancel_reason: reason, cancelled_by: cancelledBy, cancelled_at: new Date() })
    .where('id', '=', appointmentId)
    .where('status', '=', 'booked')
    .executeTakeFirst();
  return Number(changed.numUpdatedRows);
}
