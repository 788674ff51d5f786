import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { chooseErrorMessage, errorText, NETWORK_ERROR_MESSAGE } from './error-message';

describe('chooseErrorMessage (001 §8 order)', () => {
  it('prefers the error field', () => {
    expect(chooseErrorMessage(new ApiError(400, { error: 'Bad input', detail: { a: 1 } }))).toBe('Bad input');
  });
  it('falls back to detail', () => {
    expect(chooseErrorMessage(new ApiError(403, { detail: { reason: 'no' } }))).toEqual({ reason: 'no' });
  });
  it('reports a request without status as a dialer error', () => {
    expect(chooseErrorMessage(new ApiError(0, null))).toBe(NETWORK_ERROR_MESSAGE);
    expect(NETWORK_ERROR_MESSAGE).toBe('Error response from dialer');
  });
  it('shows the whole body otherwise', () => {
    expect(chooseErrorMessage(new ApiError(404, { message: 'gone' }))).toEqual({ message: 'gone' });
    expect(chooseErrorMessage(new ApiError(502, 'Bad gateway'))).toBe('Bad gateway');
  });
  it('never yields an empty message', () => {
    expect(chooseErrorMessage(new ApiError(500, null))).toBe('Request failed with status 500');
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
  it('serialises object messages', () => {
    expect(errorText(new ApiError(400, { detail: { username: ['Required'] } }))).toBe('{"username":["Required"]}');
  });
});
