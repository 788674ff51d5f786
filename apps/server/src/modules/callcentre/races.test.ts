import type { AppointmentListing } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, signIn } from '../../../test/app';
import { createCallCentreApp, type CallCentreContext } from '../../../test/callcentre-fixtures';

const API = '/services/communication/api/v1';

/** Concurrent requests on one case or appointment: one transition happens, once audited; the rest get 409. */
describe('check-then-write races', () => {
  let ctx: CallCentreContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createCallCentreApp();
    token = await signIn(ctx.app, 'trm');
  });
  afterAll(() => ctx.close());

  const post = (path: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `${API}${path}`, headers: authHeader(token), payload });
  const audits = (action: string, entityId: number) =>
    ctx.db.db.selectFrom('audit_events').selectAll().where('action', '=', action).where('entity_id', '=', String(entityId)).execute();

  it('10 concurrent closings of one ticket: one closes it, one audit row, the others are told it already is', async () => {
    const caseId = ctx.fx.cases.trmCase;
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/trm-update-status/', { case_id: caseId, status: 'closed' })));
    const closed = answers.filter((a) => a.statusCode === 200 && a.json<{ message: string }>().message === 'Ticket closed successfully');
    expect(closed).toHaveLength(1);
    for (const a of answers.filter((x) => !closed.includes(x))) {
      const ok409 =
        a.statusCode === 409 && a.json<{ error: string }>().error === 'This ticket was just changed by someone else: it is already closed.';
      const already = a.statusCode === 200 && a.json<{ message: string }>().message === 'Ticket is already closed';
      expect(ok409 || already, `${a.statusCode} ${a.body}`).toBe(true);
    }
    expect((await audits('case_status', caseId)).map((r) => r.after)).toEqual([{ status: 'closed' }]);
  });

  it('6 concurrent cancellations of one appointment: one cancels with its reason, the others get 409', async () => {
    const booked = await post('/scheduler/book-customer-slot/', {
      customer_id: ctx.fx.customers.miss,
      partner_id: ctx.fx.partners.p2,
      product_code: 10,
      case_id: ctx.fx.cases.trmMissCase,
      slot_id: 6,
      start_end_time: '03:00 PM - 04:00 PM',
      date: ctx.fx.tomorrow,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const mine = (
      await ctx.app.inject({ method: 'GET', url: `${API}/scheduler/my-appointments/`, headers: authHeader(token) })
    ).json<AppointmentListing>();
    const id = mine.data.find((a) => a.slot === '03:00 PM - 04:00 PM')?.appointment_id ?? 0;
    const reasons = ['Customer not available', 'Customer not interested', 'Other'];
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post('/scheduler/cancel-appointment/', { appointment_id: id, reason: reasons[i % 3] })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json()).toEqual({ error: 'This appointment is already cancelled' });
    }
    const winner = answers.findIndex((a) => a.statusCode === 200);
    const row = await ctx.db.db
      .selectFrom('appointments')
      .select(['status', 'cancel_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cancelled', cancel_reason: reasons[winner % 3] });
    const audited = await audits('appointment_cancelled', id);
    expect(audited.map((r) => r.after)).toEqual([{ status: 'cancelled', reason: reasons[winner % 3] }]);
  });

  it('a call keeps at most 20 notes: the 21st is refused with 409 and nothing is written', async () => {
    const caseId = ctx.fx.cases.trmBusyCase;
    const note = (i: number) => post('/trm-update-remarks/', { case_id: caseId, remark: 1, is_connected: true, notes: `note ${i}` });
    for (let i = 0; i < 20; i++) expect((await note(i)).statusCode).toBe(200);
    const refused = await note(20);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'A call keeps at most 20 notes. Place the next call to add more.' });
    const kept = await ctx.db.db.selectFrom('remarks').select('notes').where('case_id', '=', caseId).execute();
    expect(kept.map((k) => k.notes)).toEqual(Array.from({ length: 20 }, (_, i) => `note ${i}`));
  });

  it('30 concurrent notes on one call: exactly 20 are kept, the other 10 get 409', async () => {
    const caseId = ctx.fx.cases.trmMissCase;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post('/trm-update-remarks/', { case_id: caseId, remark: 1, is_connected: false, notes: `together ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(20);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(10);
    const kept = await ctx.db.db.selectFrom('remarks').select('notes').where('case_id', '=', caseId).execute();
    expect(kept).toHaveLength(20);
  });
});
