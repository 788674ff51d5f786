import { COMMUNICATION_SERVICE_PATH } from '@dossier/shared';

/** Recordings open in a new window at the communication service path plus recording_url (docs/product/callcentre.md, 'TRM dashboard'). */
export function openRecording(recordingUrl: string): void {
  window.open(`${COMMUNICATION_SERVICE_PATH}${recordingUrl}`, '_blank', 'noopener');
}
