import {
  titleCaseOrNA,
  MISSED_CALL_STATUSES,
  type CallDetail,
  type CallDetailsResponse,
  type CallToConnectRequest,
  type CallToConnectResponse,
} from '@dossier/shared';
import { requireAccess } from '../../platform/access';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/http-errors';
import { hitRateLimit } from '../../platform/rate-limit';
import type { CallUpdate } from '../../platform/telephony/exotel';
import { TelephonyError, type TelephonyProvider } from '../../platform/telephony/types';
import type { Viewer } from '../../platform/viewer';
import { requireOpen } from './open-case';
import {
  applyCallUpdate,
  callRecording,
  callsOfCases,
  claimCallsToPull,
  customerContact,
  employeePhone,
  hasActiveCall,
  insertCall,
  logPartnerCall,
  notesOfCalls,
  partnerContact,
} from './call-queries';
import { toCallDetail } from './call-view';
import type { RecordingLinks } from './recording-links';

/** A call the provider has forgotten is given up as failed after this long. */
const GIVE_UP_MS = 3_600_000;
const PULL_BATCH = 50;

export interface CallServiceOptions {
  callRateLimit: number;
}

export class CallService {
  constructor(
    private readonly db: Db,
    private readonly telephony: TelephonyProvider,
    readonly links: RecordingLinks,
    private readonly options: CallServiceOptions,
  ) {}

  /** Places a bridged call: the provider rings the manager first, then the customer or partner. */
  async connect(viewer: Viewer, body: CallToConnectRequest, ip: string): Promise<CallToConnectResponse> {
    if (body.trm_id !== viewer.code) throw forbidden('Calls can only be placed as the signed-in manager');
    const found = await requireAccess(this.db, viewer, { kind: 'case', id: body.case_id });
    requireOpen(found, 'place a call');
    const direction = body.is_customer ? 'customer' : 'partner';
    const to = await this.destination(found.id, direction, body.to_user_id, found.customer_id, found.partner_id);
    await hitRateLimit(
      this.db,
      [`call:user:${viewer.userId}`],
      this.options.callRateLimit,
      60,
      (s) => `Too many calls placed. Try again in ${s} seconds.`,
    );
    await this.refresh({ caseIds: [found.id] });
    if (await hasActiveCall(this.db, found.id))
      throw conflict('A call on this case is still in progress. Wait for it to end before calling again.');
    const manager = await employeePhone(this.db, viewer.employeeId);

    let placed;
    try {
      placed = await this.telephony.connect({ from: manager.phone, to: to.phone, customField: `case-${found.id}` });
    } catch (err) {
      if (err instanceof TelephonyError) throw new HttpError(502, err.message);
      throw err;
    }
    const callId = await insertCall(
      this.db,
      {
        caseId: found.id,
        direction,
        placedBy: viewer.employeeId,
        toUserId: body.to_user_id,
        from: manager.phone,
        to: to.phone,
        provider: this.telephony.name,
      },
      placed,
    );
    await audit(this.db, {
      actorUserId: viewer.userId,
      action: 'call_placed',
      entity: 'case',
      entityId: found.id,
      after: { call_id: callId, sid: placed.sid, direction },
      ip,
    });
    const [call] = await this.details([callId], found.id);
    if (!call) throw notFound('The call just placed was not found');
    return { message: `Calling the ${direction}: your phone rings first, then ${titleCaseOrNA(to.name)}.`, call };
  }

  /** The call history of one case (call-history and connect dialogs), brought up to date first. */
  async caseCalls(viewer: Viewer, caseId: number): Promise<CallDetailsResponse> {
    const found = await requireAccess(this.db, viewer, { kind: 'case', id: caseId });
    await this.refresh({ caseIds: [found.id] });
    return { data: { case_id: found.id, status: found.status, call_details: await this.details(null, found.id) } };
  }

  /** Call details of the given cases, grouped by case, newest call first. */
  async detailsByCase(caseIds: readonly number[]): Promise<Map<number, CallDetail[]>> {
    const calls = await callsOfCases(this.db, caseIds);
    const notes = await notesOfCalls(
      this.db,
      calls.map((c) => c.id),
    );
    const byCase = new Map<number, CallDetail[]>();
    for (const call of calls) {
      const detail = await toCallDetail(call, notes.get(call.id) ?? [], this.links);
      byCase.set(call.case_id, [...(byCase.get(call.case_id) ?? []), detail]);
    }
    return byCase;
  }

  private async details(onlyCallIds: number[] | null, caseId: number): Promise<CallDetail[]> {
    const all = (await this.detailsByCase([caseId])).get(caseId) ?? [];
    return onlyCallIds ? all.filter((c) => onlyCallIds.includes(c.call_id)) : all;
  }

  /** A status callback or a pulled state: applied once, audited once, logged for partners once. */
  async apply(update: CallUpdate, source: 'callback' | 'pull'): Promise<boolean> {
    const applied = await applyCallUpdate(this.db, update);
    if (!applied) return false;
    await audit(this.db, {
      actorUserId: null,
      action: 'call_status',
      entity: 'call',
      entityId: applied.id,
      after: { status: applied.status, source },
    });
    const final = applied.status === 'completed' || MISSED_CALL_STATUSES.includes(applied.status);
    if (final && applied.direction === 'partner') await logPartnerCall(this.db, applied);
    return true;
  }

  /**
   * Pulls unfinished calls from the provider when their news is overdue: at once for the simulator,
   * after TELEPHONY_FALLBACK_SECONDS for a real provider whose callback has not come.
   */
  async refresh(scope: { caseIds?: readonly number[] } = {}): Promise<number> {
    const due = await claimCallsToPull(this.db, this.telephony.pullAfterSeconds, { ...scope, limit: PULL_BATCH });
    let changed = 0;
    for (const { sid, created_at } of due) {
      try {
        const call = await this.telephony.fetchCall(sid);
        if (call) {
          if (await this.apply(call, 'pull')) changed++;
        } else if (Date.now() - new Date(created_at).getTime() > GIVE_UP_MS) {
          if (await this.apply({ sid, status: 'failed' }, 'pull')) changed++;
        }
      } catch (err) {
        // One unreachable provider must not fail the screen that asked; the next pull retries.
        if (!(err instanceof TelephonyError)) throw err;
      }
    }
    return changed;
  }

  /** The recording behind a signed link: synthesised for simulated calls, else the provider's. */
  async recording(
    callId: number,
    expires: number,
    signature: string,
  ): Promise<{ kind: 'audio'; sid: string; seconds: number } | { kind: 'redirect'; url: string }> {
    if (!(await this.links.verify(callId, expires, signature)))
      throw forbidden('This recording link is invalid or has expired. Open it again from the call history.');
    const call = await callRecording(this.db, callId);
    if (!call?.recording_url) throw notFound('This call has no recording');
    if (call.recording_url.startsWith('sim:')) return { kind: 'audio', sid: call.sid, seconds: call.conversation_duration };
    if (!/^https?:\/\//.test(call.recording_url)) throw notFound('This call has no playable recording');
    return { kind: 'redirect', url: call.recording_url };
  }

  private async destination(
    caseId: number,
    direction: 'customer' | 'partner',
    toUserId: number,
    customerId: number,
    partnerId: number | null,
  ): Promise<{ phone: string; name: string }> {
    if (direction === 'customer') {
      if (toUserId !== customerId) throw badRequest(`to_user_id ${toUserId} is not the customer of case ${caseId}`);
      return customerContact(this.db, customerId);
    }
    if (partnerId === null) throw badRequest(`Case ${caseId} has no partner to call`);
    if (toUserId !== partnerId) throw badRequest(`to_user_id ${toUserId} is not the partner of case ${caseId}`);
    return partnerContact(this.db, partnerId);
  }
}
