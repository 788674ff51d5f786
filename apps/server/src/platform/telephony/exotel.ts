import { PROVIDER_CALL_STATUSES, type ProviderCallStatus } from '@dossier/shared';
import { parseProviderTime } from './times';
import { TelephonyError, type CallLeg, type ConnectRequest, type ProviderCall, type TelephonyProvider } from './types';

export interface ExotelOptions {
  /** e.g. https://api.in.exotel.com (Mumbai) or https://api.exotel.com (Singapore); the only host we call. */
  apiUrl: string;
  accountSid: string;
  apiKey: string;
  apiToken: string;
  /** The ExoPhone shown to the called party. */
  callerId: string;
  /** Our authenticated status-callback endpoint, reachable from the provider. */
  statusCallbackUrl: string;
  timeoutMs: number;
  pullAfterSeconds: number;
}

/** A status update from a callback: only sid and status are sure to be there. */
export type CallUpdate = Pick<ProviderCall, 'sid' | 'status'> & Partial<Omit<ProviderCall, 'sid' | 'status'>>;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);

/** A provider payload with a value out of its range: a callback answers 400 with this message. */
export class InvalidPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidPayloadError';
  }
}

/** No call lasts longer than a day: a larger duration is a malformed payload, not a long call. */
export const MAX_CALL_SECONDS = 86_400;
/** At most this many legs are read from a payload (a bridged call has two). */
const MAX_LEGS = 10;

/** A duration in whole seconds, 0 when absent; anything else than 0…MAX_CALL_SECONDS is refused. */
function seconds(v: unknown, field: string): number {
  if (v === undefined || v === null || v === '') return 0;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > MAX_CALL_SECONDS) {
    throw new InvalidPayloadError(`${field} must be a number of seconds from 0 to ${MAX_CALL_SECONDS}`);
  }
  return Math.round(n);
}

/** A provider time, null when absent; an unreadable one or one outside 2000–2100 is refused. */
function time(v: unknown, field: string): Date | null {
  if (v === undefined || v === null || v === '') return null;
  const d = parseProviderTime(v);
  if (!d || d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2100) {
    throw new InvalidPayloadError(`${field} must be a time such as 2026-11-23 14:05:00`);
  }
  return d;
}

export function toStatus(v: unknown): ProviderCallStatus | null {
  const s = typeof v === 'string' ? v.trim().toLowerCase() : '';
  return (PROVIDER_CALL_STATUSES as readonly string[]).includes(s) ? (s as ProviderCallStatus) : null;
}

/** Legs arrive as [{OnCallDuration, Status}] in callbacks and as [{Leg: {Id, OnCallDuration}}] in details. */
function parseLegs(raw: unknown, legStatuses: (string | null)[] = []): CallLeg[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .slice(0, MAX_LEGS)
    .filter(isObject)
    .map((item, i) => {
      const leg = isObject(item.Leg) ? item.Leg : item;
      return {
        OnCallDuration: seconds(leg.OnCallDuration, `Legs[${i}].OnCallDuration`),
        Status: (text(leg.Status) ?? legStatuses[i] ?? 'unknown').slice(0, 40),
      };
    });
}

/** The `Call` object of a connect or call-details answer; out-of-range values are a provider error. */
export function parseExotelCall(body: unknown): ProviderCall {
  try {
    return readExotelCall(body);
  } catch (err) {
    if (err instanceof InvalidPayloadError) throw new TelephonyError(`The telephony provider sent a bad call: ${err.message}`);
    throw err;
  }
}

function readExotelCall(body: unknown): ProviderCall {
  const call = isObject(body) && isObject(body.Call) ? body.Call : null;
  const sid = call ? text(call.Sid) : null;
  const status = call ? toStatus(call.Status) : null;
  if (!call || !sid || !status) throw new TelephonyError('The telephony provider answered without a call sid and status');
  const details = isObject(call.Details) ? call.Details : {};
  const created = time(call.DateCreated, 'DateCreated') ?? new Date();
  return {
    sid,
    status,
    dateCreated: created,
    dateUpdated: time(call.DateUpdated, 'DateUpdated') ?? created,
    phoneNumberSid: text(call.PhoneNumberSid),
    startTime: time(call.StartTime, 'StartTime'),
    endTime: time(call.EndTime, 'EndTime'),
    conversationDuration: seconds(details.ConversationDuration, 'ConversationDuration'),
    legs: parseLegs(details.Legs, [text(details.Leg1Status), text(details.Leg2Status)]),
    recordingUrl: text(call.RecordingUrl),
  };
}

/**
 * A status callback body, JSON or form-encoded (form bodies carry legs as Legs[0][Status] keys).
 * Every number and time is checked: out of range throws InvalidPayloadError (the route answers 400).
 */
export function parseExotelCallback(body: Json): CallUpdate | null {
  const sid = text(body.CallSid);
  if (sid && sid.length > 100) throw new InvalidPayloadError('CallSid must be at most 100 characters');
  const status = toStatus(body.Status);
  if (!sid || !status) return null;
  let legsRaw: unknown = body.Legs;
  if (!Array.isArray(legsRaw)) {
    const legs: Json[] = [];
    for (const [key, value] of Object.entries(body)) {
      const m = /^Legs\[(\d+)\]\[(\w+)\]$/.exec(key);
      if (!m) continue;
      const i = Number(m[1]);
      if (i > 10) continue;
      legs[i] = { ...(legs[i] ?? {}), [m[2] ?? '']: value };
    }
    legsRaw = legs.filter(Boolean);
  }
  const update: CallUpdate = { sid, status };
  const dateUpdated = time(body.DateUpdated, 'DateUpdated');
  if (dateUpdated) update.dateUpdated = dateUpdated;
  const startTime = time(body.StartTime, 'StartTime');
  if (startTime) update.startTime = startTime;
  const endTime = time(body.EndTime, 'EndTime');
  if (endTime) update.endTime = endTime;
  if (body.ConversationDuration !== undefined) update.conversationDuration = seconds(body.ConversationDuration, 'ConversationDuration');
  const legs = parseLegs(legsRaw);
  if (legs.length > 0) update.legs = legs;
  const recordingUrl = text(body.RecordingUrl);
  if (recordingUrl) {
    if (recordingUrl.length > 2000) throw new InvalidPayloadError('RecordingUrl must be at most 2000 characters');
    update.recordingUrl = recordingUrl;
  }
  return update;
}

/**
 * Exotel-compatible voice API (v1 connect two numbers + call details). Credentials go in a Basic
 * authorization header; requests go only to the configured API host and give up after timeoutMs.
 */
export class ExotelProvider implements TelephonyProvider {
  readonly name = 'exotel' as const;
  readonly pullAfterSeconds: number;
  private readonly base: string;

  constructor(private readonly options: ExotelOptions) {
    this.pullAfterSeconds = options.pullAfterSeconds;
    this.base = `${options.apiUrl.replace(/\/+$/, '')}/v1/Accounts/${encodeURIComponent(options.accountSid)}/Calls`;
  }

  async connect(request: ConnectRequest): Promise<ProviderCall> {
    const form = new URLSearchParams({
      From: request.from,
      To: request.to,
      CallerId: this.options.callerId,
      StatusCallback: this.options.statusCallbackUrl,
      'StatusCallbackEvents[0]': 'terminal',
      'StatusCallbackEvents[1]': 'answered',
      StatusCallbackContentType: 'application/json',
      Record: 'true',
      CustomField: request.customField.slice(0, 128),
    });
    const res = await this.send(`${this.base}/connect.json`, { method: 'POST', body: form });
    if (!res.ok) throw new TelephonyError(`The telephony provider refused the call (HTTP ${res.status})${await reason(res)}`);
    return parseExotelCall(await res.json());
  }

  async fetchCall(sid: string): Promise<ProviderCall | null> {
    const res = await this.send(`${this.base}/${encodeURIComponent(sid)}.json?details=true`, { method: 'GET' });
    if (res.status === 404) return null;
    if (!res.ok) throw new TelephonyError(`The telephony provider did not return the call (HTTP ${res.status})${await reason(res)}`);
    return parseExotelCall(await res.json());
  }

  private async send(url: string, init: { method: 'GET' | 'POST'; body?: URLSearchParams }): Promise<Response> {
    const auth = Buffer.from(`${this.options.apiKey}:${this.options.apiToken}`).toString('base64');
    try {
      return await fetch(url, {
        method: init.method,
        headers: {
          authorization: `Basic ${auth}`,
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: init.body?.toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'error',
      });
    } catch {
      throw new TelephonyError('The telephony provider could not be reached; please try again');
    }
  }
}

/** The provider's own explanation (RestException.Message), if it gave one. */
async function reason(res: Response): Promise<string> {
  try {
    const body: unknown = await res.json();
    const ex = isObject(body) && isObject(body.RestException) ? body.RestException : null;
    const message = ex ? text(ex.Message) : null;
    return message ? `: ${message.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}
