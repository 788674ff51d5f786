import type { RecommendedPartnersResponse } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, signIn } from '../../../test/app';
import { createCallCentreApp, type CallCentreContext } from '../../../test/callcentre-fixtures';

const API = '/services/communication/api/v1';
const RECOMMENDED = '/services/partner/trm/recommended_partners/';

/** The partner directory is reachable only through a case the caller works, around that case's pincode. */
describe('recommended advisors and reassignment are tied to a case', () => {
  let ctx: CallCentreContext;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    ctx = await createCallCentreApp();
    for (const login of ['trm', 'r204']) tokens.set(login, await signIn(ctx.app, login));
  });
  afterAll(() => ctx.close());

  const post = (login: string, url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: authHeader(tokens.get(login) ?? ''), payload });
  const errorOf = (res: { json: <T>() => T }) => res.json<{ error: string }>().error;

  it('refuses role 204, which works no call-centre screens', async () => {
    const search = await post('r204', RECOMMENDED, { pincode: '110001', partner_ams_id: 'RM002', case_id: ctx.fx.cases.trmCase });
    expect(search.statusCode).toBe(403);
    expect(errorOf(search)).toBe('Reassigning cases is not available for your role');
    const assign = await post('r204', `${API}/trm-assign-new-partner/`, { case_id: ctx.fx.cases.trmCase, new_partner_username: 'EI0003' });
    expect(assign.statusCode).toBe(403);
  });

  it('needs a case, searches only around its pincode, and only while it is open', async () => {
    const noCase = await post('trm', RECOMMENDED, { pincode: '110001', partner_ams_id: 'TRM001' });
    expect(noCase.statusCode).toBe(400);
    expect(errorOf(noCase)).toBe('Case id is missing');
    const elsewhere = await post('trm', RECOMMENDED, { pincode: '560001', partner_ams_id: 'TRM001', case_id: ctx.fx.cases.trmCase });
    expect(elsewhere.statusCode).toBe(400);
    expect(errorOf(elsewhere)).toBe("Advisors are searched near the customer's pincode on this case (110001).");
    const own = await post('trm', RECOMMENDED, { pincode: '110001', partner_ams_id: 'TRM001', case_id: ctx.fx.cases.trmCase });
    expect(own.json<RecommendedPartnersResponse>().data.map((p) => p.partner_ams_id)).toEqual(['EI0003', 'EI0005', 'EI0002']);
    await post('trm', `${API}/trm-update-status/`, { case_id: ctx.fx.cases.trmBusyCase, status: 'closed' });
    const closed = await post('trm', RECOMMENDED, { pincode: '110003', partner_ams_id: 'TRM001', case_id: ctx.fx.cases.trmBusyCase });
    expect(closed.statusCode).toBe(409);
    await post('trm', `${API}/trm-update-status/`, { case_id: ctx.fx.cases.trmBusyCase, status: 'open' });
  });

  it('assigns only an advisor the search would offer for that case', async () => {
    // EI0004 is active but in another region: never offered for a Delhi case.
    const far = await post('trm', `${API}/trm-assign-new-partner/`, { case_id: ctx.fx.cases.trmCase, new_partner_username: 'EI0004' });
    expect(far.statusCode).toBe(400);
    expect(errorOf(far)).toBe(
      'Advisor EI0004 is not among the advisors recommended for this case. Search advisors and choose one of them.',
    );
    const kase = await ctx.db.db.selectFrom('cases').select('partner_id').where('id', '=', ctx.fx.cases.trmCase).executeTakeFirstOrThrow();
    expect(kase.partner_id).toBe(ctx.fx.partners.p1);
    const near = await post('trm', `${API}/trm-assign-new-partner/`, { case_id: ctx.fx.cases.trmCase, new_partner_username: 'EI0003' });
    expect(near.statusCode).toBe(200);
  });

  it('limits advisor searches per user with a clear 429', async () => {
    const codes: number[] = [];
    let last = '';
    for (let i = 0; i < 22; i++) {
      const res = await post('trm', RECOMMENDED, { pincode: '110002', partner_ams_id: 'TRM001', case_id: ctx.fx.cases.trmMissCase });
      codes.push(res.statusCode);
      last = res.body;
    }
    // Three searches ran in the tests above: 20 a minute in all.
    expect(codes.filter((c) => c === 200).length).toBe(17);
    expect(codes.slice(17)).toEqual([429, 429, 429, 429, 429]);
    expect((JSON.parse(last) as { error: string }).error).toMatch(/^Too many advisor searches\. Try again in \d+ seconds\.$/);
  });
});
