import { callStatusView, type ProviderCallStatus } from '@dossier/shared';
import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import type { CallUpdate } from '../../platform/telephony/exotel';
import { statusRank, type CallLeg, type ProviderCall } from '../../platform/telephony/types';

/** Calls of the given cases, newest first. */
export async function callsOfCases(db: Db, caseIds: readonly number[]) {
  if (caseIds.length === 0) return [];
  const rows = await db
    .selectFrom('calls as k')
    .innerJoin('employees as e', 'e.id', 'k.placed_by')
    .leftJoin('customers as cu', (j) => j.onRef('cu.id', '=', 'k.to_user_id').on('k.direction', '=', 'customer'))
    .leftJoin('partners as p', (j) => j.onRef('p.id', '=', 'k.to_user_id').on('k.direction', '=', 'partner'))
    .select([
      'k.id',
      'k.sid',
      'k.case_id',
      'k.direction',
      'k.status',
      'k.date_created',
      'k.date_updated',
      'k.start_time',
      'k.end_time',
      'k.conversation_duration',
      'k.legs',
      'k.phone_number_sid',
      'k.recording_url',
      'k.from_number',
      'k.to_number',
      'e.name as from_name',
      sql<string>`coalesce(cu.name, p.name, '')`.as('to_name'),
    ])
    .where('k.case_id', 'in', caseIds)
    .orderBy('k.date_created', 'desc')
    .orderBy('k.id', 'desc')
    .execute();
  return rows.map((r) => ({
    ...r,
    status: r.status,
    legs: Array.isArray(r.legs) ? (r.legs as CallLeg[]) : [],
  }));
}

/** A call with the names the dialogs show; phone numbers stay in the database. */
export type CallRow = Awaited<ReturnType<typeof callsOfCases>>[number];

/** Notes written against each call (remarks saved after it), oldest first. */
export async function notesOfCalls(db: Db, callIds: readonly number[]): Promise<Map<number, string[]>> {
  const notes = new Map<number, string[]>();
  if (callIds.length === 0) return notes;
  const rows = await db
    .selectFrom('remarks')
    .select(['call_id', 'notes'])
    .where('call_id', 'in', callIds)
    .where('notes', '<>', '')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    if (r.call_id === null) continue;
    notes.set(r.call_id, [...(notes.get(r.call_id) ?? []), r.notes]);
  }
  return notes;
}

export async function insertCall(
  db: Db,
  values: {
    caseId: number;
    direction: 'customer' | 'partner';
    placedBy: number;
    toUserId: number;
    from: string;
    to: string;
    provider: string;
  },
  call: ProviderCall,
): Promise<number> {
  const row = await db
    .insertInto('calls')
    .values({
      sid: call.sid,
      provider: values.provider,
      case_id: values.caseId,
      direction: values.direction,
      placed_by: values.placedBy,
      to_user_id: values.toUserId,
      from_number: values.from,
      to_number: values.to,
      phone_number_sid: call.phoneNumberSid,
      status: call.status,
      status_rank: statusRank(call.status),
      date_created: call.dateCreated,
      date_updated: call.dateUpdated,
      start_time: call.startTime,
      end_time: call.endTime,
      conversation_duration: call.conversationDuration,
      legs: JSON.stringify(call.legs),
      recording_url: call.recordingUrl,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface AppliedUpdate {
  id: number;
  case_id: number;
  direction: 'customer' | 'partner';
  to_user_id: number;
  placed_by: number;
  status: ProviderCallStatus;
  start_time: Date | null;
}

/**
 * Moves a call forward; the rank condition makes duplicates and stale updates no-ops. A late recording is
 * attached once. Returns the call when its status changed.
 */
export async function applyCallUpdate(db: Db, update: CallUpdate): Promise<AppliedUpdate | null> {
  const rank = statusRank(update.status);
  const row = await db
    .updateTable('calls')
    .set({
      status: update.status,
      status_rank: rank,
      date_updated: update.dateUpdated ?? new Date(),
      start_time: sql<Date>`coalesce(${update.startTime ?? null}::timestamptz, start_time)`,
      end_time: sql<Date>`coalesce(${update.endTime ?? null}::timestamptz, end_time)`,
      conversation_duration: sql<number>`coalesce(${update.conversationDuration ?? null}::int, conversation_duration)`,
      legs: update.legs && update.legs.length > 0 ? JSON.stringify(update.legs) : sql<string>`legs`,
      recording_url: sql<string>`coalesce(recording_url, ${update.recordingUrl ?? null}::text)`,
      // News just arrived: the fallback pull waits a full delay from here.
      last_checked_at: new Date(),
    })
    .where('sid', '=', update.sid)
    .where('status_rank', '<', rank)
    .returning(['id', 'case_id', 'direction', 'to_user_id', 'placed_by', 'status', 'start_time'])
    .executeTakeFirst();
  if (!row) {
    if (rank === 3 && update.recordingUrl) {
      await db
        .updateTable('calls')
        .set({ recording_url: update.recordingUrl })
        .where('sid', '=', update.sid)
        .where('status_rank', '=', 3)
        .where('recording_url', 'is', null)
        .execute();
    }
    return null;
  }
  return { ...row, status: row.status };
}

/**
 * Claims unfinished calls with no news for `afterSeconds`, stamping last_checked_at in the same statement so
 * instances sweeping at once never pull the same call twice.
 */
export async function claimCallsToPull(db: Db, afterSeconds: number, opts: { caseIds?: readonly number[]; limit: number }) {
  if (opts.caseIds && opts.caseIds.length === 0) return [];
  const { caseIds } = opts;
  return db
    .updateTable('calls')
    .set({ last_checked_at: sql`now()` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('calls')
        .select('id')
        .where('status_rank', '<', 3)
        .$if(caseIds !== undefined, (q) => q.where('case_id', 'in', caseIds ?? []))
        .$if(afterSeconds > 0, (q) =>
          q.where(sql`coalesce(last_checked_at, created_at)`, '<=', sql<Date>`now() - make_interval(secs => ${afterSeconds})`),
        )
        .orderBy('created_at')
        .limit(opts.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['sid', 'created_at'])
    .execute();
}

/** A partner-directed call that ended goes into the case's partner call log, once. */
export async function logPartnerCall(db: Db, call: AppliedUpdate): Promise<void> {
  const names = await db
    .selectFrom('employees as e')
    .innerJoin('partners as p', (j) => j.on('p.id', '=', call.to_user_id))
    .select(['e.name as from_name', 'p.name as to_name', 'p.id as partner_id'])
    .where('e.id', '=', call.placed_by)
    .executeTakeFirst();
  if (!names) return;
  await db
    .insertInto('partner_call_logs')
    .values({
      case_id: call.case_id,
      partner_id: names.partner_id,
      call_id: call.id,
      start_time: call.start_time ?? new Date(),
      from_name: names.from_name,
      to_name: names.to_name,
      call_status: callStatusView(call.status),
    })
    .onConflict((oc) => oc.column('call_id').doNothing())
    .execute();
}

export async function hasActiveCall(db: Db, caseId: number): Promise<boolean> {
  const row = await db.selectFrom('calls').select('id').where('case_id', '=', caseId).where('status_rank', '<', 3).executeTakeFirst();
  return row !== undefined;
}

/** The manager's own phone: the provider rings it first when a call is placed. */
export function employeePhone(db: Db, employeeId: number) {
  return db.selectFrom('employees').select('phone').where('id', '=', employeeId).executeTakeFirstOrThrow();
}

/** What a signed recording link needs of its call; undefined when the call is gone. */
export function callRecording(db: Db, callId: number) {
  return db.selectFrom('calls').select(['sid', 'recording_url', 'conversation_duration']).where('id', '=', callId).executeTakeFirst();
}

/** Phone and name of the customer a call is placed to. */
export function customerContact(db: Db, customerId: number) {
  return db.selectFrom('customers').select(['phone', 'name']).where('id', '=', customerId).executeTakeFirstOrThrow();
}

/** Phone and name of the partner a call is placed to. */
export function partnerContact(db: Db, partnerId: number) {
  return db.selectFrom('partners').select(['phone', 'name']).where('id', '=', partnerId).executeTakeFirstOrThrow();
}
