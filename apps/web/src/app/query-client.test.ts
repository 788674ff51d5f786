import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('never retries answers from the server', () => {
    expect(shouldRetry(0, new ApiError(401, null))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, null))).toBe(false);
    expect(shouldRetry(0, new ApiError(500, null))).toBe(false);
  });
  it('retries a dropped connection once', () => {
    expect(shouldRetry(0, new ApiError(0, null))).toBe(true);
    expect(shouldRetry(1, new ApiError(0, null))).toBe(false);
  });
});
