import type { LeadListing, PartnerListByRm, TrmCaseListing } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, signIn } from '../../../test/app';
import { createCallCentreApp, type CallCentreContext } from '../../../test/callcentre-fixtures';

const API = '/services/communication/api/v1';

describe('call-centre listings', () => {
  let ctx: CallCentreContext;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    ctx = await createCallCentreApp();
    for (const login of ['rm', 'zsm', 'zsm2', 'trm', 'trm2']) tokens.set(login, await signIn(ctx.app, login));
  });
  afterAll(() => ctx.close());

  const get = (login: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: authHeader(tokens.get(login) ?? '') });

  describe('partner-listing (Advisor Connect Leads)', () => {
    it('lists the leads of the RM’s partners with the listing envelope', async () => {
      const res = await get('rm', `${API}/partner-listing/RM001/`);
      expect(res.statusCode).toBe(200);
      const body = res.json<LeadListing>();
      expect(body).toMatchObject({ total_pages: 1, current_page: 1 });
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({
        case_id: ctx.fx.cases.leadCase,
        partner_name: 'ravi KUMAR',
        username: 'EI0001',
        product_code: 10,
        customer_name: 'asha verma',
        date: ctx.fx.tomorrow,
        remark: 'Follow-up',
        call_count: 0,
        last_call_status: null,
        status: 'open',
      });
      expect(JSON.stringify(body)).not.toMatch(/9876543210/);
    });

    it('filters by date, partner and lead category (call_status), each a bound parameter', async () => {
      const at = (q: string) => get('rm', `${API}/partner-listing/RM001/?${q}`).then((r) => r.json<LeadListing>().data.length);
      expect(await at(`date=${ctx.fx.tomorrow}`)).toBe(1);
      expect(await at(`date=${ctx.fx.today}`)).toBe(0);
      expect(await at(`partner_id=${ctx.fx.partners.p1}`)).toBe(1);
      expect(await at(`partner_id=${ctx.fx.partners.p2}`)).toBe(0);
      expect(await at('call_status=1')).toBe(1);
      expect(await at('call_status=2')).toBe(0);
      expect(await at('call_status=0&partner_id=&date=')).toBe(1);
      expect(await at(`date=${ctx.fx.tomorrow}&partner_id=${ctx.fx.partners.p1}&call_status=1&current_page=1`)).toBe(1);
    });

    it('lets a manager read a team member’s leads, but not another branch’s (403) or an unknown code (404)', async () => {
      expect((await get('zsm', `${API}/partner-listing/RM001/`)).statusCode).toBe(200);
      expect((await get('rm', `${API}/partner-listing/RM003/`)).statusCode).toBe(403);
      expect((await get('zsm', `${API}/partner-listing/RM003/`)).statusCode).toBe(403);
      expect((await get('rm', `${API}/partner-listing/ZSM001/`)).statusCode).toBe(403);
      // An unknown code answers like another branch's (codes cannot be probed).
      const unknown = await get('rm', `${API}/partner-listing/NOBODY/`);
      expect(unknown.statusCode).toBe(403);
      expect(unknown.json()).toEqual({ error: 'Account NOBODY is outside your team' });
      expect((await ctx.app.inject({ method: 'GET', url: `${API}/partner-listing/RM001/` })).statusCode).toBe(401);
    });

    it('answers bad query values with 400 and a readable message', async () => {
      for (const [q, message] of [
        ['date=2025-02-30', 'Date must be a date in yyyy-MM-dd format'],
        ['date=21-11-2025', 'Date must be a date in yyyy-MM-dd format'],
        ['current_page=0', 'Current page must be 1 or more'],
        ['current_page=x', 'Current page is not valid'],
        ['partner_id=abc', 'Partner id is not valid'],
        ['call_status=-1', 'Call status is not valid'],
      ]) {
        const res = await get('rm', `${API}/partner-listing/RM001/?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json<{ error: string }>().error, q).toBe(message);
        expect(res.json<{ detail: { issues: string[] } }>().detail.issues[0], q).toMatch(/^querystring\./);
      }
      expect((await get('rm', `${API}/partner-listing/RM001%27--/`)).statusCode).toBe(400);
    });

    it('pages past the end with an empty page, not an error', async () => {
      const body = (await get('rm', `${API}/partner-listing/RM001/?current_page=7`)).json<LeadListing>();
      expect(body).toEqual({ data: [], total_pages: 1, current_page: 7 });
    });
  });

  describe('partner-listing-by-rm', () => {
    it('returns the RM’s partners and the lead categories with open-lead counts', async () => {
      const res = await get('rm', `${API}/partner-listing-by-rm/RM001/`);
      expect(res.statusCode).toBe(200);
      const body = res.json<PartnerListByRm>();
      expect(body.data.map((p) => p.name)).toEqual(['anil mehta', 'ravi KUMAR', 'sunita rao']);
      expect(body.leadsData[0]).toEqual({ value: 0, name: 'All Leads', icon: 'all', 'leads-no': 1 });
      expect(body.leadsData.find((c) => c.value === 1)).toMatchObject({ name: 'Call Back Requested', 'leads-no': 1 });
      expect(body.leadsData.find((c) => c.value === 2)).toMatchObject({ 'leads-no': 0 });
      expect((await get('rm', `${API}/partner-listing-by-rm/RM002/`)).statusCode).toBe(403);
    });

    it('counts the leads of the date the listing is filtered by', async () => {
      const all = (await get('rm', `${API}/partner-listing/RM001/`)).json<LeadListing>().data;
      const leadDate = all[0]?.date ?? '';
      expect(leadDate).not.toBe('');
      const counts = async (date: string) =>
        (await get('rm', `${API}/partner-listing-by-rm/RM001/?date=${date}`)).json<PartnerListByRm>().leadsData.map((c) => c['leads-no']);
      // Each box counts what the listing shows for that date and category (open leads).
      const onDate = await counts(leadDate);
      const listed = all.filter((l) => l.date === leadDate && l.status === 'open');
      expect(onDate[0]).toBe(listed.length);
      expect(onDate[0]).toBeGreaterThan(0);
      // A date without leads counts none, in every box.
      expect((await counts('2020-01-01')).every((n) => n === 0)).toBe(true);
      expect((await get('rm', `${API}/partner-listing-by-rm/RM001/?date=2020-02-30`)).statusCode).toBe(400);
    });
  });

  describe('trm-case-history (TRM dashboard)', () => {
    it('lists the TRM’s cases, filtered by date and status, paged on the server', async () => {
      const res = await get('trm', `${API}/trm-case-history/TRM001/?date=${ctx.fx.today}&status=open&current_page=1`);
      expect(res.statusCode).toBe(200);
      const body = res.json<TrmCaseListing>();
      expect(body.total_pages).toBe(1);
      expect(body.data.map((r) => r.case_id).sort()).toEqual([ctx.fx.cases.trmCase, ctx.fx.cases.trmMissCase].sort());
      expect(body.data.find((r) => r.case_id === ctx.fx.cases.trmCase)).toMatchObject({
        status: 'open',
        product_code: 10,
        partner_name: 'ravi KUMAR',
        partner_ei_code: 'EI0001',
        customer_name: 'asha verma',
        pin: '110001',
        remark: 'Follow-up',
        notes: [],
        call_count: 0,
        last_call_status: null,
        call_details: [],
        partner_call_logs: [],
      });
      const tomorrow = (await get('trm', `${API}/trm-case-history/TRM001/?date=${ctx.fx.tomorrow}`)).json<TrmCaseListing>();
      expect(tomorrow.data.map((r) => r.case_id)).toEqual([ctx.fx.cases.trmBusyCase]);
      const closed = (await get('trm', `${API}/trm-case-history/TRM001/?status=closed`)).json<TrmCaseListing>();
      expect(closed).toEqual({ data: [], total_pages: 0, current_page: 1 });
    });

    it('refuses another TRM’s cases (403) and bad status (400)', async () => {
      expect((await get('trm', `${API}/trm-case-history/TRM002/`)).statusCode).toBe(403);
      expect((await get('zsm', `${API}/trm-case-history/TRM002/`)).statusCode).toBe(403);
      expect((await get('zsm2', `${API}/trm-case-history/TRM002/`)).statusCode).toBe(200);
      expect((await get('trm', `${API}/trm-case-history/TRM001/?status=close`)).statusCode).toBe(400);
    });

    it('gives a supervisor the cases of the TRMs under them, on their own code', async () => {
      // ZSM001 stands above TRM001 (a supervisor of TRMs); TRM002's cases belong to another branch.
      const own = (await get('trm', `${API}/trm-case-history/TRM001/?status=open`)).json<TrmCaseListing>();
      const res = await get('zsm', `${API}/trm-case-history/ZSM001/?status=open`);
      expect(res.statusCode).toBe(200);
      const team = res.json<TrmCaseListing>();
      expect(team.data.map((r) => r.case_id).sort()).toEqual(own.data.map((r) => r.case_id).sort());
      expect(team.data.length).toBeGreaterThan(0);
      expect(team.data.map((r) => r.case_id)).not.toContain(ctx.fx.cases.trm2Case);
    });

    it("shows the time the case was raised beside its date ('Date & Time'), in India time", async () => {
      const body = (await get('trm', `${API}/trm-case-history/TRM001/?date=${ctx.fx.today}`)).json<TrmCaseListing>();
      const row = body.data.find((r) => r.case_id === ctx.fx.cases.trmCase);
      const stored = await ctx.db.db
        .selectFrom('cases')
        .select('created_at')
        .where('id', '=', ctx.fx.cases.trmCase)
        .executeTakeFirstOrThrow();
      const india = new Date(new Date(stored.created_at).getTime() + 330 * 60_000);
      const h = india.getUTCHours();
      const expected = `${String(h % 12 || 12).padStart(2, '0')}:${String(india.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
      expect(row?.time).toBe(expected);
    });

    it('pages 10 rows at a time', async () => {
      const trmId = ctx.ids.get('TRM001') ?? 0;
      const rows = Array.from({ length: 12 }, () => ({
        customer_id: ctx.fx.customers.asha,
        partner_id: ctx.fx.partners.p1,
        trm_id: trmId,
        product_type_id: 10,
        case_date: '2024-05-01',
        pincode: '110001',
      }));
      await ctx.db.db.insertInto('cases').values(rows).execute();
      const first = (await get('trm', `${API}/trm-case-history/TRM001/?date=2024-05-01`)).json<TrmCaseListing>();
      expect(first.data).toHaveLength(10);
      expect(first.total_pages).toBe(2);
      const second = (await get('trm', `${API}/trm-case-history/TRM001/?date=2024-05-01&current_page=2`)).json<TrmCaseListing>();
      expect(second.data).toHaveLength(2);
      expect(second.current_page).toBe(2);
    });
  });
});
