import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallDetailsResponse, CallToConnectResponse } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { parseExotelCall, parseExotelCallback } from '../../platform/telephony/exotel';
import { createTelephony } from '../../platform/telephony/index';
import { formatProviderTime, parseProviderTime } from '../../platform/telephony/times';
import { authHeader, signIn } from '../../../test/app';
import { createCallCentreApp, type CallCentreContext } from '../../../test/callcentre-fixtures';

const API = '/services/communication/api/v1';
const SECRET = 'cb-secret-0123456789abcdef';
const KEY = 'api-key-1';
const TOKEN = 'api-token-1';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

/** A local stand-in for the provider: Exotel's v1 connect and call-details formats. */
class FakeExotel {
  readonly received: Received[] = [];
  /** What call details answer per sid (defaults to in-progress). */
  readonly state = new Map<string, Record<string, unknown>>();
  refuse: { status: number; message: string } | null = null;
  private server: Server | undefined;
  private n = 0;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer(
      (req, res) =>
        void this.handle(req).then(({ status, body }) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        ),
    );
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server?.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    this.received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      form: new URLSearchParams(text),
    });
    if (req.headers.authorization !== `Basic ${Buffer.from(`${KEY}:${TOKEN}`).toString('base64')}`)
      return { status: 401, body: { RestException: { Status: 401, Message: 'Authentication is required' } } };
    if (this.refuse)
      return { status: this.refuse.status, body: { RestException: { Status: this.refuse.status, Message: this.refuse.message } } };
    const connect = /^\/v1\/Accounts\/ACC001\/Calls\/connect\.json$/.exec(req.url ?? '');
    if (req.method === 'POST' && connect) {
      const sid = `exo${++this.n}sid`;
      return {
        status: 200,
        body: {
          Call: {
            Sid: sid,
            DateCreated: '2026-01-05 10:00:00',
            DateUpdated: '2026-01-05 10:00:00',
            To: '0XXXX',
            From: '0XXXX',
            PhoneNumberSid: '08030001234',
            Status: 'in-progress',
            StartTime: '2026-01-05 10:00:00',
            EndTime: null,
            Direction: 'outbound-api',
            RecordingUrl: null,
          },
        },
      };
    }
    const details = /^\/v1\/Accounts\/ACC001\/Calls\/(\w+)\.json\?details=true$/.exec(req.url ?? '');
    if (req.method === 'GET' && details?.[1]) {
      const sid = details[1];
      const known = this.state.get(sid);
      if (!known) return { status: 404, body: { RestException: { Status: 404, Message: 'Call not found' } } };
      return {
        status: 200,
        body: {
          Call: { Sid: sid, DateCreated: '2026-01-05 10:00:00', PhoneNumberSid: '08030001234', StartTime: '2026-01-05 10:00:00', ...known },
        },
      };
    }
    return { status: 404, body: {} };
  }
}

describe('Exotel-compatible adapter against a local provider', () => {
  const fake = new FakeExotel();
  let ctx: CallCentreContext;
  let token: string;
  beforeAll(async () => {
    await fake.start();
    ctx = await createCallCentreApp({
      config: {
        TELEPHONY_PROVIDER: 'exotel',
        EXOTEL_API_URL: `http://127.0.0.1:${fake.port}`,
        EXOTEL_ACCOUNT_SID: 'ACC001',
        EXOTEL_API_KEY: KEY,
        EXOTEL_API_TOKEN: TOKEN,
        EXOTEL_CALLER_ID: '08030001234',
        EXOTEL_CALLBACK_SECRET: SECRET,
        PUBLIC_BASE_URL: 'https://dossier.test',
        TELEPHONY_FALLBACK_SECONDS: '30',
        CALL_RATE_LIMIT: '50',
      },
    });
    token = await signIn(ctx.app, 'trm');
  });
  afterAll(async () => {
    await ctx.close();
    await fake.stop();
  });

  const place = async (caseId: number, customerId: number) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API}/trm-call-to-connect/`,
      headers: authHeader(token),
      payload: { is_customer: true, case_id: caseId, to_user_id: customerId, trm_id: 'TRM001' },
    });
    return res;
  };
  const details = async (caseId: number) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: `${API}/trm-partner-customer-call-details/`,
        headers: authHeader(token),
        payload: { case_id: caseId },
      })
    ).json<CallDetailsResponse>().data.call_details;
  const callback = (secret: string, body: object, form = false) =>
    ctx.app.inject({
      method: 'POST',
      url: `${API}/telephony/status-callback/${secret}/`,
      ...(form
        ? {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(body as Record<string, string>).toString(),
          }
        : { payload: body }),
    });
  const statusAudits = async () =>
    (await ctx.db.db.selectFrom('audit_events').select('after').where('action', '=', 'call_status').execute()).length;

  it('connects two numbers with From = the manager, To = the customer, CallerId, StatusCallback and Record', async () => {
    const res = await place(ctx.fx.cases.trmCase, ctx.fx.customers.asha);
    expect(res.statusCode).toBe(200);
    const placed = res.json<CallToConnectResponse>().call;
    expect(placed).toMatchObject({
      CallSid: 'exo1sid',
      Status: 'in-progress',
      PhoneNumberSid: 'XXXXXXX1234',
      To: 'XXXXXX3210',
      From: 'XXXXXX0000',
    });
    const sent = fake.received.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/v1/Accounts/ACC001/Calls/connect.json');
    expect(sent?.authorization).toBe(`Basic ${Buffer.from(`${KEY}:${TOKEN}`).toString('base64')}`);
    expect(sent?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(sent?.form ?? [])).toEqual({
      From: '9811100000',
      To: '9876543210',
      CallerId: '08030001234',
      StatusCallback: `https://dossier.test${API}/telephony/status-callback/${SECRET}/`,
      'StatusCallbackEvents[0]': 'terminal',
      'StatusCallbackEvents[1]': 'answered',
      StatusCallbackContentType: 'application/json',
      Record: 'true',
      CustomField: `case-${ctx.fx.cases.trmCase}`,
    });
  });

  it('refuses a callback with a wrong secret and changes nothing', async () => {
    const before = await statusAudits();
    const res = await callback('wrong-secret-0123456789', { CallSid: 'exo1sid', Status: 'completed' });
    expect(res.statusCode).toBe(403);
    expect((await details(ctx.fx.cases.trmCase))[0]?.Status).toBe('in-progress');
    expect(await statusAudits()).toBe(before);
    // Nobody to name: the refusal is counted in metrics, not written as a row.
    expect((await ctx.db.db.selectFrom('audit_events').select('id').where('actor_user_id', 'is', null).execute()).length).toBe(0);
  });

  it('applies a terminal callback once: duplicates and late, out-of-order callbacks change nothing', async () => {
    const before = await statusAudits();
    const terminal = {
      CallSid: 'exo1sid',
      EventType: 'terminal',
      Status: 'completed',
      DateUpdated: '2026-01-05 10:02:10',
      StartTime: '2026-01-05 10:00:00',
      EndTime: '2026-01-05 10:02:10',
      ConversationDuration: 95,
      RecordingUrl: 'https://recordings.example/exo1sid.mp3',
      Legs: [
        { OnCallDuration: 120, Status: 'completed', AnsweredBy: 'NA' },
        { OnCallDuration: 95, Status: 'completed', AnsweredBy: 'HUMAN' },
      ],
    };
    const first = await callback(SECRET, terminal);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true, applied: true });
    expect((await callback(SECRET, terminal)).json()).toEqual({ ok: true, applied: false });
    expect((await callback(SECRET, { CallSid: 'exo1sid', Status: 'ringing' })).json()).toEqual({ ok: true, applied: false });
    expect((await callback(SECRET, { CallSid: 'exo1sid', Status: 'busy' })).json()).toEqual({ ok: true, applied: false });
    expect(await statusAudits()).toBe(before + 1);
    const call = (await details(ctx.fx.cases.trmCase))[0];
    expect(call).toMatchObject({
      Status: 'completed',
      ConversationDuration: 95,
      StartTime: '2026-01-05 10:00:00',
      EndTime: '2026-01-05 10:02:10',
      DateUpdated: '2026-01-05 10:02:10',
      Legs: [
        { OnCallDuration: 120, Status: 'completed' },
        { OnCallDuration: 95, Status: 'completed' },
      ],
    });
    const recording = await ctx.app.inject({ method: 'GET', url: `/services/communication${call?.recording_url ?? ''}` });
    expect(recording.statusCode).toBe(302);
    expect(recording.headers.location).toBe('https://recordings.example/exo1sid.mp3');
  });

  it('accepts form-encoded callbacks and acknowledges unknown calls without retries', async () => {
    const res = await place(ctx.fx.cases.trmMissCase, ctx.fx.customers.miss);
    const sid = res.json<CallToConnectResponse>().call.CallSid;
    const form = {
      CallSid: sid,
      Status: 'no-answer',
      DateUpdated: '2026-01-05 11:00:30',
      'Legs[0][OnCallDuration]': '30',
      'Legs[0][Status]': 'completed',
      'Legs[1][OnCallDuration]': '0',
      'Legs[1][Status]': 'no-answer',
    };
    expect((await callback(SECRET, form, true)).json()).toEqual({ ok: true, applied: true });
    expect((await details(ctx.fx.cases.trmMissCase))[0]).toMatchObject({
      Status: 'no-answer',
      call_status: 'missed',
      Legs: [
        { OnCallDuration: 30, Status: 'completed' },
        { OnCallDuration: 0, Status: 'no-answer' },
      ],
    });
    expect((await callback(SECRET, { CallSid: 'never-placed', Status: 'completed' })).json()).toEqual({ ok: true, applied: false });
    expect((await callback(SECRET, { CallSid: sid, Status: 'exploded' })).statusCode).toBe(400);
  });

  it('recovers a call whose callback never came by pulling its details after the fallback delay', async () => {
    const res = await place(ctx.fx.cases.trmBusyCase, ctx.fx.customers.busy);
    const sid = res.json<CallToConnectResponse>().call.CallSid;
    fake.state.set(sid, {
      Status: 'completed',
      DateUpdated: '2026-01-05 12:01:00',
      EndTime: '2026-01-05 12:01:00',
      RecordingUrl: 'https://recordings.example/late.mp3',
      Details: {
        ConversationDuration: 42,
        Leg1Status: 'completed',
        Leg2Status: 'completed',
        Legs: [{ Leg: { Id: 1, OnCallDuration: 50 } }, { Leg: { Id: 2, OnCallDuration: 42 } }],
      },
    });
    const pulls = () => fake.received.filter((r) => r.method === 'GET').length;
    const before = pulls();
    // Within the fallback delay the adapter waits for the callback.
    expect((await details(ctx.fx.cases.trmBusyCase))[0]?.Status).toBe('in-progress');
    expect(pulls()).toBe(before);
    // Time passes without a callback: the next read pulls the call details once.
    await ctx.db.db
      .updateTable('calls')
      .set({ created_at: new Date(Date.now() - 120_000) })
      .where('sid', '=', sid)
      .execute();
    const recovered = (await details(ctx.fx.cases.trmBusyCase))[0];
    expect(pulls()).toBe(before + 1);
    expect(recovered).toMatchObject({
      Status: 'completed',
      ConversationDuration: 42,
      Legs: [
        { OnCallDuration: 50, Status: 'completed' },
        { OnCallDuration: 42, Status: 'completed' },
      ],
    });
    expect(recovered?.recording_url).not.toBeNull();
    // A late callback for the recovered call is a harmless duplicate.
    expect((await callback(SECRET, { CallSid: sid, Status: 'completed' })).json()).toEqual({ ok: true, applied: false });
  });

  it('answers 400 to numbers and times out of range, naming the field, and changes nothing', async () => {
    const res = await place(ctx.fx.cases.trmCase, ctx.fx.customers.asha);
    const sid = res.json<CallToConnectResponse>().call.CallSid;
    const before = await statusAudits();
    const cases: [Record<string, unknown>, string][] = [
      [{ ConversationDuration: 1e30 }, 'ConversationDuration must be a number of seconds from 0 to 86400'],
      [{ ConversationDuration: '-5' }, 'ConversationDuration must be a number of seconds from 0 to 86400'],
      [{ ConversationDuration: 'NaN' }, 'ConversationDuration must be a number of seconds from 0 to 86400'],
      [{ Legs: [{ OnCallDuration: 1e308, Status: 'completed' }] }, 'Legs[0].OnCallDuration must be a number of seconds from 0 to 86400'],
      [{ DateUpdated: '-271821-04-20T00:00:00Z' }, 'DateUpdated must be a time such as 2026-11-23 14:05:00'],
      [{ EndTime: '9999-01-01 00:00:00' }, 'EndTime must be a time such as 2026-11-23 14:05:00'],
      [{ StartTime: 'yesterday' }, 'StartTime must be a time such as 2026-11-23 14:05:00'],
    ];
    for (const [extra, message] of cases) {
      const answer = await callback(SECRET, { CallSid: sid, Status: 'completed', ...extra });
      expect(answer.statusCode, JSON.stringify(extra)).toBe(400);
      expect(answer.json()).toEqual({ error: `Invalid status callback: ${message}` });
    }
    const long = await callback(SECRET, { CallSid: 'x'.repeat(101), Status: 'completed' });
    expect(long.json()).toEqual({ error: 'Invalid status callback: CallSid must be at most 100 characters' });
    expect(await statusAudits()).toBe(before);
    expect((await details(ctx.fx.cases.trmCase)).find((c) => c.CallSid === sid)?.Status).toBe('in-progress');
    // The provider's own values still go through.
    const ok = await callback(SECRET, {
      CallSid: sid,
      Status: 'completed',
      ConversationDuration: '86400',
      DateUpdated: '2026-01-05 10:02:10',
    });
    expect(ok.json()).toEqual({ ok: true, applied: true });
  });

  it('answers 502 with the provider’s reason when it refuses the call, and when it cannot be reached', async () => {
    await ctx.db.db.updateTable('calls').set({ status: 'completed', status_rank: 3 }).execute();
    fake.refuse = { status: 400, message: 'To number is in DND' };
    const refused = await place(ctx.fx.cases.trmCase, ctx.fx.customers.asha);
    expect(refused.statusCode).toBe(502);
    expect(refused.json<{ error: string }>().error).toBe('The telephony provider refused the call (HTTP 400): To number is in DND');
    fake.refuse = null;
    await fake.stop();
    const unreachable = await place(ctx.fx.cases.trmCase, ctx.fx.customers.asha);
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json<{ error: string }>().error).toMatch(/could not be reached/);
  });

  it('reads both of the provider’s formats and its time zone', () => {
    expect(parseProviderTime('2026-01-05 10:00:00')?.toISOString()).toBe('2026-01-05T04:30:00.000Z');
    expect(formatProviderTime(new Date('2026-01-05T04:30:00Z'))).toBe('2026-01-05 10:00:00');
    expect(parseProviderTime('')).toBeNull();
    expect(() => parseExotelCall({ nope: true })).toThrow(/without a call sid/);
    expect(parseExotelCallback({ CallSid: 'a', Status: 'COMPLETED', ConversationDuration: '7' })).toEqual({
      sid: 'a',
      status: 'completed',
      conversationDuration: 7,
    });
  });

  it('stops the server with a readable message when Exotel is half configured', () => {
    expect(() => createTelephony(loadConfig({ TELEPHONY_PROVIDER: 'exotel', EXOTEL_API_KEY: 'k' }))).toThrow(
      /EXOTEL_API_URL: required when TELEPHONY_PROVIDER=exotel/,
    );
  });
});
