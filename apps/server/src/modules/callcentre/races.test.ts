import type { AppointmentListing } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeader, signIn } from '../../../test/app';
import { createCallCentreApp, type CallCentreContext } from '../../../test/callcentre-fixtures';
import * as access from '../../platform/access';

vi.mock('../../platform/access', async (original) => {
  const real = await original<typeof access>();
  return { ...real, requireAccess: vi.fn(real.requireAccess) };
});

/**
 * Runs `change` once, right after the next access check of a `kind` target has read its row (and found it the
 * viewer's): another request's change lands between this request's read and its write.
 */
function changeAfterAccess(kind: 'case' | 'appointment', change: (row: { id: number }) => Promise<void>): void {
  const check = vi.mocked(access.requireAccess);
  const real = check.getMockImplementation();
  if (!real) throw new Error('no real requireAccess');
  let pending = true;
  check.mockImplementation(async (db, viewer, target) => {
    const row = await real(db, viewer, target);
    if (pending && target.kind === kind) {
      pending = false;
      check.mockImplementation(real);
      await change(row as { id: number });
    }
    return row;
  });
}

const API = '/services/communication/api/v1';
let ctx: CallCentreContext;
let token: string;

/** Each describe runs on an app and a database of its own, the TRM signed in. */
function freshApp(): void {
  beforeAll(async () => {
    ctx = await createCallCentreApp();
    token = await signIn(ctx.app, 'trm');
  });
  afterAll(() => ctx.close());
}

const post = (path: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `${API}${path}`, headers: authHeader(token), payload });
/** The audit rows of an action, of one entity when given. */
const audits = (action: string, entityId?: number) =>
  ctx.db.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', action)
    .$if(entityId !== undefined, (q) => q.where('entity_id', '=', String(entityId)))
    .execute();

/**
 * Another request wins between this request's read and its write (made certain by running the other
 * request's change right after the read): the transition must not happen twice, nor be audited twice.
 */
describe('a change between read and write', () => {
  freshApp();

  it('cancelling an appointment someone else cancelled meanwhile answers 409 and keeps their reason', async () => {
    const booked = await post('/scheduler/book-customer-slot/', {
      customer_id: ctx.fx.customers.asha,
      partner_id: ctx.fx.partners.p1,
      product_code: 10,
      case_id: ctx.fx.cases.trmCase,
      slot_id: 7,
      start_end_time: '04:00 PM - 05:00 PM',
      date: ctx.fx.tomorrow,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const appt = {
      id: Number((await ctx.db.db.selectFrom('appointments').select('id').where('slot_id', '=', 7).executeTakeFirstOrThrow()).id),
    };
    changeAfterAccess('appointment', async () => {
      await ctx.db.db.updateTable('appointments').set({ status: 'cancelled', cancel_reason: 'Other' }).where('id', '=', appt.id).execute();
    });
    const res = await post('/scheduler/cancel-appointment/', { appointment_id: appt.id, reason: 'Customer not available' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This appointment is already cancelled' });
    const row = await ctx.db.db.selectFrom('appointments').select('cancel_reason').where('id', '=', appt.id).executeTakeFirstOrThrow();
    expect(row.cancel_reason).toBe('Other');
    expect(await audits('appointment_cancelled')).toEqual([]);
  });
  it('closing a ticket someone else closed meanwhile answers 409 and audits nothing', async () => {
    changeAfterAccess('case', async (row) => {
      await ctx.db.db.updateTable('cases').set({ status: 'closed' }).where('id', '=', row.id).execute();
    });
    const res = await post('/trm-update-status/', { case_id: ctx.fx.cases.trmCase, status: 'closed' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This ticket was just changed by someone else: it is already closed.' });
    expect(await audits('case_status')).toEqual([]);
  });

  it('reassigning a case someone else reassigned meanwhile answers 409 and records nothing', async () => {
    changeAfterAccess('case', async (row) => {
      await ctx.db.db.updateTable('cases').set({ partner_id: ctx.fx.partners.p5 }).where('id', '=', row.id).execute();
    });
    const res = await post('/trm-assign-new-partner/', { case_id: ctx.fx.cases.trmMissCase, new_partner_username: 'EI0003' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This case was just changed by someone else. Reload it and try again.' });
    expect(await audits('case_reassigned')).toEqual([]);
    expect(await ctx.db.db.selectFrom('case_reassignments').selectAll().execute()).toEqual([]);
  });
});

/** Concurrent requests on one case or appointment: one transition happens, once audited; the rest get 409. */
describe('check-then-write races', () => {
  freshApp();

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
