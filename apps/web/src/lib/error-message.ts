import { ApiError } from './api';

/** The spec's text for a call-centre or dialer request that got no answer at all (status 0). */
export const NETWORK_ERROR_MESSAGE = 'Error response from dialer';
/** The same situation for every other request: the dialer is not involved there. */
export const OFFLINE_MESSAGE = 'Dossier could not be reached. Check your connection and try again.';

/** Calls that go to the call centre or the dialer, where the spec's dialer message applies. */
const DIALER_PATHS = ['/services/communication/', '/services/partner/', '/accounts/api/v1/reporting_check/'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a status alone tells a person, when the answer carried nothing readable. */
function statusMessage(status: number): string {
  if (status === 502 || status === 503 || status === 504)
    return 'Dossier is not answering right now (it may be starting or restarting). Try again in a moment.';
  if (status === 404) return 'What you asked for was not found.';
  if (status === 403) return 'You do not have access to this.';
  if (status === 413) return 'What you sent is too large.';
  if (status >= 500) return `Something went wrong on the server (error ${status}). Try again; if it goes on, tell the support team.`;
  return `The request could not be completed (error ${status}). Try again.`;
}

/** A text body a person can read: not a page of HTML or a stack of markup from a proxy. */
function isReadableText(text: string): boolean {
  return text.length <= 300 && !/<\s*(!doctype|html|head|body|title|h1|div|p|pre)\b/i.test(text);
}

/**
 * What the generic error dialog shows (docs/product/shell.md, 'Error dialog'): `error`, else `detail`, else a
 * sentence for no response (the dialer's for call-centre calls), else a readable text body or a sentence for the
 * status, never a proxy's HTML. May be an object, flattened into lines by the dialog.
 */
export function chooseErrorMessage(error: unknown): unknown {
  if (error instanceof ApiError) {
    const { body, status } = error;
    if (isRecord(body)) {
      if (body.error !== undefined && body.error !== null && body.error !== '') return body.error;
      if (body.detail !== undefined && body.detail !== null) return body.detail;
    }
    if (status === 0) return error.path && DIALER_PATHS.some((p) => error.path?.startsWith(p)) ? NETWORK_ERROR_MESSAGE : OFFLINE_MESSAGE;
    if (typeof body === 'string' && body.trim() !== '' && isReadableText(body.trim())) return body.trim();
    if (body === null || body === undefined || typeof body === 'string') return statusMessage(status);
    return body;
  }
  // fetch itself failed (no network): the browser's own text ('Failed to fetch') means nothing to a person.
  if (error instanceof TypeError) return OFFLINE_MESSAGE;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The chosen message as one line of text, for inline display (e.g. the sign-in form). */
export function errorText(error: unknown): string {
  const message = chooseErrorMessage(error);
  if (typeof message === 'string') return message;
  if (typeof message === 'number' || typeof message === 'boolean') return String(message);
  if (isRecord(message)) {
    const lines = Object.entries(message).map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`);
    if (lines.length > 0) return lines.join('; ');
  }
  return 'Something went wrong. Try again.';
}
