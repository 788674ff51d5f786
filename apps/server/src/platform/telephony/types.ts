import type { ProviderCallStatus } from '@dossier/shared';

/** A bridged call to place: the provider rings `from` (the manager) first, then `to`. */
export interface ConnectRequest {
  from: string;
  to: string;
  /** Passed back by the provider with every status update (our call id, for tracing). */
  customField: string;
}

export interface CallLeg {
  OnCallDuration: number;
  Status: string;
}

/** What a provider knows about one call at one moment (Exotel's call-details vocabulary). */
export interface ProviderCall {
  sid: string;
  status: ProviderCallStatus;
  dateCreated: Date;
  dateUpdated: Date;
  phoneNumberSid: string | null;
  startTime: Date | null;
  endTime: Date | null;
  conversationDuration: number;
  legs: CallLeg[];
  /** Provider-side location of the recording; 'sim:' marks one the simulator synthesises. */
  recordingUrl: string | null;
}

/**
 * A telephony provider. Status reaches us two ways: pushed (a status callback, see the callcentre
 * module) or pulled with fetchCall, the fallback for callbacks that never arrive.
 */
export interface TelephonyProvider {
  readonly name: 'simulator' | 'exotel';
  /** Seconds without news after which a non-final call is pulled; 0 = pull on every read. */
  readonly pullAfterSeconds: number;
  connect(request: ConnectRequest): Promise<ProviderCall>;
  /** null when the provider does not know the call. */
  fetchCall(sid: string): Promise<ProviderCall | null>;
}

/** The provider failed or refused: the caller answers 502 with this message. */
export class TelephonyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TelephonyError';
  }
}

/** Order of statuses; an update applies only when it moves a call forward (idempotent callbacks). */
export function statusRank(status: ProviderCallStatus): number {
  switch (status) {
    case 'queued':
      return 0;
    case 'ringing':
      return 1;
    case 'in-progress':
      return 2;
    default:
      return 3;
  }
}
