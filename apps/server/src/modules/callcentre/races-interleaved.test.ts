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

/**
 * Another request wins between this request's read and its write (made certain by running the other
 * request's change right after the read): the transition must not happen twice, nor be audited twice.
 */
describe('a change between read and write', () => {
  let ctx: CallCentreContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createCallCentreApp();
    token = await signIn(ctx.app, 'trm');
  });
  afterAll(() => ctx.close());

  const post = (path: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `${API}${path}`, headers: authHeader(token), payload });
  const audits = (action: string) => ctx.db.db.selectFrom('audit_events').selectAll().where('action', '=', action).execute();

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
