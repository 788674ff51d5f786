import { CALLCENTRE_PATHS } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallCentreApp, type CallCentreContext } from '../../../test/callcentre-fixtures';

describe('trm-save-outcome: the connect dialog’s Save in one transaction', () => {
  let ctx: CallCentreContext;
  beforeAll(async () => {
    ctx = await createCallCentreApp();
  });
  afterAll(() => ctx.close());

  const post = async (path: string, payload: object) => (await ctx.as('trm')).post(path, payload);
  const auditCount = async () => (await ctx.db.db.selectFrom('audit_events').select('id').execute()).length;
  /** What a save may change on a case: its row, its remarks, appointments and reassignments. */
  const snapshot = async (caseId: number) => ({
    kase: await ctx.db.db.selectFrom('cases').select(['status', 'remark', 'partner_id']).where('id', '=', caseId).executeTakeFirstOrThrow(),
    remarks: (await ctx.db.db.selectFrom('remarks').select('id').where('case_id', '=', caseId).execute()).length,
    appointments: (await ctx.db.db.selectFrom('appointments').select('id').where('case_id', '=', caseId).execute()).length,
    reassignments: (await ctx.db.db.selectFrom('case_reassignments').select('id').where('case_id', '=', caseId).execute()).length,
    audits: await auditCount(),
  });
  const slot = (caseId: number, partnerId: number, customerId: number, slotId: number, label: string) => ({
    customer_id: customerId,
    partner_id: partnerId,
    product_code: 10,
    slot_id: slotId,
    start_end_time: label,
    date: ctx.fx.tomorrow,
    case_id: caseId,
  });

  it('saves the remark, its booking, the new advisor and the status together, each audited as its own endpoint does', async () => {
    const { trmMissCase } = ctx.fx.cases;
    const { case_id: _ignored, ...booking } = slot(trmMissCase, ctx.fx.partners.p2, ctx.fx.customers.miss, 2, '11:00 AM - 12:00 PM');
    const res = await post(CALLCENTRE_PATHS.saveOutcome, {
      case_id: trmMissCase,
      remark: { remark: 3, is_connected: true, notes: 'Meet on Friday', is_customer: true },
      slot: booking,
      new_partner_username: 'EI0005',
      status: 'closed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: `Remarks updated successfully. Appointment booked for ${ctx.fx.tomorrow}, 11:00 AM - 12:00 PM. Case assigned to Anil Mehta (EI0005)`,
      remark: { message: 'Remarks updated successfully' },
      reassignment: { partner_ei_code: 'EI0005' },
      status: { message: 'Ticket closed successfully', status: 'closed' },
    });
    const after = await snapshot(trmMissCase);
    expect(after.kase).toEqual({ status: 'closed', remark: 'Schedule call', partner_id: ctx.fx.partners.p5 });
    expect([after.remarks, after.appointments, after.reassignments]).toEqual([1, 1, 1]);
    const actions = await ctx.db.db.selectFrom('audit_events').select('action').where('entity_id', '=', String(trmMissCase)).execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['appointment_booked', 'case_reassigned', 'case_remark', 'case_status']);
  });

  it('leaves nothing saved when the last part is refused: an advisor the search does not offer', async () => {
    const { trmCase } = ctx.fx.cases;
    const before = await snapshot(trmCase);
    const { case_id: _ignored, ...booking } = slot(trmCase, ctx.fx.partners.p1, ctx.fx.customers.asha, 4, '01:00 PM - 02:00 PM');
    const res = await post(CALLCENTRE_PATHS.saveOutcome, {
      case_id: trmCase,
      remark: { remark: 3, is_connected: true, notes: 'Half a save', is_customer: true },
      slot: booking,
      new_partner_username: 'EI9999',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No advisor EI9999' });
    expect(await snapshot(trmCase)).toEqual(before);
  });

  it('leaves nothing saved when the slot is already taken, with the booking endpoint’s message', async () => {
    const { trmCase } = ctx.fx.cases;
    const taken = slot(trmCase, ctx.fx.partners.p1, ctx.fx.customers.asha, 5, '02:00 PM - 03:00 PM');
    expect((await post(CALLCENTRE_PATHS.bookCustomerSlot, taken)).statusCode).toBe(200);
    const before = await snapshot(trmCase);
    const { case_id: _ignored, ...booking } = taken;
    const res = await post(CALLCENTRE_PATHS.saveOutcome, {
      case_id: trmCase,
      remark: { remark: 3, is_connected: true, notes: 'Taken slot', is_customer: true },
      slot: booking,
      status: 'closed',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: `The 02:00 PM - 03:00 PM slot on ${ctx.fx.tomorrow} is already booked for this advisor. Choose another slot.`,
    });
    expect(await snapshot(trmCase)).toEqual(before);
    // The connection is usable after the rolled-back save.
    expect((await post(CALLCENTRE_PATHS.updateRemarks, { case_id: trmCase, remark: 1, is_connected: true, notes: '' })).statusCode).toBe(
      200,
    );
  });

  it('refuses an empty save and other teams’ cases', async () => {
    const empty = await post(CALLCENTRE_PATHS.saveOutcome, { case_id: ctx.fx.cases.trmCase });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'Nothing to save' });
    const other = await post(CALLCENTRE_PATHS.saveOutcome, { case_id: ctx.fx.cases.trm2Case, status: 'closed' });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: `Case ${ctx.fx.cases.trm2Case} is outside your team` });
  });
});
