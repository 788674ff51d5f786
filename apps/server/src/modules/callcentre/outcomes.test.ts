import type { AppointmentListing, BookableCaseListing, RecommendedPartnersResponse, SlotsResponse, TrmCaseListing } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, signIn } from '../../../test/app';
import { addDays } from '@dossier/shared';
import { createCallCentreApp, type CallCentreContext } from '../../../test/callcentre-fixtures';

const API = '/services/communication/api/v1';
const RECOMMENDED = '/services/partner/trm/recommended_partners/';

describe('connect-dialog outcomes: status, remarks, advisors, reassignment, slots', () => {
  let ctx: CallCentreContext;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    ctx = await createCallCentreApp();
    for (const login of ['rm', 'trm', 'trm2', 'zsm2']) tokens.set(login, await signIn(ctx.app, login));
  });
  afterAll(() => ctx.close());

  const post = (login: string, url: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: url.startsWith('/') && !url.startsWith('/services') ? `${API}${url}` : url,
      headers: authHeader(tokens.get(login) ?? ''),
      payload,
    });
  const get = (login: string, path: string) =>
    ctx.app.inject({ method: 'GET', url: `${API}${path}`, headers: authHeader(tokens.get(login) ?? '') });
  const errorOf = (res: { json: <T>() => T }) => res.json<{ error: string }>().error;
  const auditOf = (action: string) => ctx.db.db.selectFrom('audit_events').selectAll().where('action', '=', action).execute();

  describe('trm-update-status', () => {
    it('closes and reopens a ticket, audited each time; the same status changes nothing', async () => {
      const { trmMissCase } = ctx.fx.cases;
      const closed = await post('trm', '/trm-update-status/', { case_id: trmMissCase, status: 'closed' });
      expect(closed.statusCode).toBe(200);
      expect(closed.json()).toEqual({ message: 'Ticket closed successfully', status: 'closed' });
      expect((await post('trm', '/trm-update-status/', { case_id: trmMissCase, status: 'closed' })).json()).toMatchObject({
        message: 'Ticket is already closed',
      });
      const listing = (await get('trm', `/trm-case-history/TRM001/?status=closed`)).json<TrmCaseListing>();
      expect(listing.data.map((r) => r.case_id)).toEqual([trmMissCase]);
      expect((await post('trm', '/trm-update-status/', { case_id: trmMissCase, status: 'open' })).json()).toMatchObject({ status: 'open' });
      const audited = await auditOf('case_status');
      expect(audited.map((a) => a.after)).toEqual([{ status: 'closed' }, { status: 'open' }]);
      expect(audited[0]?.before).toEqual({ status: 'open' });
    });

    it('refuses other teams’ cases, unknown cases and bad status', async () => {
      expect((await post('trm', '/trm-update-status/', { case_id: ctx.fx.cases.trm2Case, status: 'closed' })).statusCode).toBe(403);
      const unknown = await post('trm', '/trm-update-status/', { case_id: 424_242, status: 'closed' });
      expect(unknown.statusCode).toBe(403);
      expect(unknown.json()).toEqual({ error: 'Case 424242 is outside your team' });
      expect((await post('trm', '/trm-update-status/', { case_id: ctx.fx.cases.trmCase, status: 'close' })).statusCode).toBe(400);
    });
  });

  describe('trm-update-remarks', () => {
    it('records a customer remark: the choice becomes the case remark and the note shows on hover', async () => {
      const res = await post('trm', '/trm-update-remarks/', {
        case_id: ctx.fx.cases.trmCase,
        remark: 3,
        is_connected: true,
        notes: 'Wants a call on Friday',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Remarks updated successfully' });
      const row = (await get('trm', '/trm-case-history/TRM001/'))
        .json<TrmCaseListing>()
        .data.find((r) => r.case_id === ctx.fx.cases.trmCase);
      expect(row).toMatchObject({ remark: 'Schedule call', notes: ['Wants a call on Friday'] });
      expect((await auditOf('case_remark')).length).toBe(1);
    });

    it('records a partner remark with its reason', async () => {
      const res = await post('trm', '/trm-update-remarks/', {
        case_id: ctx.fx.cases.trmCase,
        remark: 2,
        is_connected: false,
        notes: '',
        reason: 1,
      });
      expect(res.statusCode).toBe(200);
      const stored = await ctx.db.db
        .selectFrom('remarks')
        .selectAll()
        .where('case_id', '=', ctx.fx.cases.trmCase)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ audience: 'partner', choice: 2, reason: 1, label: 'Partner: IVR', is_connected: false });
    });

    it('accepts a 260-character note and refuses 261 characters with a readable 400', async () => {
      expect(
        (
          await post('trm', '/trm-update-remarks/', {
            case_id: ctx.fx.cases.trmCase,
            remark: 1,
            is_connected: false,
            notes: 'n'.repeat(260),
          })
        ).statusCode,
      ).toBe(200);
      const res = await post('trm', '/trm-update-remarks/', {
        case_id: ctx.fx.cases.trmCase,
        remark: 1,
        is_connected: false,
        notes: 'n'.repeat(261),
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe('Note can not be more than 260 characters long');
    });

    it('refuses bad choices and other teams’ cases', async () => {
      expect((await post('trm', '/trm-update-remarks/', { case_id: ctx.fx.cases.trmCase, remark: 9, is_connected: true })).statusCode).toBe(
        400,
      );
      expect(
        (await post('trm', '/trm-update-remarks/', { case_id: ctx.fx.cases.trmCase, remark: 4, is_connected: true, is_customer: true }))
          .statusCode,
      ).toBe(400);
      expect(
        (await post('trm', '/trm-update-remarks/', { case_id: ctx.fx.cases.trmCase, remark: 1, is_connected: 'yes' })).statusCode,
      ).toBe(400);
      expect(
        (await post('trm', '/trm-update-remarks/', { case_id: ctx.fx.cases.trm2Case, remark: 1, is_connected: true })).statusCode,
      ).toBe(403);
    });
  });

  describe('recommended_partners', () => {
    it('answers each pincode rule with its own message', async () => {
      const cases: [unknown, string][] = [
        ['', 'Pincode is Required!'],
        [undefined, 'Pincode is Required!'],
        ['1100', 'Pincode should be atleast 6 characters long!'],
        ['1100012', 'Pincode can not be more then 6 characters long!'],
        ['11000a', 'Pincode is Incorrect'],
      ];
      for (const [pincode, message] of cases) {
        const res = await post('trm', RECOMMENDED, { pincode, partner_ams_id: 'TRM001', case_id: ctx.fx.cases.trmCase });
        expect(res.statusCode, String(pincode)).toBe(400);
        expect(errorOf(res)).toBe(message);
      }
    });

    it('ranks the same pincode first, then the area and region prefixes by recent business, leaving out the case’s partner', async () => {
      const res = await post('trm', RECOMMENDED, { pincode: '110001', partner_ams_id: 'TRM001', case_id: ctx.fx.cases.trmCase });
      expect(res.statusCode).toBe(200);
      const { data } = res.json<RecommendedPartnersResponse>();
      // EI0001 is the case's partner; EI0006 has no mapping; EI0004 is in another region.
      expect(data.map((p) => [p.partner_ams_id, p.match])).toEqual([
        ['EI0003', 'pincode'],
        ['EI0005', 'area'],
        ['EI0002', 'area'],
      ]);
      expect(data[0]).toEqual({ name: 'Mohan Das', partner_ams_id: 'EI0003', pincode: '110001', match: 'pincode' });
    });

    it('refuses a manager code outside the viewer’s team', async () => {
      expect(
        (await post('trm', RECOMMENDED, { pincode: '110001', partner_ams_id: 'TRM002', case_id: ctx.fx.cases.trmCase })).statusCode,
      ).toBe(403);
      expect(
        (await post('trm', RECOMMENDED, { pincode: '110001', partner_ams_id: 'TRM001', case_id: ctx.fx.cases.trm2Case })).statusCode,
      ).toBe(403);
    });
  });

  describe('trm-assign-new-partner', () => {
    it('hands the case to the chosen advisor, recorded and audited', async () => {
      const { trmMissCase } = ctx.fx.cases;
      const res = await post('trm', '/trm-assign-new-partner/', { case_id: trmMissCase, new_partner_username: 'EI0005' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'Case assigned to Anil Mehta (EI0005)',
        partner_name: 'Anil Mehta',
        partner_ei_code: 'EI0005',
      });
      const kase = await ctx.db.db.selectFrom('cases').select('partner_id').where('id', '=', trmMissCase).executeTakeFirstOrThrow();
      expect(kase.partner_id).toBe(ctx.fx.partners.p5);
      const recorded = await ctx.db.db.selectFrom('case_reassignments').selectAll().where('case_id', '=', trmMissCase).execute();
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({
        from_partner_id: ctx.fx.partners.p2,
        to_partner_id: ctx.fx.partners.p5,
        assigned_by: ctx.ids.get('TRM001'),
        pincode: '110002',
      });
      const audited = await auditOf('case_reassigned');
      expect(audited[0]).toMatchObject({
        entity: 'case',
        entity_id: String(trmMissCase),
        before: { partner_id: ctx.fx.partners.p2 },
        after: { partner_id: ctx.fx.partners.p5, partner_code: 'EI0005' },
      });
    });

    it('refuses the current advisor, unknown and unmapped advisors, other teams and closed tickets', async () => {
      const { trmMissCase, trm2Case, trmBusyCase } = ctx.fx.cases;
      expect((await post('trm', '/trm-assign-new-partner/', { case_id: trmMissCase, new_partner_username: 'EI0005' })).statusCode).toBe(
        400,
      );
      expect((await post('trm', '/trm-assign-new-partner/', { case_id: trmMissCase, new_partner_username: 'EI9999' })).statusCode).toBe(
        404,
      );
      expect((await post('trm', '/trm-assign-new-partner/', { case_id: trmMissCase, new_partner_username: 'EI0006' })).statusCode).toBe(
        400,
      );
      expect((await post('trm', '/trm-assign-new-partner/', { case_id: trmMissCase, new_partner_username: '' })).statusCode).toBe(400);
      expect((await post('trm', '/trm-assign-new-partner/', { case_id: trm2Case, new_partner_username: 'EI0003' })).statusCode).toBe(403);
      await post('trm', '/trm-update-status/', { case_id: trmBusyCase, status: 'closed' });
      expect((await post('trm', '/trm-assign-new-partner/', { case_id: trmBusyCase, new_partner_username: 'EI0003' })).statusCode).toBe(
        409,
      );
      await post('trm', '/trm-update-status/', { case_id: trmBusyCase, status: 'open' });
    });
  });

  describe('scheduler', () => {
    const book = (login: string, overrides: Record<string, unknown> = {}) =>
      post(login, '/scheduler/book-customer-slot/', {
        customer_id: ctx.fx.customers.asha,
        partner_id: ctx.fx.partners.p1,
        product_code: 10,
        case_id: ctx.fx.cases.trmCase,
        slot_id: 3,
        start_end_time: '12:00 PM - 01:00 PM',
        date: ctx.fx.tomorrow,
        ...overrides,
      });

    it('lists the slots, with availability for an advisor and day', async () => {
      const all = (await get('trm', '/scheduler/slots/')).json<SlotsResponse>();
      expect(all.data).toHaveLength(9);
      expect(all.data[0]).toEqual({ slot_id: 1, slot: '10:00 AM - 11:00 AM', available: true });
      expect(
        (await get('trm', '/scheduler/slots/?date=2020-01-01&partner_id=1')).json<SlotsResponse>().data.every((s) => !s.available),
      ).toBe(true);
      expect((await get('trm', '/scheduler/slots/?date=nope')).statusCode).toBe(400);
    });

    it('books a slot once; the database refuses the same advisor, day and slot again', async () => {
      const first = await book('trm');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ message: `Appointment booked for ${ctx.fx.tomorrow}, 12:00 PM - 01:00 PM` });
      const again = await book('trm');
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toMatch(/already booked for this advisor/);
      const slots = (await get('trm', `/scheduler/slots/?partner_id=${ctx.fx.partners.p1}&date=${ctx.fx.tomorrow}`)).json<SlotsResponse>();
      expect(slots.data.find((s) => s.slot_id === 3)?.available).toBe(false);
      // The rule lives in the database itself, not only in the service.
      await expect(
        ctx.db.db
          .insertInto('appointments')
          .values({
            customer_id: ctx.fx.customers.miss,
            partner_id: ctx.fx.partners.p1,
            product_type_id: 10,
            slot_id: 3,
            appointment_date: ctx.fx.tomorrow,
            start_end_time: 'x',
            booked_by: ctx.ids.get('RM001') ?? 0,
          })
          .execute(),
      ).rejects.toThrow(/appointments_one_booking_per_slot/);
      expect((await auditOf('appointment_booked')).length).toBe(1);
    });

    it('refuses past dates, a label that is not the slot’s, wrong parties and other teams', async () => {
      expect(errorOf(await book('trm', { date: addDays(ctx.fx.today, -1), slot_id: 4, start_end_time: '01:00 PM - 02:00 PM' }))).toBe(
        'The meeting date can not be before today',
      );
      expect((await book('trm', { slot_id: 4 })).statusCode).toBe(400);
      expect((await book('trm', { slot_id: 99, start_end_time: 'x' })).statusCode).toBe(400);
      expect((await book('trm', { partner_id: ctx.fx.partners.p2, slot_id: 5, start_end_time: '02:00 PM - 03:00 PM' })).statusCode).toBe(
        400,
      );
      expect((await book('trm', { date: '2025-13-01' })).statusCode).toBe(400);
      expect((await book('trm2', { slot_id: 5, start_end_time: '02:00 PM - 03:00 PM' })).statusCode).toBe(403);
    });

    it('lists the viewer’s appointments and cancels one with a reason, freeing the slot', async () => {
      const mine = (await get('trm', '/scheduler/my-appointments/')).json<AppointmentListing>();
      expect(mine.total_pages).toBe(1);
      expect(mine.data[0]).toMatchObject({
        customer_name: 'asha verma',
        partner_ei_code: 'EI0001',
        slot: '12:00 PM - 01:00 PM',
        date: ctx.fx.tomorrow,
        status: 'booked',
      });
      expect((await get('rm', '/scheduler/my-appointments/')).json<AppointmentListing>().data).toEqual([]);
      const id = mine.data[0]?.appointment_id ?? 0;
      expect((await post('trm', '/scheduler/cancel-appointment/', { appointment_id: id, reason: 'Whenever' })).statusCode).toBe(400);
      expect((await post('trm2', '/scheduler/cancel-appointment/', { appointment_id: id, reason: 'Other' })).statusCode).toBe(403);
      expect(
        (await post('trm', '/scheduler/cancel-appointment/', { appointment_id: id, reason: 'Customer not available' })).json(),
      ).toEqual({ message: 'Appointment cancelled' });
      expect((await post('trm', '/scheduler/cancel-appointment/', { appointment_id: id, reason: 'Other' })).statusCode).toBe(409);
      expect((await book('trm')).statusCode).toBe(200);
    });

    it('lists the cases the viewer can book on, searchable', async () => {
      const trm = (await get('trm', '/scheduler/my-cases/')).json<BookableCaseListing>();
      expect(trm.data.map((c) => c.case_id)).toContain(ctx.fx.cases.trmCase);
      expect(trm.data.map((c) => c.case_id)).not.toContain(ctx.fx.cases.trm2Case);
      const rm = (await get('rm', '/scheduler/my-cases/')).json<BookableCaseListing>();
      expect(rm.data.map((c) => c.case_id)).toEqual([ctx.fx.cases.leadCase]);
      expect(
        (await get('trm', '/scheduler/my-cases/?search=asha'))
          .json<BookableCaseListing>()
          .data.every((c) => c.customer_name === 'asha verma'),
      ).toBe(true);
      expect((await get('trm', '/scheduler/my-cases/?search=100%25_')).json<BookableCaseListing>().data).toEqual([]);
    });
  });
});
