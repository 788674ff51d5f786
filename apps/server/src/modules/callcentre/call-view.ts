import { callStatusView, type CallDetail } from '@dossier/shared';
import { formatProviderTime } from '../../platform/telephony/times';
import type { CallRow } from './call-queries';
import type { RecordingLinks } from './recording-links';

/** Phone numbers never reach the browser: only the last four digits survive, for recognition. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length <= 4 ? 'XXXX' : `${'X'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

const time = (d: Date | null) => (d ? formatProviderTime(new Date(d)) : null);

export async function toCallDetail(call: CallRow, notes: readonly string[], links: RecordingLinks): Promise<CallDetail> {
  return {
    call_id: call.id,
    CallSid: call.sid,
    DateCreated: formatProviderTime(new Date(call.date_created)),
    DateUpdated: formatProviderTime(new Date(call.date_updated)),
    Status: call.status,
    To: maskPhone(call.to_number),
    From: maskPhone(call.from_number),
    // The virtual caller id is a phone number too: masked like the others.
    PhoneNumberSid: call.phone_number_sid === null ? null : maskPhone(call.phone_number_sid),
    StartTime: time(call.start_time),
    EndTime: time(call.end_time),
    ConversationDuration: call.conversation_duration,
    Legs: call.legs.map((l) => ({ OnCallDuration: l.OnCallDuration, Status: l.Status })),
    direction: call.direction,
    from_name: call.from_name,
    to_name: call.to_name,
    call_status: callStatusView(call.status),
    start_time: time(call.start_time) ?? formatProviderTime(new Date(call.date_created)),
    notes: [...notes],
    recording_url: call.recording_url ? await links.link(call.id) : null,
  };
}
