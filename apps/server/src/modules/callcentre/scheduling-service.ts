import {
  kolkataTime,
  kolkataToday,
  PAGE_SIZE,
  type AppointmentListing,
  type BookableCaseListing,
  type BookSlotRequest,
  type BookSlotResponse,
  type MessageResponse,
  type SlotsResponse,
} from '@dossier/shared';
import { requireAccess } from '../../platform/access';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { inTransaction } from '../../platform/transaction';
import { badRequest, conflict } from '../../platform/http-errors';
import type { Viewer } from '../../platform/viewer';
import { numberedPage, pageNumbers } from '../../platform/paging';
import { requireOpen } from './open-case';
import {
  activeSlot,
  activeSlots,
  appointmentsPage,
  bookableCasesPage,
  bookedSlotIds,
  cancelBookedAppointment,
  insertAppointment,
} from './scheduling-queries';

const UNIQUE_VIOLATION = '23505';

/** Time slots, bookings and the viewer's appointments. */

/** Slots in order; with an advisor and a day, whether each is still free (not booked, not over). */
export async function slots(
  db: Db,
  partnerId: number | undefined,
  date: string | undefined,
  currentTime: () => Date = () => new Date(),
): Promise<SlotsResponse> {
  const slots = await activeSlots(db);
  const booked = partnerId && date ? await bookedSlotIds(db, partnerId, date) : new Set<number>();
  const now = currentTime();
  const today = kolkataToday(now);
  const clock = kolkataTime(now);
  return {
    data: slots.map((s) => ({
      slot_id: s.id,
      slot: s.label,
      available: !booked.has(s.id) && !(date !== undefined && (date < today || (date === today && s.ends_at.slice(0, 5) <= clock))),
    })),
  };
}

/** Books a meeting slot with the case's advisor; the database refuses a second booking of it. */
export async function book(
  db: Db,
  viewer: Viewer,
  body: BookSlotRequest,
  ip: string,
  currentTime: () => Date = () => new Date(),
): Promise<BookSlotResponse> {
  const found = await requireAccess(db, viewer, { kind: 'case', id: body.case_id });
  requireOpen(found, 'book a meeting');
  if (body.customer_id !== found.customer_id) throw badRequest(`customer_id ${body.customer_id} is not the customer of case ${found.id}`);
  if (body.partner_id !== found.partner_id) throw badRequest(`partner_id ${body.partner_id} is not the advisor of case ${found.id}`);
  if (body.product_code !== found.product_type_id)
    throw badRequest(`product_code ${body.product_code} is not the product of case ${found.id}`);
  const slot = await activeSlot(db, body.slot_id);
  if (!slot) throw badRequest(`Unknown time slot ${body.slot_id}`);
  if (slot.label !== body.start_end_time)
    throw badRequest(`start_end_time '${body.start_end_time}' is not the label of slot ${slot.id} ('${slot.label}')`);
  const now = currentTime();
  const today = kolkataToday(now);
  if (body.date < today) throw badRequest('The meeting date can not be before today');
  if (body.date === today && slot.ends_at.slice(0, 5) <= kolkataTime(now)) throw badRequest(`The ${slot.label} slot is already over today`);
  try {
    const appointmentId = await inTransaction(db, async (trx) => {
      const id = await insertAppointment(trx, {
        case_id: found.id,
        customer_id: found.customer_id,
        partner_id: body.partner_id,
        product_type_id: found.product_type_id,
        slot_id: slot.id,
        appointment_date: body.date,
        start_end_time: slot.label,
        booked_by: viewer.employeeId,
      });
      await audit(trx, {
        actorUserId: viewer.userId,
        action: 'appointment_booked',
        entity: 'case',
        entityId: found.id,
        after: { appointment_id: id, date: body.date, slot: slot.label, partner_id: body.partner_id },
        ip,
      });
      return id;
    });
    return { message: `Appointment booked for ${body.date}, ${slot.label}`, appointment_id: appointmentId };
  } catch (err) {
    if ((err as { code?: unknown }).code === UNIQUE_VIOLATION) {
      throw conflict(`The ${slot.label} slot on ${body.date} is already booked for this advisor. Choose another slot.`);
    }
    throw err;
  }
}

export async function myAppointments(
  db: Db,
  viewer: Viewer,
  status: 'booked' | 'cancelled' | undefined,
  page: number,
): Promise<AppointmentListing> {
  const { total, rows } = await appointmentsPage(db, viewer.employeeId, status, numberedPage(page, PAGE_SIZE));
  return { data: rows, ...pageNumbers(total, page, PAGE_SIZE) };
}

/** Cancels a booking the viewer (or someone in their team) made; the slot becomes free again. */
export async function cancel(db: Db, viewer: Viewer, appointmentId: number, reason: string, ip: string): Promise<MessageResponse> {
  const appt = await requireAccess(db, viewer, { kind: 'appointment', id: appointmentId });
  if (appt.status !== 'booked') throw conflict('This appointment is already cancelled');
  await inTransaction(db, async (trx) => {
    // Only a booked appointment is cancelled: of concurrent cancellations one wins, the rest answer 409.
    const changed = await cancelBookedAppointment(trx, appointmentId, reason, viewer.employeeId);
    if (changed === 0) throw conflict('This appointment is already cancelled');
    await audit(trx, {
      actorUserId: viewer.userId,
      action: 'appointment_cancelled',
      entity: 'appointment',
      entityId: appointmentId,
      before: { status: 'booked' },
      after: { status: 'cancelled', reason },
      ip,
    });
  });
  return { message: 'Appointment cancelled' };
}

export async function bookableCases(db: Db, viewer: Viewer, search: string | undefined, page: number): Promise<BookableCaseListing> {
  const { total, rows } = await bookableCasesPage(db, viewer.employeeId, search, numberedPage(page, PAGE_SIZE));
  return { data: rows, ...pageNumbers(total, page, PAGE_SIZE) };
}
