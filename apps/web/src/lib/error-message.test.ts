import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { chooseErrorMessage, errorText, NETWORK_ERROR_MESSAGE, OFFLINE_MESSAGE } from './error-message';

describe('chooseErrorMessage (error field, detail, dialer error, body)', () => {
  it('prefers the error field', () => {
    expect(chooseErrorMessage(new ApiError(400, { error: 'Bad input', detail: { a: 1 } }))).toBe('Bad input');
  });
  it('falls back to detail', () => {
    expect(chooseErrorMessage(new ApiError(403, { detail: { reason: 'no' } }))).toEqual({ reason: 'no' });
  });
  it('reports a call-centre or dialer request without status as a dialer error', () => {
    expect(chooseErrorMessage(new ApiError(0, null, 'Network error', '/services/communication/api/v1/slots/'))).toBe(NETWORK_ERROR_MESSAGE);
    expect(chooseErrorMessage(new ApiError(0, null, 'Network error', '/accounts/api/v1/reporting_check/'))).toBe(NETWORK_ERROR_MESSAGE);
    expect(NETWORK_ERROR_MESSAGE).toBe('Error response from dialer');
  });
  it('reports any other request without status in plain words, not as the dialer', () => {
    expect(chooseErrorMessage(new ApiError(0, null, 'Network error', '/api/reports/13/'))).toBe(
      'Dossier could not be reached. Check your connection and try again.',
    );
    expect(chooseErrorMessage(new ApiError(0, null))).toBe(OFFLINE_MESSAGE);
    expect(chooseErrorMessage(new TypeError('Failed to fetch'))).toBe(OFFLINE_MESSAGE);
  });
  it('shows the whole body otherwise, when it is readable text', () => {
    expect(chooseErrorMessage(new ApiError(404, { message: 'gone' }))).toEqual({ message: 'gone' });
    expect(chooseErrorMessage(new ApiError(502, 'Bad gateway'))).toBe('Bad gateway');
  });
  it('never shows an HTML error page: a sentence for its status instead', () => {
    const page =
      '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
    expect(chooseErrorMessage(new ApiError(502, page))).toBe(
      'Dossier is not answering right now (it may be starting or restarting). Try again in a moment.',
    );
    expect(chooseErrorMessage(new ApiError(500, '<!DOCTYPE html><p>Internal Server Error</p>'))).toBe(
      'Something went wrong on the server (error 500). Try again; if it goes on, tell the support team.',
    );
  });
  it('never yields an empty message', () => {
    expect(chooseErrorMessage(new ApiError(500, null))).toBe(
      'Something went wrong on the server (error 500). Try again; if it goes on, tell the support team.',
    );
  });
  it('uses the message of other errors', () => {
    expect(chooseErrorMessage(new Error('boom'))).toBe('boom');
  });
});

describe('errorText', () => {
  it('returns the chosen text for inline display', () => {
    expect(errorText(new ApiError(429, { error: 'Too many sign-in attempts. Try again in 30 seconds.' }))).toBe(
      'Too many sign-in attempts. Try again in 30 seconds.',
    );
  });
  it('writes object messages as lines of words, not JSON', () => {
    expect(errorText(new ApiError(400, { detail: { username: ['Required'] } }))).toBe('username: Required');
  });
});
