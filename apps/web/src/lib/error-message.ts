import { ApiError } from './api';

export const NETWORK_ERROR_MESSAGE = 'Error response from dialer';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What the generic error dialog shows (spec 001 §8), in order: the response's `error` field; else
 * `detail`; else 'Error response from dialer' when the request never got a status (0); else the
 * whole body. The result may be an object: the message dialog flattens it into lines.
 */
export function chooseErrorMessage(error: unknown): unknown {
  if (error instanceof ApiError) {
    const { body, status } = error;
    if (isRecord(body)) {
      if (body.error !== undefined && body.error !== null && body.error !== '') return body.error;
      if (body.detail !== undefined && body.detail !== null) return body.detail;
    }
    if (status === 0) return NETWORK_ERROR_MESSAGE;
    // An empty body would make an empty dialog; the status at least says what happened.
    if (body === null || body === undefined || body === '') return error.message;
    return body;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The chosen message as one line of text, for inline display (e.g. the sign-in form). */
export function errorText(error: unknown): string {
  const message = chooseErrorMessage(error);
  if (typeof message === 'string') return message;
  if (typeof message === 'number' || typeof message === 'boolean') return String(message);
  try {
    return JSON.stringify(message);
  } catch {
    return 'Something went wrong';
  }
}
