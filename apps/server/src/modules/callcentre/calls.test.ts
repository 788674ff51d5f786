import type { CallDetailsResponse, CallToConnectResponse, TrmCaseListing } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatorProvider } from '../../platform/telephony/simulator';
import { authHeader, signIn } from '../../../test/app';
import { createCallCentreApp, type CallCentreContext } from '../../../test/callcentre-fixtures';

const API = '/services/communication/api/v1';
const PHONES = ['9876543210', '9876540000', '9876541111', '9811100000', '9800000001', '08047190000'];

describe('bridged calls through the simulator', () => {
  let ctx: CallCentreContext;
  // The simulator runs on this clock; it starts in the past so no timestamp is ever in the future.
  let clock = Date.now() - 3_600_000;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    ctx = await createCallCentreApp({
      telephony: new SimulatorProvider({ mode: 'deterministic', now: () => clock }),
      config: { CALL_RATE_LIMIT: '10' },
    });
    for (const login of ['rm', 'r204', 'trm', 'trm2', 'zsm2']) tokens.set(login, await signIn(ctx.app, login));
  });
  afterAll(() => ctx.close());

  const post = (login: string, path: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `${API}${path}`, headers: authHeader(tokens.get(login) ?? ''), payload });
  const connect = (login: string, body: { is_customer: boolean; case_id: number; to_user_id: number; trm_id: string }) =>
    post(login, '/trm-call-to-connect/', body);
  const history = async (caseId: number, login = 'trm') => {
    const res = await post(login, '/trm-partner-customer-call-details/', { case_id: caseId });
    expect(res.statusCode).toBe(200);
    return res.json<CallDetailsResponse>().data;
  };
  const row = async (caseId: number) =>
    (await ctx.app.inject({ method: 'GET', url: `${API}/trm-case-history/TRM001/`, headers: authHeader(tokens.get('trm') ?? '') }))
      .json<TrmCaseListing>()
      .data.find((r) => r.case_id === caseId);

  it('places a call and follows it queued → ringing → in-progress → completed, with a recording', async () => {
    const { cases, customers } = ctx.fx;
    const res = await connect('trm', { is_customer: true, case_id: cases.trmCase, to_user_id: customers.asha, trm_id: 'TRM001' });
    expect(res.statusCode).toBe(200);
    const placed = res.json<CallToConnectResponse>();
    expect(placed.message).toMatch(/Calling the customer/);
    expect(placed.call).toMatchObject({
      Status: 'queued',
      call_status: 'queued',
      direction: 'customer',
      To: 'XXXXXX3210',
      From: 'XXXXXX0000',
      from_name: 'trm Caller',
      to_name: 'asha verma',
      recording_url: null,
    });
    expect(placed.call.CallSid).toMatch(/^SIM/);
    for (const phone of PHONES) expect(res.body).not.toContain(phone);

    clock += 1500;
    expect((await history(cases.trmCase)).call_details[0]?.Status).toBe('ringing');
    expect((await row(cases.trmCase))?.last_call_status).toBe('ringing');
    clock += 2000;
    expect((await history(cases.trmCase)).call_details[0]?.Status).toBe('in-progress');
    clock += 5000;
    const done = await history(cases.trmCase);
    const call = done.call_details[0];
    expect(call).toMatchObject({
      Status: 'completed',
      call_status: 'completed',
      ConversationDuration: 4,
      Legs: [
        { OnCallDuration: 6, Status: 'completed' },
        { OnCallDuration: 4, Status: 'completed' },
      ],
    });
    expect(call?.EndTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(call?.recording_url).toMatch(/^\/api\/v1\/recordings\/\d+\/\?expires=\d+&signature=[\w-]+$/);
    const listed = await row(cases.trmCase);
    expect(listed).toMatchObject({ call_count: 1, last_call_status: 'completed' });
    expect(listed?.call_details[0]?.CallSid).toBe(call?.CallSid);

    const audio = await ctx.app.inject({ method: 'GET', url: `/services/communication${call?.recording_url ?? ''}` });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(audio.rawPayload.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(audio.rawPayload.length).toBeGreaterThan(8000 * 2 * 2);

    const tampered = (call?.recording_url ?? '').replace(/signature=.{4}/, 'signature=AAAA');
    expect((await ctx.app.inject({ method: 'GET', url: `/services/communication${tampered}` })).statusCode).toBe(403);
    const expired = (call?.recording_url ?? '').replace(/expires=\d+/, 'expires=1000');
    expect((await ctx.app.inject({ method: 'GET', url: `/services/communication${expired}` })).statusCode).toBe(403);

    const audited = await ctx.db.db
      .selectFrom('audit_events')
      .select(['action', 'after'])
      .where('entity', '=', 'case')
      .where('entity_id', '=', String(cases.trmCase))
      .execute();
    expect(audited.map((a) => a.action)).toContain('call_placed');
    const statuses = await ctx.db.db.selectFrom('audit_events').select('after').where('action', '=', 'call_status').execute();
    expect(statuses.length).toBeGreaterThanOrEqual(3);
  });

  it('shows an unanswered call as missed, without a recording', async () => {
    const { cases, customers } = ctx.fx;
    expect(
      (await connect('trm', { is_customer: true, case_id: cases.trmMissCase, to_user_id: customers.miss, trm_id: 'TRM001' })).statusCode,
    ).toBe(200);
    clock += 6000;
    const call = (await history(cases.trmMissCase)).call_details[0];
    expect(call).toMatchObject({ Status: 'no-answer', call_status: 'missed', ConversationDuration: 0, recording_url: null });
    expect(call?.Legs[1]).toEqual({ OnCallDuration: 0, Status: 'no-answer' });
    expect((await row(cases.trmMissCase))?.last_call_status).toBe('missed');
  });

  it('shows a busy number as missed too', async () => {
    const { cases, customers } = ctx.fx;
    expect(
      (await connect('trm', { is_customer: true, case_id: cases.trmBusyCase, to_user_id: customers.busy, trm_id: 'TRM001' })).statusCode,
    ).toBe(200);
    clock += 3000;
    expect((await history(cases.trmBusyCase)).call_details[0]).toMatchObject({ Status: 'busy', call_status: 'missed' });
  });

  it('logs a finished partner call once in the case’s partner call log', async () => {
    const { cases, partners } = ctx.fx;
    expect(
      (await connect('trm', { is_customer: false, case_id: cases.trmCase, to_user_id: partners.p1, trm_id: 'TRM001' })).statusCode,
    ).toBe(200);
    clock += 9000;
    await history(cases.trmCase);
    await history(cases.trmCase);
    const listed = await row(cases.trmCase);
    expect(listed?.partner_call_logs).toHaveLength(1);
    expect(listed?.partner_call_logs[0]).toMatchObject({ from_name: 'trm Caller', to_name: 'ravi KUMAR', call_status: 'completed' });
    expect(listed?.call_count).toBe(2);
  });

  it('refuses a second call while one is still in progress', async () => {
    const { cases, customers } = ctx.fx;
    const body = { is_customer: true, case_id: cases.trmCase, to_user_id: customers.asha, trm_id: 'TRM001' };
    expect((await connect('trm', body)).statusCode).toBe(200);
    const again = await connect('trm', body);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toMatch(/still in progress/);
    clock += 9000;
    await history(cases.trmCase);
  });

  it('lets an RM call on a lead of their partner', async () => {
    const { cases, customers } = ctx.fx;
    const res = await connect('rm', { is_customer: true, case_id: cases.leadCase, to_user_id: customers.asha, trm_id: 'RM001' });
    expect(res.statusCode).toBe(200);
    clock += 9000;
    expect((await history(cases.leadCase, 'rm')).call_details[0]?.Status).toBe('completed');
  });

  it('refuses calls as someone else, on other teams’ cases, to the wrong person, on unknown cases and closed tickets', async () => {
    const { cases, customers, partners } = ctx.fx;
    expect(
      (await connect('trm', { is_customer: true, case_id: cases.trmCase, to_user_id: customers.asha, trm_id: 'TRM002' })).statusCode,
    ).toBe(403);
    expect(
      (await connect('trm', { is_customer: true, case_id: cases.trm2Case, to_user_id: customers.other, trm_id: 'TRM001' })).statusCode,
    ).toBe(403);
    expect(
      (await connect('r204', { is_customer: true, case_id: cases.leadCase, to_user_id: customers.asha, trm_id: 'RM002' })).statusCode,
    ).toBe(403);
    // An unknown case answers like another team's (case numbers cannot be probed).
    const unknown = await connect('trm', { is_customer: true, case_id: 999_999, to_user_id: customers.asha, trm_id: 'TRM001' });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual({ error: 'Case 999999 is outside your team' });
    const wrong = await connect('trm', { is_customer: true, case_id: cases.trmCase, to_user_id: customers.miss, trm_id: 'TRM001' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ error: string }>().error).toMatch(/is not the customer of case/);
    expect(
      (await connect('trm', { is_customer: false, case_id: cases.trmCase, to_user_id: partners.p2, trm_id: 'TRM001' })).statusCode,
    ).toBe(400);
    for (const bad of [
      {},
      { is_customer: 'yes', case_id: 1, to_user_id: 1, trm_id: 'TRM001' },
      { is_customer: true, case_id: -1, to_user_id: 1, trm_id: 'TRM001' },
    ]) {
      const res = await post('trm', '/trm-call-to-connect/', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/^[A-Z][a-z ]+ (is missing|is not valid)\b/);
    }
    expect((await post('trm', '/trm-partner-customer-call-details/', { case_id: cases.trm2Case })).statusCode).toBe(403);
    expect((await post('zsm2', '/trm-partner-customer-call-details/', { case_id: cases.trm2Case })).statusCode).toBe(200);
    expect((await post('trm', '/trm-partner-customer-call-details/', { case_id: 'x' })).statusCode).toBe(400);

    expect((await post('trm', '/trm-update-status/', { case_id: cases.trmBusyCase, status: 'closed' })).statusCode).toBe(200);
    const closed = await connect('trm', { is_customer: true, case_id: cases.trmBusyCase, to_user_id: customers.busy, trm_id: 'TRM001' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json<{ error: string }>().error).toMatch(/ticket is closed/);
  });

  it('rate limits call placement with a clear 429', async () => {
    const { cases, customers } = ctx.fx;
    const body = { is_customer: true, case_id: cases.trm2Case, to_user_id: customers.other, trm_id: 'TRM002' };
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await connect('trm2', body)).statusCode);
    expect(codes.slice(0, 10)).toEqual([200, ...Array<number>(9).fill(409)]);
    const limited = await connect('trm2', body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: string }>().error).toMatch(/^Too many calls placed\. Try again in \d+ seconds\.$/);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
