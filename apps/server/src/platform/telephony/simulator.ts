import { randomBytes } from 'node:crypto';
import type { ProviderCallStatus } from '@dossier/shared';
import type { CallLeg, ConnectRequest, ProviderCall, TelephonyProvider } from './types';

export type SimulatorMode = 'realistic' | 'deterministic';
type Outcome = 'completed' | 'no-answer' | 'busy';

const OUTCOME_CODE: Record<Outcome, string> = { completed: 'c', 'no-answer': 'n', busy: 'b' };
const CODE_OUTCOME: Record<string, Outcome> = { c: 'completed', n: 'no-answer', b: 'busy' };
const QUEUED_MS = 1000;
/** The simulator's virtual number (an ExoPhone's identifier, not anybody's phone). */
export const SIMULATOR_PHONE_NUMBER_SID = '08047190000';
const SID = /^SIM([0-9a-z]{8,10})([cnb])([0-9a-z]{2})([0-9a-z]{2})[0-9a-f]{8}$/;

export interface SimulatorOptions {
  mode: SimulatorMode;
  now?: () => number;
  random?: () => number;
}

interface Plan {
  created: number;
  outcome: Outcome;
  ringSeconds: number;
  talkSeconds: number;
}

/**
 * A provider without network: each call's whole life is decided when placed and written into its sid, so any
 * instance can tell its state from the sid and the clock. Deterministic mode (tests) answers after fixed times,
 * except numbers ending 000 (no answer) and 111 (busy).
 */
export class SimulatorProvider implements TelephonyProvider {
  readonly name = 'simulator' as const;
  readonly pullAfterSeconds = 0;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: SimulatorOptions) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  async connect(request: ConnectRequest): Promise<ProviderCall> {
    const plan = this.plan(request.to);
    const sid = encodeSid(plan);
    const call = describe(sid, plan, plan.created);
    return call;
  }

  async fetchCall(sid: string): Promise<ProviderCall | null> {
    const plan = decodeSid(sid);
    return plan ? describe(sid, plan, this.now()) : null;
  }

  private plan(to: string): Plan {
    const created = this.now();
    if (this.options.mode === 'deterministic') {
      const outcome: Outcome = to.endsWith('000') ? 'no-answer' : to.endsWith('111') ? 'busy' : 'completed';
      return {
        created,
        outcome,
        ringSeconds: outcome === 'no-answer' ? 4 : outcome === 'busy' ? 1 : 2,
        talkSeconds: outcome === 'completed' ? 4 : 0,
      };
    }
    const r = this.random();
    const outcome: Outcome = r < 0.62 ? 'completed' : r < 0.9 ? 'no-answer' : 'busy';
    const between = (min: number, max: number) => min + Math.floor(this.random() * (max - min + 1));
    if (outcome === 'no-answer') return { created, outcome, ringSeconds: between(18, 30), talkSeconds: 0 };
    if (outcome === 'busy') return { created, outcome, ringSeconds: between(1, 4), talkSeconds: 0 };
    return { created, outcome, ringSeconds: between(3, 9), talkSeconds: between(12, 75) };
  }
}

function encodeSid(plan: Plan): string {
  const two = (n: number) =>
    Math.min(n, 36 * 36 - 1)
      .toString(36)
      .padStart(2, '0');
  return `SIM${plan.created.toString(36)}${OUTCOME_CODE[plan.outcome]}${two(plan.ringSeconds)}${two(plan.talkSeconds)}${randomBytes(4).toString('hex')}`;
}

export function decodeSid(sid: string): Plan | null {
  const m = SID.exec(sid);
  if (!m?.[1] || !m[2] || !m[3] || !m[4]) return null;
  const outcome = CODE_OUTCOME[m[2]];
  if (!outcome) return null;
  return { created: parseInt(m[1], 36), outcome, ringSeconds: parseInt(m[3], 36), talkSeconds: parseInt(m[4], 36) };
}

/** The call as the provider would report it at instant `at`. */
function describe(sid: string, plan: Plan, at: number): ProviderCall {
  const ringingAt = plan.created + QUEUED_MS;
  const answeredAt = ringingAt + plan.ringSeconds * 1000;
  const endedAt = plan.outcome === 'completed' ? answeredAt + plan.talkSeconds * 1000 : answeredAt;
  let status: ProviderCallStatus;
  let updated: number;
  if (at < ringingAt) [status, updated] = ['queued', plan.created];
  else if (at < answeredAt) [status, updated] = ['ringing', ringingAt];
  else if (at < endedAt) [status, updated] = ['in-progress', answeredAt];
  else [status, updated] = [plan.outcome, endedAt];
  const final = status === plan.outcome;
  return {
    sid,
    status,
    dateCreated: new Date(plan.created),
    dateUpdated: new Date(updated),
    phoneNumberSid: SIMULATOR_PHONE_NUMBER_SID,
    startTime: new Date(plan.created),
    endTime: final ? new Date(endedAt) : null,
    conversationDuration: final && plan.outcome === 'completed' ? plan.talkSeconds : 0,
    legs: final ? legs(plan) : [],
    recordingUrl: final && plan.outcome === 'completed' ? `sim:${sid}` : null,
  };
}

/** Leg 1 is the manager (rung first, on the line throughout); leg 2 the customer or partner. */
function legs(plan: Plan): CallLeg[] {
  if (plan.outcome === 'completed') {
    return [
      { OnCallDuration: plan.ringSeconds + plan.talkSeconds, Status: 'completed' },
      { OnCallDuration: plan.talkSeconds, Status: 'completed' },
    ];
  }
  return [
    { OnCallDuration: plan.ringSeconds, Status: 'completed' },
    { OnCallDuration: 0, Status: plan.outcome },
  ];
}
